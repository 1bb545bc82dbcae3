@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Foundation
import Testing

/// Resolving through a forward whose target cannot be resolved: a `try` entry point throws the target's
/// failure, whichever it is, and never stops the program; a plain `resolve` stops it with the same message.
@Suite("Forwarding: a target that fails")
struct ForwardingFailureTests {
    @Test("tryResolve through a forward to a service never registered throws notRegistered", arguments: backends)
    func missingTarget(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.forward(Vehicle.self, to: Car.self)
        let error = try expectBoxError(.notRegistered) { try box.tryResolve(Vehicle.self) }
        #expect(error.serviceType == "BoxKitTests.Car")
        #expect(error.chain == ["BoxKitTests.Vehicle", "BoxKitTests.Car"])
    }

    @Test("tryResolve through a forward whose ready target was unregistered throws notRegistered", arguments: backends)
    func targetUnregisteredLater(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register(life: .permanent) { Car() }
        box.forward(Vehicle.self, to: Car.self)
        for _ in 0..<3 { _ = try box.tryResolve(Vehicle.self) }  // the forward's quickest path, warm
        _ = box.unregister(Car.self)
        let error = try expectBoxError(.notRegistered) { try box.tryResolve(Vehicle.self) }
        #expect(error.chain == ["BoxKitTests.Vehicle", "BoxKitTests.Car"])
    }

    @Test("tryResolve through a forward to a service of another type throws typeMismatch", arguments: backends)
    func targetOfAnotherType(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register(key: "V8") { Engine() }
        box.forward(Vehicle.self, to: Engine.self, key: "V8")
        let error = try expectBoxError(.typeMismatch) { try box.tryResolve(Vehicle.self, key: "V8") }
        #expect(error.serviceType == "BoxKitTests.Vehicle")
        #expect(error.key == "V8")
        #expect(error.chain == [#"BoxKitTests.Vehicle[key: "V8"]"#])
        #expect(
            error.description
                == #"BoxKit: BoxKitTests.Engine[key: "V8"] is not a BoxKitTests.Vehicle, so it cannot be resolved "#
                + "as one: forward(BoxKitTests.Vehicle.self, to: ...) needs a subclass or a conforming type. "
                + #"Resolution chain: BoxKitTests.Vehicle[key: "V8"]."#)
    }

    @Test("tryResolve through a forward whose target's factory throws throws factoryFailed", arguments: backends)
    func targetFactoryThrows(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register { () throws -> Car in throw DiskFull() }
        box.forward(Vehicle.self, to: Car.self)
        let error = try expectBoxError(.factoryFailed) { try box.tryResolve(Vehicle.self) }
        #expect(error.underlyingError as? DiskFull == DiskFull())
        #expect(error.chain == ["BoxKitTests.Vehicle", "BoxKitTests.Car"])
    }

    @Test("tryResolve through a forward whose target resolves the forward again throws cycle", arguments: backends)
    func cycleThroughTheForward(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register { (r: Resolver) throws -> Car in
            _ = try r.tryResolve(Vehicle.self)
            return Car()
        }
        box.forward(Vehicle.self, to: Car.self)
        let error = try expectBoxError(.cycle) { try box.tryResolve(Vehicle.self) }
        #expect(error.chain == ["BoxKitTests.Vehicle", "BoxKitTests.Car", "BoxKitTests.Vehicle"])
    }

    @Test("tryResolveAsync through a forward to a missing service throws notRegistered", arguments: backends)
    func asyncMissingTarget(backend: Box.Backend) async {
        let box = Box(backend: backend)
        box.forward(Vehicle.self, to: Car.self)
        do throws(BoxError) {
            _ = try await box.tryResolveAsync(Vehicle.self)
            Issue.record("resolved a forward to a service never registered")
        } catch {
            #expect(error.reason == .notRegistered)
            #expect(error.chain == ["BoxKitTests.Vehicle", "BoxKitTests.Car"])
        }
    }

    @Test("tryResolve through a forward never traps while another thread unregisters and registers its target")
    func targetChurn() {
        let box = Box()
        box.register(life: .permanent) { Car() }
        box.forward(Vehicle.self, to: Car.self)
        let done = Counter()
        let failures = Counter()
        onThreads(3) { index in
            if index == 0 {
                for _ in 0..<2_000 {
                    _ = box.unregister(Car.self)
                    box.register(life: .permanent) { Car() }
                }
                done.increment()
                return
            }
            while done.count == 0 {
                do throws(BoxError) {
                    _ = try box.tryResolve(Vehicle.self)
                } catch {
                    if error.reason != .notRegistered { failures.increment() }
                }
            }
        }
        #expect(failures.count == 0)
        #expect(box.resolve(Vehicle.self) is Car)
    }

    @Test("a resolve through a forward to a missing service stops the program naming both")
    func plainResolveTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let box = Box()
            box.forward(Vehicle.self, to: Car.self)
            _ = box.resolve(Vehicle.self)
        }
        #expect(
            standardError(of: result).contains(
                "BoxKit: no registration for BoxKitTests.Car. "
                    + "Resolution chain: BoxKitTests.Vehicle -> BoxKitTests.Car."))
    }

    @Test("resolveAll stops the program at a registration whose factory throws a dependency's absence")
    func resolveAllTrapsAtAMissingDependency() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let box = Box()
            box.register(key: "a") { (r: Resolver) throws -> Car in Car(engine: try r.tryResolve()) }
            _ = box.resolveAll(Car.self)
        }
        #expect(
            standardError(of: result).contains(
                #"BoxKit: no registration for BoxKitTests.Engine. Resolution chain: BoxKitTests.Car[key: "a"] -> "#
                    + "BoxKitTests.Engine."))
    }
}
