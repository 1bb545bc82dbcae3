@_spi(Baseline) import BoxKitTestSupport
import Foundation
import Testing

@_spi(Baseline) @testable import BoxKit

/// Something a factory may ask for and find missing.
final class Radio {}

/// A service whose instance, when released, resolves from the box it came from.
final class Announcer {
    let onRelease: () -> Void
    init(onRelease: @escaping () -> Void) { self.onRelease = onRelease }
    deinit { onRelease() }
}

final class Stage {}

final class Theatre {
    let stage: Stage
    let car: Car
    init(stage: Stage, car: Car) {
        self.stage = stage
        self.car = car
    }
}

@Suite("Dependency recording")
struct DependencyRecordingTests {
    @Test("a dependency missed on every resolve is recorded once", arguments: backends)
    func repeatedMissesAreRecordedOnce(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { r in Car(name: (try? r.tryResolve(Radio.self)) == nil ? "no radio" : "radio") }
        for _ in 0..<10_000 { _ = box.resolve(Car.self) }
        #expect(box._dependencyBatches(of: Car.self) == 1)
        #expect(box.dependencyGraph().edges == [.init(from: "BoxKitTests.Car", to: "BoxKitTests.Radio")])
    }

    @Test("a service resolved twice by one creation, with another between, is recorded once", arguments: backends)
    func repeatsApartAreRecordedOnce(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(life: .permanent) { Engine() }
        box.register { Car() }
        box.register { r in
            let car: Car = r.resolve()
            _ = r.resolve() as Engine
            _ = r.resolve() as Car
            return Workshop(car: car)
        }
        _ = box.resolve() as Workshop
        #expect(box.dependencyGraph().edges == edgesOfAWorkshopThatResolvedACarThenAnEngine)
        #expect(box._dependencyEntries(of: Workshop.self) == 2)
    }

    /// A first creation's dependencies wait in its thread's buffer until it ends; handing them over releases
    /// what the buffer held, which may be the last reference to a registration replaced meanwhile. The
    /// instance that goes with it here resolves a hundred services as it is released, recording them for the
    /// enclosing first creation: the buffer grows (moves) while the hand-over still has edges to release. The
    /// Announcer is keyed: the buffer holds a registration with a key (a plain one is recorded as its type).
    @Test("a registration released while a creation hands its dependencies over may resolve", arguments: backends)
    func releasingDuringHandOverMayResolve(backend: Box.Backend) {
        let box = Box(backend: backend)
        for index in 0..<100 { box.register(key: "\(index)") { Engine(cylinders: index) } }
        box.register(key: "announcer", life: .permanent) { r in
            Announcer { for index in 0..<100 { _ = r.resolve(Engine.self, key: "\(index)") } }
        }
        box.register { r in
            _ = r.resolve(Announcer.self, key: "announcer")
            _ = r.resolve(Car.self)
            r.register(key: "announcer", life: .permanent) { Announcer {} }  // replaces the one just resolved
            return Stage()
        }
        box.register { Car() }
        box.register { r in Theatre(stage: r.resolve(), car: r.resolve()) }
        for _ in 0..<3 { _ = box.resolve(Theatre.self) }
        box._reclaimRetired()
        let edges = box.dependencyGraph().edges
        #expect(edges.contains(.init(from: "BoxKitTests.Theatre", to: "BoxKitTests.Stage")))
        #expect(edges.contains(.init(from: "BoxKitTests.Theatre", to: "BoxKitTests.Car")))
        #expect(edges.contains(.init(from: "BoxKitTests.Stage", to: "BoxKitTests.Announcer[key: \"announcer\"]")))
        #expect(edges.contains(.init(from: "BoxKitTests.Stage", to: "BoxKitTests.Car")))
    }

    /// A first creation's dependencies are carved from its thread's slab, which that thread gives up when it
    /// ends; the registrations keep what they recorded.
    @Test("dependencies recorded on threads that have ended stay readable", arguments: backends)
    func dependenciesOutliveTheirThreads(backend: Box.Backend) {
        let boxes = (0..<8).map { _ in Box(backend: backend) }
        for box in boxes {
            box.register { Engine() }
            box.register(key: "V8") { Engine(cylinders: 8) }
            box.register { r in Car(engine: r.resolve(), name: (try? r.tryResolve(Radio.self)) == nil ? "" : "r") }
            box.register { r in
                Theatre(stage: Stage(), car: Car(engine: r.resolve(Engine.self, key: "V8"), name: ""))
            }
        }
        onJoinedThreads(8) { index in
            _ = boxes[index].resolve(Car.self)
            _ = boxes[index].resolve(Theatre.self)
        }
        for box in boxes {
            #expect(
                box.dependencyGraph().edges == [
                    .init(from: "BoxKitTests.Car", to: "BoxKitTests.Engine"),
                    .init(from: "BoxKitTests.Car", to: "BoxKitTests.Radio"),
                    .init(from: "BoxKitTests.Theatre", to: "BoxKitTests.Engine[key: \"V8\"]"),
                ])
        }
    }

    /// Most creations' batches share their thread's slab; one of more than a quarter of a slab (here 302
    /// words) always gets a slab of its own.
    @Test("a creation that resolves hundreds of services records every one, in order", arguments: backends)
    func largeCreationsRecordEverything(backend: Box.Backend) {
        let box = Box(backend: backend)
        for index in 0..<300 { box.register(key: "\(index)") { Engine(cylinders: index) } }
        box.register { r in
            Car(name: String((0..<300).map { r.resolve(Engine.self, key: "\($0)").cylinders }.reduce(0, +)))
        }
        box.register { Stage() }
        for _ in 0..<100 { _ = box.resolve(Stage.self) }  // first creations with nothing to record
        _ = box.resolve(Car.self)
        let edges = box.dependencyGraph().edges.filter { $0.from == "BoxKitTests.Car" }
        #expect(edges.map(\.to) == (0..<300).map { "BoxKitTests.Engine[key: \"\($0)\"]" })
    }

    /// Releasing a box releases what its registrations recorded, wherever it was carved from, while the
    /// registrations of boxes still alive keep theirs.
    @Test("the dependencies of released boxes go, and those of live ones stay", arguments: backends)
    func releasedBoxesReleaseTheirDependencies(backend: Box.Backend) {
        let kept = Box(backend: backend)
        kept.register { Engine() }
        kept.register { r in Car(engine: r.resolve(), name: "") }
        for round in 0..<200 {
            let box = Box(backend: backend)
            box.register { Engine() }
            box.register { r in Car(engine: r.resolve(), name: "\(round)") }
            _ = box.resolve(Car.self)
            if round == 100 { _ = kept.resolve(Car.self) }
        }
        #expect(kept.dependencyGraph().edges == [.init(from: "BoxKitTests.Car", to: "BoxKitTests.Engine")])
    }
}

/// The work of one thread `onJoinedThreads` starts.
private final class ThreadWork {
    let index: Int
    let body: @Sendable (Int) -> Void
    init(index: Int, body: @escaping @Sendable (Int) -> Void) {
        self.index = index
        self.body = body
    }
}

/// Runs `body(index)` on `count` threads of their own, at once, and returns once every one has ended (joined),
/// so that what a thread gives up as it ends, its reader record and its slab among them, has been given up.
private func onJoinedThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    #if canImport(Darwin)
        var threads: [pthread_t?] = []
    #else
        var threads: [pthread_t] = []
    #endif
    for index in 0..<count {
        let work = Unmanaged.passRetained(ThreadWork(index: index, body: body)).toOpaque()
        #if canImport(Darwin)
            var thread: pthread_t?
        #else
            var thread = pthread_t()
        #endif
        let created = pthread_create(
            &thread, nil,
            { context in
                // `context` is optional on some platforms and not on others: its bits serve both.
                let pointer = UnsafeRawPointer(bitPattern: UInt(bitPattern: context)).unsafelyUnwrapped
                let work = Unmanaged<ThreadWork>.fromOpaque(pointer).takeRetainedValue()
                work.body(work.index)
                return nil
            }, work)
        precondition(created == 0, "pthread_create failed")
        threads.append(thread)
    }
    #if canImport(Darwin)
        for thread in threads { pthread_join(thread!, nil) }
    #else
        for thread in threads { pthread_join(thread, nil) }
    #endif
}
