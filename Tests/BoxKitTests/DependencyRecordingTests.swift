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

    /// A first creation's dependencies wait in its thread's buffer until it ends; handing them over releases
    /// what the buffer held, which may be the last reference to a registration replaced meanwhile. The
    /// instance that goes with it here resolves a hundred services as it is released, recording them for the
    /// enclosing first creation: the buffer grows (moves) while the hand-over still has edges to release.
    @Test("a registration released while a creation hands its dependencies over may resolve", arguments: backends)
    func releasingDuringHandOverMayResolve(backend: Box.Backend) {
        let box = Box(backend: backend)
        for index in 0..<100 { box.register(key: "\(index)") { Engine(cylinders: index) } }
        box.register(life: .permanent) { r in
            Announcer { for index in 0..<100 { _ = r.resolve(Engine.self, key: "\(index)") } }
        }
        box.register { r in
            _ = r.resolve(Announcer.self)
            _ = r.resolve(Car.self)
            r.register(life: .permanent) { Announcer {} }  // replaces the registration just resolved
            return Stage()
        }
        box.register { Car() }
        box.register { r in Theatre(stage: r.resolve(), car: r.resolve()) }
        for _ in 0..<3 { _ = box.resolve(Theatre.self) }
        box._reclaimRetired()
        let edges = box.dependencyGraph().edges
        #expect(edges.contains(.init(from: "BoxKitTests.Theatre", to: "BoxKitTests.Stage")))
        #expect(edges.contains(.init(from: "BoxKitTests.Theatre", to: "BoxKitTests.Car")))
        #expect(edges.contains(.init(from: "BoxKitTests.Stage", to: "BoxKitTests.Announcer")))
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
        onThreads(8) { index in
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

    /// Most creations' batches share a slab; one too large for a shared slab gets a slab of its own.
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
