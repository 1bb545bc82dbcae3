import BoxKit
import Foundation
import Testing

/// An instance whose `deinit` runs user code that calls back into BoxKit.
private final class CallsBack: @unchecked Sendable {
    let onDeinit: () -> Void
    init(_ onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
    deinit { onDeinit() }
}

@Suite("Boxes are released outside BoxKit's locks")
struct ReleaseOutsideLocksTests {
    @Test("replacing Box.shared releases the old box after unlocking: its instances' deinit may read Box.shared")
    func replacingTheSharedBox() async {
        await #expect(processExitsWith: .success) {
            func install() {
                let box = Box()
                box.register(life: .permanent) { CallsBack { _ = Box.shared.isRegistered(Int.self) } }
                _ = box.resolve(CallsBack.self)
                Box.shared = box
            }
            install()
            let replaced = returnsWithin(seconds: 30) { Box.shared = Box() }
            exit(replaced ? 0 : 1)
        }
    }

    @Test("reusing a child's key releases the old child after unlocking: its instances may use the parent")
    func reusingAChildKey() {
        let parent = Box()
        func makeChild() {
            let child = parent.newChildBox(forKey: "session")
            child.register(life: .permanent) { CallsBack { _ = parent.childBox(forKey: "session") } }
            _ = child.resolve(CallsBack.self)
        }
        makeChild()
        #expect(returnsWithin(seconds: 30) { parent.newChildBox(forKey: "session") })
    }

    @Test("removeChildBox(forKey:) removes the child, returns it, and the parent no longer keeps it")
    func removingAChild() {
        let parent = Box()
        let deinitUsedParent = Mutexed(false)
        let child = Mutexed<Box?>(parent.newChildBox(forKey: "session"))
        child.value?.register(life: .permanent) {
            CallsBack {
                _ = parent.childBox(forKey: "session")
                deinitUsedParent.mutate { $0 = true }
            }
        }
        _ = child.value?.resolve(CallsBack.self)
        let removed = WeakReference(child.value)

        #expect(parent.removeChildBox(forKey: "session") === removed.object)
        #expect(parent.childBox(forKey: "session") == nil)
        #expect(parent.removeChildBox(forKey: "session") == nil, "nothing left to remove")
        #expect(removed.object != nil, "the caller still holds it")
        #expect(returnsWithin(seconds: 30) { child.mutate { $0 = nil } })
        #expect(removed.object == nil, "released once the caller let go")
        #expect(deinitUsedParent.value)
    }

    @Test("a chain of 50,000 nested child boxes is counted, cleared and released without recursing")
    func deepChildChain() async {
        await #expect(processExitsWith: .success) {
            weak var deepest: Box?
            do {
                let root = Box()
                var box = root
                for _ in 0..<50_000 {
                    box = box.newChildBox(forKey: "child")
                    box.register { Engine() }
                }
                deepest = box
                guard root.childServiceCount == 50_000 else { exit(2) }
                root.clearAll()
                guard root.childServiceCount == 0 else { exit(3) }
            }
            exit(deepest == nil ? 0 : 1)
        }
    }
}
