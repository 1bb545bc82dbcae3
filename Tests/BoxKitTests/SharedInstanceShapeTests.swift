@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Testing

// A registration keeps its shared instance as a reference to it when the service is a class, and to an object
// holding it otherwise (a struct, an existential): both shapes must give back the one instance made and
// release it with the registration. (Class-bound existentials: ReadyObjectTests.)

/// A value that is not one class reference and holds a tracked object.
private struct Parked {
    let tracked: Tracked
    let bay: Int
}

/// A protocol that is not class-bound: its existential holds a value in an inline buffer of three words.
private protocol Parkable {
    var tracked: Tracked { get }
}

extension Parked: Parkable {}

/// A non-final class: `any Keeper & Sendable` is one reference wide, but whether it counts as one class
/// reference is answered differently by an optimised build's folded cast and by the runtime.
private class Keeper {
    let id: Int
    init(id: Int) { self.id = id }
}

private final class SendableKeeper: Keeper, @unchecked Sendable {}

@Suite("Shared instances that are not one class reference")
struct SharedInstanceShapeTests {
    @Test("a permanent struct keeps the objects it was made with", arguments: backends)
    func permanentStructKeepsItsObjects(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(life: .permanent) { Parked(tracked: Tracked(1), bay: 7) }
        let first = box.resolve() as Parked
        let second = box.resolve() as Parked
        #expect(first.tracked === second.tracked)
        #expect(second.bay == 7)
    }

    @Test("a permanent existential of a non-class-bound protocol is one instance", arguments: backends)
    func permanentExistentialIsOneInstance(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(life: .permanent) { Parked(tracked: Tracked(2), bay: 1) as any Parkable }
        #expect((box.resolve() as any Parkable).tracked === (box.resolve() as any Parkable).tracked)
    }

    @Test("threads resolving a permanent struct at once all get the one instance", arguments: backends)
    func threadsShareOnePermanentStruct(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(life: .permanent) { Parked(tracked: Tracked(9), bay: 8) }
        #expect(distinctObjects(onThreads: 8) { _ in (box.resolve() as Parked).tracked } == 1)
    }

    @Test("a permanent struct whose factory threw is made and kept by the next resolve", arguments: backends)
    func permanentStructAfterAThrow(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        let attempts = Counter()
        box.register(life: .permanent) { () throws -> Parked in
            if attempts.increment() == 1 { throw DiskFull() }
            return Parked(tracked: Tracked(10), bay: 9)
        }
        #expect(throws: BoxError.self) { try box.tryResolve(Parked.self) }
        let made = try box.tryResolve(Parked.self)
        #expect(box.resolve(Parked.self).tracked === made.tracked)
        #expect(attempts.count == 2)
    }

    @Test(
        "a one-word existential is one instance whether a specialised resolve or service(_:) makes it",
        arguments: backends, [true, false])
    func oneWordExistentialAcrossCompiledCode(backend: Box.Backend, resolveFirst: Bool) {
        // The resolves here are specialised in this module; `service(_:)` and `verify()` make or read the
        // instance in BoxKit's generic code. In an optimised build the two disagree on how it is kept (a debug
        // build cannot show it; `swift test -c release` can). Resolved first, it is kept in a cell, and the generic
        // reads must take it so; made through `service(_:)` first, it is kept as itself and published as the
        // ready object, which the resolves must return as the service.
        let box = Box(backend: backend)
        let registration = box.register((any Keeper & Sendable).self, life: .permanent) { SendableKeeper(id: 42) }
        var resolved: (any Keeper & Sendable)?
        if resolveFirst { resolved = box.resolve((any Keeper & Sendable).self) }
        let throughHandle = registration.service(box) as? Keeper
        let resolvedAfter = box.resolve((any Keeper & Sendable).self)
        #expect(throughHandle.map(ObjectIdentifier.init) == ObjectIdentifier(resolvedAfter))
        if let resolved { #expect(ObjectIdentifier(resolved) == ObjectIdentifier(resolvedAfter)) }
        #expect(throughHandle?.id == 42)
        #expect(resolvedAfter.id == 42)
        #expect(box.verify().isEmpty)
    }

    @Test("clear releases a permanent struct and an existential", arguments: backends)
    func clearReleasesStructAndExistential(backend: Box.Backend) {
        let box = Box(backend: backend)
        weak var inStruct: Tracked?
        weak var inExistential: Tracked?
        do {
            box.register(life: .permanent) { Parked(tracked: Tracked(3), bay: 2) }
            box.register(life: .permanent) { Parked(tracked: Tracked(4), bay: 3) as any Parkable }
            inStruct = (box.resolve() as Parked).tracked
            inExistential = (box.resolve() as any Parkable).tracked
        }
        #expect(inStruct != nil && inExistential != nil)
        box.clear()
        #expect(eventuallyReleased(box) { inStruct == nil && inExistential == nil })
    }

    @Test("reset releases a permanent struct, and the next resolve makes another", arguments: backends)
    func resetReleasesStruct(backend: Box.Backend) {
        let box = Box(backend: backend)
        weak var dropped: Tracked?
        let made = Counter()
        box.register(life: .permanent) { Parked(tracked: Tracked(made.increment()), bay: 1) }
        do {
            dropped = (box.resolve() as Parked).tracked
        }
        #expect(box.reset() == 1)
        #expect((box.resolve() as Parked).tracked.id == 2)
        #expect(eventuallyReleased(box) { dropped == nil })
    }

    @Test("re-registering releases the replaced permanent struct", arguments: backends)
    func reRegisteringReleasesReplacedStruct(backend: Box.Backend) {
        let box = Box(backend: backend)
        weak var replaced: Tracked?
        do {
            box.register(life: .permanent) { Parked(tracked: Tracked(5), bay: 4) }
            replaced = (box.resolve() as Parked).tracked
        }
        box.register(life: .permanent) { Parked(tracked: Tracked(6), bay: 5) }
        #expect((box.resolve() as Parked).tracked.id == 6)
        #expect(eventuallyReleased(box) { replaced == nil })
    }

    @Test("unregistering a permanent struct made from runtime arguments releases it", arguments: backends)
    func unregisteringArgumentStructReleasesIt(backend: Box.Backend) {
        let box = Box(backend: backend)
        weak var instance: Tracked?
        do {
            box.register(Parked.self, life: .permanent) { (_: Resolver, bay: Int) in
                Parked(tracked: Tracked(7), bay: bay)
            }
            let first = box.resolve(Parked.self, arguments: 9)
            #expect(box.resolve(Parked.self, arguments: 10).tracked === first.tracked)
            #expect(first.bay == 9)
            instance = first.tracked
        }
        #expect(box.unregister(Parked.self, arguments: Int.self))
        #expect(eventuallyReleased(box) { instance == nil })
    }

    @Test("clear releases an async permanent struct", arguments: backends)
    func clearReleasesAsyncStruct(backend: Box.Backend) async {
        let box = Box(backend: backend)
        weak var instance: Tracked?
        do {
            box.register(life: .permanent) { () async -> Parked in Parked(tracked: Tracked(8), bay: 6) }
            let first = await box.resolveAsync(Parked.self)
            #expect(await box.resolveAsync(Parked.self).tracked === first.tracked)
            instance = first.tracked
        }
        box.clear()
        #expect(eventuallyReleased(box) { instance == nil })
    }
}
