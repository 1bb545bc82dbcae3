@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Foundation
import Testing

@Suite("The .perArguments lifetime: how many instances it keeps, and releasing them")
struct PerArgumentsBoundTests {
    @Test("at the bound, a new value evicts an instance no resolve found since, and releases it", arguments: backends)
    func boundEvictsAndReleases(backend: Box.Backend) {
        let box = Box(backend: backend)
        let made = Counter()
        box.register(Tracked.self, life: .perArguments, maximumInstances: 2) { (_: Resolver, value: Int) in
            made.increment()
            return Tracked(value)
        }
        let first = WeakReference(box.resolve(Tracked.self, arguments: 1))
        let second = box.resolve(Tracked.self, arguments: 2)
        #expect(box.resolve(Tracked.self, arguments: 2) === second)  // found: spared by the next eviction
        _ = box.resolve(Tracked.self, arguments: 3)
        #expect(first.object == nil)
        #expect(box.resolve(Tracked.self, arguments: 2) === second)
        #expect(made.count == 3)
        _ = box.resolve(Tracked.self, arguments: 1)
        #expect(made.count == 4)
    }

    @Test("an open set of values keeps at most the bound's instances", arguments: backends)
    func boundHoldsForManyValues(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(Tracked.self, life: .perArguments, maximumInstances: 10) { (_: Resolver, value: Int) in
            Tracked(value)
        }
        let instances = (0..<200).map { WeakReference(box.resolve(Tracked.self, arguments: $0)) }
        #expect(instances.filter { $0.object != nil }.count == 10)
    }

    @Test("an argument equal to nothing makes a new instance on every resolve, within the bound", arguments: backends)
    func notANumberMakesANewInstanceEachTime(backend: Box.Backend) {
        let box = Box(backend: backend)
        let made = Counter()
        box.register(Tracked.self, life: .perArguments, maximumInstances: 3) { (_: Resolver, value: Double) in
            Tracked(made.increment())
        }
        let instances = (0..<10).map { _ in WeakReference(box.resolve(Tracked.self, arguments: Double.nan)) }
        #expect(made.count == 10)
        #expect(instances.filter { $0.object != nil }.count == 3)
        #expect(box.resolve(Tracked.self, arguments: 0.0) === box.resolve(Tracked.self, arguments: -0.0))
    }

    @Test("a bound on any lifetime but .perArguments stops the program")
    func boundNeedsPerArguments() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            Box().register(Tracked.self, life: .permanent, maximumInstances: 5) { (_: Resolver, value: Int) in
                Tracked(value)
            }
        }
        #expect(
            standardError(of: result).contains(
                "BoxKit: BoxKitTests.Tracked[arguments: (Swift.Int)] is registered with life: .permanent and "
                    + "maximumInstances, which bounds only the instances a .perArguments registration keeps."))
    }

    @Test("a bound below one stops the program")
    func boundBelowOne() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            Box().register(Tracked.self, life: .perArguments, maximumInstances: 0) { (_: Resolver, value: Int) in
                Tracked(value)
            }
        }
        #expect(
            standardError(of: result).contains(
                "BoxKit: BoxKitTests.Tracked[arguments: (Swift.Int)] is registered with maximumInstances: 0; keep "
                    + "at least 1."))
    }

    @Test("reset, unregister and clear release every value's instance", arguments: backends)
    func removalReleasesInstances(backend: Box.Backend) {
        for remove in [
            { (box: Box) in _ = box.reset() },
            { (box: Box) in _ = box.unregister(Tracked.self, arguments: Int.self) },
            { (box: Box) in box.clear() },
        ] {
            let box = Box(backend: backend)
            box.register(Tracked.self, life: .perArguments) { (_: Resolver, value: Int) in Tracked(value) }
            let instances = (0..<20).map { WeakReference(box.resolve(Tracked.self, arguments: $0)) }
            remove(box)
            #expect(instances.allSatisfy { $0.object == nil })
        }
    }
}
