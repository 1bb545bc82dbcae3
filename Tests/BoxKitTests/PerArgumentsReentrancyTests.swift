@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Foundation
import Testing

/// A node of a tree that a `.perArguments` factory builds by resolving its own registration.
final class TreeNode {
    let depth: Int
    let child: TreeNode?
    init(depth: Int, child: TreeNode?) {
        self.depth = depth
        self.child = child
    }
}

@Suite("The .perArguments lifetime: the arguments' code and factories that resolve their registration")
struct PerArgumentsReentrancyTests {
    @Test("an argument's hash may resolve its registration with another value", arguments: backends)
    func hashResolvesAnotherValue(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        let hooks = KeyHooks()
        box.register(Tracked.self, life: .perArguments) { (_: Resolver, key: HookedKey) in Tracked(key.id) }
        let nested = Mutexed<Result<Tracked, BoxError>?>(nil)
        hooks.whenHashing { id in
            guard id == 1 else { return }
            let other = Result { () throws(BoxError) in
                try box.tryResolve(Tracked.self, arguments: HookedKey(2, hooks: hooks))
            }
            nested.mutate { $0 = $0 ?? other }
        }
        let first = try box.tryResolve(Tracked.self, arguments: HookedKey(1, hooks: hooks))
        #expect(first.id == 1)
        let other = try #require(try nested.value?.get())
        #expect(other.id == 2)
        #expect(try box.tryResolve(Tracked.self, arguments: HookedKey(2, hooks: hooks)) === other)
    }

    @Test("an argument's == may resolve its registration with another value", arguments: backends)
    func equalityResolvesAnotherValue(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        let hooks = KeyHooks()
        box.register(Tracked.self, life: .perArguments) { (_: Resolver, key: HookedKey) in Tracked(key.id) }
        let first = box.resolve(Tracked.self, arguments: HookedKey(1, hooks: hooks))
        let nested = Mutexed<Result<Tracked, BoxError>?>(nil)
        hooks.whenComparing { id in
            guard id == 1 else { return }
            let other = Result { () throws(BoxError) in
                try box.tryResolve(Tracked.self, arguments: HookedKey(2, hooks: hooks))
            }
            nested.mutate { $0 = $0 ?? other }
        }
        #expect(try box.tryResolve(Tracked.self, arguments: HookedKey(1, hooks: hooks)) === first)
        #expect(try #require(try nested.value?.get()).id == 2)
    }

    @Test("a factory may resolve its own registration with another value", arguments: backends)
    func factoryResolvesAnotherValue(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register(TreeNode.self, life: .perArguments) { (r: Resolver, depth: Int) in
            TreeNode(depth: depth, child: depth == 0 ? nil : r.resolve(TreeNode.self, arguments: depth - 1))
        }
        let root = try box.tryResolve(TreeNode.self, arguments: 3)
        #expect(root.child?.child?.child?.depth == 0)
        #expect(box.resolve(TreeNode.self, arguments: 1) === root.child?.child)
    }

    @Test("a factory that resolves its own value is a cycle", arguments: backends)
    func factoryResolvesItsOwnValue(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        let nested = Mutexed<BoxError?>(nil)
        box.register(Tracked.self, life: .perArguments) { (r: Resolver, value: Int) in
            let again = Result { () throws(BoxError) in try r.tryResolve(Tracked.self, arguments: value) }
            if case .failure(let error) = again { nested.mutate { $0 = error } }
            return Tracked(value)
        }
        _ = box.resolve(Tracked.self, arguments: 7)
        #expect(nested.value?.reason == .cycle)
    }

    @Test("a hook that resolves its own value gets the instance it runs on", arguments: backends)
    func hookResolvesItsOwnValue(backend: Box.Backend) {
        let box = Box(backend: backend)
        let seen = Mutexed<Tracked?>(nil)
        box.register(Tracked.self, life: .perArguments) { (_: Resolver, value: Int) in Tracked(value) }
            .onInitialised { r, service in
                let tracked = service as! Tracked
                seen.mutate { $0 = r.resolve(Tracked.self, arguments: tracked.id) }
            }
        let made = box.resolve(Tracked.self, arguments: 4)
        #expect(seen.value === made)
    }
}
