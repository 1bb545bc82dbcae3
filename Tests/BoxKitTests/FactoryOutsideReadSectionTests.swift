@_spi(Baseline) import BoxKitTestSupport
import Foundation
import Testing

@_spi(Baseline) @testable import BoxKit

/// Counts its own releases: a `deinit` observed means BoxKit let go of it.
private final class Released: @unchecked Sendable {
    let count: Mutexed<Int>
    init(_ count: Mutexed<Int>) { self.count = count }
    deinit { count.mutate { $0 += 1 } }
}

private final class Slow {}

/// A factory that runs on a thread of its own until the test lets it return.
private final class BlockedFactory: @unchecked Sendable {
    private let entered = DispatchSemaphore(value: 0)
    private let mayReturn = DispatchSemaphore(value: 0)
    private let returned = DispatchSemaphore(value: 0)

    /// Registers `Slow` in `box` (with `life`) so that its factory blocks, and starts resolving it on a new
    /// thread; returns once the factory is running. `captured` is kept by the factory closure.
    init(in box: Box, life: LifeType = .transient, capturing captured: AnyObject? = nil) {
        box.register(Slow.self, life: life) { [entered, mayReturn] _ in
            withExtendedLifetime(captured) {
                entered.signal()
                _ = mayReturn.wait(timeout: .now() + 30)
                return Slow()
            }
        }
        Thread { [returned] in
            _ = box.resolve(Slow.self)
            returned.signal()
        }.start()
        entered.wait()
    }

    /// Lets the factory return; whether its resolve returned within 30 s.
    func finish() -> Bool {
        mayReturn.signal()
        return returned.wait(timeout: .now() + 30) == .success
    }
}

@Suite("Factories run outside BoxKit's read sections")
struct FactoryOutsideReadSectionTests {
    @Test(
        "replacing a registration while a factory runs elsewhere releases the old instance before returning",
        arguments: backends)
    func replaceWhileAFactoryRuns(backend: Box.Backend) {
        let box = Box(backend: backend)
        let releases = Mutexed(0)
        box.register(life: .permanent) { Released(releases) }
        _ = box.resolve(Released.self)
        let other = Box(backend: backend)
        let slow = BlockedFactory(in: other)

        box.register(life: .permanent) { Engine() }
        box.register(life: .permanent) { Released(releases) }

        #expect(releases.value == 1, "a running factory holds no read section that keeps it")
        #expect(slow.finish())
    }

    @Test(
        "clear() while a factory runs elsewhere releases the cleared instances before it returns",
        arguments: backends)
    func clearWhileAFactoryRuns(backend: Box.Backend) {
        let box = Box(backend: backend)
        let releases = Mutexed(0)
        box.register(key: "one", life: .permanent) { Released(releases) }
        box.register(key: "two", life: .permanent) { Released(releases) }
        _ = box.resolve(Released.self, key: "one")
        _ = box.resolve(Released.self, key: "two")
        let slow = BlockedFactory(in: Box(backend: backend))

        box.clear()

        #expect(releases.value == 2)
        #expect(slow.finish())
    }

    @Test(
        "a registration replaced while its own factory runs stays whole, and is released after it returns",
        arguments: backends)
    func replacedDuringItsOwnFactory(backend: Box.Backend) {
        let box = Box(backend: backend)
        let releases = Mutexed(0)
        let slow = BlockedFactory(in: box, life: .permanent, capturing: Released(releases))

        box.register(Slow.self) { Slow() }
        #expect(releases.value == 0, "the running factory's registration is held until it returns")

        #expect(slow.finish())
        box.register(life: .transient) { Engine() }  // the next write collects it
        #expect(releases.value == 1)
        #expect(box.resolve(Slow.self) !== box.resolve(Slow.self), "the replacement is in place")
    }

    @Test("retired registrations do not pile up while a factory runs for a long time")
    func retiredStaysBoundedDuringASlowFactory() throws {
        let box = Box()
        let slow = BlockedFactory(in: Box())
        for _ in 0..<20_000 { box.register { Engine() } }
        let stats = try #require(box._tableStatistics as _TableStatistics?)
        #expect(stats.retired == 0, "each replaced registration was released by the write that replaced it")
        #expect(slow.finish())
    }

    @Test("a factory may clear and re-register its own box while it runs", arguments: backends)
    func factoryWritesItsOwnBox(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(life: .permanent) { Engine() }
        box.register { r in
            r.clear()
            r.register(life: .permanent) { Engine(cylinders: 8) }
            return Car(engine: r.resolve())
        }
        let made = Mutexed<Car?>(nil)
        #expect(returnsWithin(seconds: 30) { made.mutate { $0 = box.resolve(Car.self) } })
        #expect(made.value?.engine.cylinders == 8)
        #expect(box.registeredServiceCount == 1)
    }
}
