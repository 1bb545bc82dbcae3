@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Foundation
import Testing

/// A global actor of the tests' own, beside the main actor.
@globalActor actor Paintshop {
    static let shared = Paintshop()
}

/// A service isolated to the main actor. Made anywhere else, it stops the test process.
@MainActor final class MapView {
    let title: String

    init(title: String = "home") {
        MainActor.preconditionIsolated("a main-actor-isolated service was made off the main actor")
        self.title = title
    }
}

/// A service isolated to `Paintshop`.
@Paintshop final class Lathe {
    let serial: Int

    init(serial: Int) {
        Paintshop.shared.preconditionIsolated("a Paintshop-isolated service was made off its actor")
        self.serial = serial
    }
}

/// A global actor whose executor is a thread of its own: a test may block it without taking a slot of the
/// task pool. Only `replacedDuringHop` queues work on it while it is blocked, and counts what is queued.
@globalActor actor Kilnworks {
    static let shared = Kilnworks()
    static let executor = ThreadExecutor(name: "Kilnworks")
    nonisolated var unownedExecutor: UnownedSerialExecutor { Self.executor.asUnownedSerialExecutor() }
}

/// A global actor whose `shared` is a new actor each time: a mistake registration reports.
@globalActor actor Fickle {
    static var shared: Fickle { Fickle() }
}

/// A service isolated to `Kilnworks`.
@Kilnworks final class Kiln {
    let serial: Int

    init(serial: Int) { self.serial = serial }
}

/// Registers `MapView` and `Lathe` from nonisolated code, as an app's setup does.
private func registerIsolatedServices(in box: Box, life: LifeType = .transient, made: Counter = Counter()) {
    let title = "captured"
    box.register(life: life, isolatedTo: MainActor.self) { @MainActor in
        made.increment()
        return MapView(title: title)
    }
    box.register(life: life, isolatedTo: Paintshop.self) { @Paintshop r in Lathe(serial: 7) }
}

@Suite("Actor-isolated registrations")
struct IsolationTests {
    @Test("a main-actor service resolves synchronously on the main actor", arguments: backends)
    @MainActor func resolvesOnMainActor(backend: Box.Backend) {
        let box = Box(backend: backend)
        registerIsolatedServices(in: box)
        let screen: MapView = box.resolve()
        #expect(screen.title == "captured")
    }

    @Test("a service isolated to a global actor of your own resolves synchronously on that actor", arguments: backends)
    @Paintshop func resolvesOnGlobalActor(backend: Box.Backend) {
        let box = Box(backend: backend)
        registerIsolatedServices(in: box)
        #expect(box.resolve(Lathe.self).serial == 7)
    }

    @Test("an async resolve from a detached task hops to the service's actor", arguments: backends)
    func asyncResolveHops(backend: Box.Backend) async {
        let box = Box(backend: backend)
        registerIsolatedServices(in: box)
        let (title, serial) = await Task.detached {
            let screen = await box.resolveAsync(MapView.self)
            let lathe = await box.resolveAsync(Lathe.self)
            return (screen.title, lathe.serial)
        }.value
        #expect(title == "captured")
        #expect(serial == 7)
    }

    /// The cases run one at a time: the wait counts every job queued on `Kilnworks`, so it must see only this
    /// case's.
    @Test(
        "an async resolve whose registration is replaced while it hops resolves the replacement", .serialized,
        arguments: backends)
    func replacedDuringHop(backend: Box.Backend) async throws {
        let box = Box(backend: backend)
        box.register(isolatedTo: Kilnworks.self) { @Kilnworks in Kiln(serial: 1) }
        let started = Mutexed(false)
        let release = DispatchSemaphore(value: 0)
        // Holds the actor's own thread (no slot of the task pool), so that the resolve's hop waits in its queue.
        let busy = Task { @Kilnworks in
            started.mutate { $0 = true }
            release.wait()
        }
        let resolve = Task.detached { try await box.tryResolveAsync(Kiln.self).serial }
        let gaveUp = Mutexed(false)
        // The resolve needs a slot of the task pool (one per core) before it can queue its hop; the deadline
        // counts only time in which the pool could have run it.
        let hopping = await finishesWithin(seconds: 30) {
            // Once `busy` has started, its own job has left the queue: what is queued is the resolve's hop.
            while !gaveUp.value && (!started.value || Kilnworks.executor.queuedJobs == 0) {
                try? await Task.sleep(for: .milliseconds(1))
            }
        }
        gaveUp.mutate { $0 = true }
        #expect(hopping, "the resolve looked its registration up and waits to hop onto Kilnworks")
        box.register(Kiln.self) { () async in await Kiln(serial: 9) }
        release.signal()
        await busy.value
        #expect(try await resolve.value == 9)
    }

    @Test("a synchronous resolve off the actor throws wrongIsolation naming the actor", arguments: backends)
    func tryResolveOffActorThrows(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        let made = Counter()
        registerIsolatedServices(in: box, made: made)
        let error = try expectBoxError(.wrongIsolation) { try box.tryResolve(MapView.self) }
        #expect(error.serviceType == "BoxKitTests.MapView")
        #expect(error.chain == ["BoxKitTests.MapView"])
        #expect(
            error.description.hasPrefix(
                "BoxKit: BoxKitTests.MapView is isolated to Swift.MainActor: its factory runs only there, and this "
                    + "synchronous resolve ran elsewhere. Resolve it from Swift.MainActor-isolated code, or with "
                    + "`await box.resolveAsync(BoxKitTests.MapView.self)`, which hops to Swift.MainActor."))
        #expect(made.count == 0)
    }

    @Test("a service isolated to another actor is refused on this one", arguments: backends)
    @MainActor func otherActorRefused(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        registerIsolatedServices(in: box)
        let error = try expectBoxError(.wrongIsolation) { try box.tryResolve(Lathe.self) }
        #expect(error.description.contains("is isolated to BoxKitTests.Paintshop"))
    }

    @Test("a dependency resolved off its actor stops the program naming the chain that led there")
    func chainOfWrongIsolation() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let box = Box()
            registerIsolatedServices(in: box)
            box.register { r in Cockpit(screen: r.resolve()) }
            _ = box.resolve(Cockpit.self)
        }
        #expect(
            standardError(of: result).contains(
                "BoxKit: BoxKitTests.MapView is isolated to Swift.MainActor: its factory runs only there, and "
                    + "BoxKitTests.Cockpit's factory resolved it synchronously elsewhere. Register BoxKitTests.Cockpit "
                    + "with isolatedTo: Swift.MainActor as well, or resolve BoxKitTests.Cockpit from "
                    + "Swift.MainActor-isolated code. Resolution chain: BoxKitTests.Cockpit -> BoxKitTests.MapView."))
    }

    @Test("a permanent isolated service is made once, on its actor, then returned anywhere", arguments: backends)
    func permanentMadeOnceThenShared(backend: Box.Backend) async {
        let box = Box(backend: backend)
        let made = Counter()
        registerIsolatedServices(in: box, life: .permanent, made: made)
        let first = await box.resolveAsync(MapView.self)
        let again = await Task.detached { await box.resolveAsync(MapView.self) }.value
        let offActor = await Task.detached { box.resolve(MapView.self) }.value
        #expect(first === again)
        #expect(first === offActor)
        #expect(made.count == 1)
    }

    @Test("hooks of an isolated registration run on its actor, after the factory", arguments: backends)
    func hooksRunOnActor(backend: Box.Backend) async {
        let box = Box(backend: backend)
        let hooks = Counter()
        box.register(isolatedTo: MainActor.self) { @MainActor in MapView() }
            .onInitialised { _, _ in
                MainActor.preconditionIsolated("an isolated registration's hook ran off its actor")
                hooks.increment()
            }
        _ = await box.resolveAsync(MapView.self)
        #expect(hooks.count == 1)
    }

    @Test("verify() leaves isolated registrations alone and checks the rest", arguments: backends)
    func verifySkipsIsolated(backend: Box.Backend) {
        let box = Box(backend: backend)
        registerIsolatedServices(in: box)
        box.register { Car() }
        #expect(box.verify().isEmpty)
    }

    @Test(
        "verify() leaves alone what resolves an isolated registration, and runs its factory only once",
        arguments: backends)
    func verifySkipsDependentsOfIsolated(backend: Box.Backend) {
        let box = Box(backend: backend)
        let started = Counter()
        registerIsolatedServices(in: box)
        box.register { r in
            started.increment()  // each run in a verification is abandoned in `resolve` below
            return Cockpit(screen: r.resolve())
        }
        box.register { Car() }
        for _ in 0..<4 { #expect(box.verify().isEmpty) }
        #expect(started.count == 1)
    }

    @Test("a copied box keeps a registration's isolation", arguments: backends)
    func copyKeepsIsolation(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        registerIsolatedServices(in: box)
        let copy = Box(copying: box)
        try expectBoxError(.wrongIsolation) { try copy.tryResolve(MapView.self) }
    }

    @Test("a synchronous resolve off the actor stops the program, naming the service and the actor")
    func resolveOffActorTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let box = Box()
            registerIsolatedServices(in: box)
            _ = box.resolve(MapView.self)
        }
        #expect(
            standardError(of: result).contains(
                "BoxKit: BoxKitTests.MapView is isolated to Swift.MainActor: its factory runs only there"))
    }

    @Test("a global actor whose shared is a new actor each time is named as the problem")
    func unstableSharedTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            Box().register(isolatedTo: Fickle.self) { @Fickle in 1 }
        }
        #expect(
            standardError(of: result).contains(
                "BoxKit: BoxKitTests.Fickle.shared is not the actor the factory registered for Swift.Int is isolated "
                    + "to: it returns another instance each time. A global actor's shared must be one actor (a static "
                    + "let)."))
    }

    @Test("registering a factory that is not isolated to the actor named stops the program")
    func mismatchedIsolationTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            Box().register(isolatedTo: Paintshop.self) { @MainActor in MapView() }
        }
        #expect(
            standardError(of: result).contains(
                "BoxKit: the factory registered for BoxKitTests.MapView with isolatedTo: BoxKitTests.Paintshop is "
                    + "isolated to Swift.MainActor: write it as `{ @Paintshop in ... }`"))
    }
}

/// Made by a nonisolated factory from an isolated dependency.
struct Cockpit {
    let screen: MapView
}
