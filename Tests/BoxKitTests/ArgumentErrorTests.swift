@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Foundation
import Testing

@Suite("Runtime arguments: errors")
struct ArgumentErrorTests {
    @Test("resolving with other argument types throws argumentMismatch naming both", arguments: backends)
    func mismatchThrows(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register(Showroom.Car.self) { (_: Resolver, colour: String, doors: Int) in Showroom.Car() }
        let error = try expectBoxError(.argumentMismatch) {
            try box.tryResolve(Showroom.Car.self, arguments: "red")
        }
        #expect(error.serviceType == "BoxKitTests.Showroom.Car")
        #expect(error.key == nil)
        #expect(error.arguments == ["Swift.String"])
        #expect(error.registeredArguments == [["Swift.String", "Swift.Int"]])
        #expect(error.chain == ["BoxKitTests.Showroom.Car[arguments: (Swift.String)]"])
        #expect(error.nearest == ["BoxKitTests.Showroom.Car[arguments: (Swift.String, Swift.Int)]"])
        #expect(
            error.description.hasPrefix(
                "BoxKit: BoxKitTests.Showroom.Car is registered with arguments (Swift.String, Swift.Int), "
                    + "not (Swift.String). Resolution chain: BoxKitTests.Showroom.Car[arguments: (Swift.String)]."))
    }

    @Test("a mismatch lists every argument list the type and key are registered with", arguments: backends)
    func mismatchListsEverySignature(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register(key: "BMW") { OrderedCar(colour: "plain") }
        box.register(OrderedCar.self, key: "BMW") { (_: Resolver, colour: String, doors: Int) in
            OrderedCar(colour: colour)
        }
        box.register(OrderedCar.self, key: "Audi") { (_: Resolver, doors: Int) in OrderedCar(colour: "Audi") }
        let child = box.newChildBox(forKey: "child")
        child.register(OrderedCar.self, key: "BMW") { (_: Resolver, doors: Int) in OrderedCar(colour: "child") }
        let error = try expectBoxError(.argumentMismatch) {
            try child.tryResolve(OrderedCar.self, key: "BMW", arguments: 1.5)
        }
        #expect(error.key == "BMW")
        #expect(error.registeredArguments == [["Swift.Int"], [], ["Swift.String", "Swift.Int"]])
        #expect(
            error.description.hasPrefix(
                #"BoxKit: BoxKitTests.OrderedCar[key: "BMW"] is registered with arguments (Swift.Int) or "#
                    + "(Swift.String, Swift.Int) and without arguments, not (Swift.Double)."))
    }

    @Test("arguments passed to a service registered without them throw argumentMismatch", arguments: backends)
    func argumentsForPlainRegistration(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register { Engine() }
        let error = try expectBoxError(.argumentMismatch) { try box.tryResolve(Engine.self, arguments: 8) }
        #expect(error.registeredArguments == [[]])
        #expect(
            error.description.hasPrefix("BoxKit: BoxKitTests.Engine is registered without arguments, not (Swift.Int)."))
    }

    @Test("a plain resolve of a service registered only with arguments names them", arguments: backends)
    func plainResolveOfArgumentRegistration(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register(OrderedCar.self) { (_: Resolver, colour: String, doors: Int) in OrderedCar(colour: colour) }
        let error = try expectBoxError(.argumentMismatch) { try box.tryResolve(OrderedCar.self) }
        #expect(error.arguments.isEmpty)
        #expect(error.registeredArguments == [["Swift.String", "Swift.Int"]])
        #expect(error.chain == ["BoxKitTests.OrderedCar"])
        #expect(
            error.description.hasPrefix(
                "BoxKit: BoxKitTests.OrderedCar is registered with arguments (Swift.String, Swift.Int), "
                    + "not without arguments: pass them with resolve(_:key:arguments:)."))
    }

    @Test("arguments registered only under another key are not a mismatch but are nearby", arguments: backends)
    func otherKeyIsNotMismatch(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register(OrderedCar.self, key: "BMW") { (_: Resolver, colour: String) in OrderedCar(colour: colour) }
        let error = try expectBoxError(.notRegistered) { try box.tryResolve(OrderedCar.self, arguments: "red") }
        #expect(error.registeredArguments.isEmpty)
        #expect(error.nearest == [#"BoxKitTests.OrderedCar[key: "BMW", arguments: (Swift.String)]"#])
        #expect(
            error.description.hasPrefix(
                "BoxKit: no registration for BoxKitTests.OrderedCar[arguments: (Swift.String)]."))
    }

    @Test("a factory with arguments that needs itself is reported as a cycle naming its arguments", arguments: backends)
    func cycleThroughArguments(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        let captured = Mutexed<BoxError?>(nil)
        box.register(OrderedCar.self) { (r: Resolver, colour: String) in
            do throws(BoxError) {
                _ = try r.tryResolve(OrderedCar.self, arguments: "inner \(colour)")
            } catch {
                captured.mutate { $0 = error }
            }
            return OrderedCar(colour: colour)
        }
        _ = box.resolve(OrderedCar.self, arguments: "red")
        let error = try #require(captured.value)
        #expect(error.reason == .cycle)
        #expect(error.arguments == ["Swift.String"])
        #expect(
            error.chain == [
                "BoxKitTests.OrderedCar[arguments: (Swift.String)]",
                "BoxKitTests.OrderedCar[arguments: (Swift.String)]",
            ])
    }

    @Test("a resolve with mismatched arguments stops the program naming both argument lists", arguments: backendNames)
    func mismatchTraps(backend: String) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [backend] in
            let box = Box(backendNamed: backend)
            box.register(Showroom.Car.self) { (_: Resolver, colour: String, doors: Int) in Showroom.Car() }
            box.register { r in Car(name: r.resolve(Showroom.Car.self, arguments: "red").tag) }
            _ = box.resolve() as Car
        }
        let stderr = standardError(of: result)
        #expect(
            stderr.contains(
                "BoxKit: BoxKitTests.Showroom.Car is registered with arguments (Swift.String, Swift.Int), "
                    + "not (Swift.String)."))
        #expect(
            stderr.contains(
                "Resolution chain: BoxKitTests.Car -> BoxKitTests.Showroom.Car[arguments: (Swift.String)]."))
    }

    @Test(
        "a plain resolve of a service registered only with arguments stops the program naming them",
        arguments: backendNames)
    func plainResolveTraps(backend: String) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [backend] in
            let box = Box(backendNamed: backend)
            box.register(OrderedCar.self) { (_: Resolver, colour: String, doors: Int) in
                OrderedCar(colour: colour)
            }
            _ = box.resolve(OrderedCar.self)
        }
        let stderr = standardError(of: result)
        #expect(
            stderr.contains(
                "BoxKit: BoxKitTests.OrderedCar is registered with arguments (Swift.String, Swift.Int), "
                    + "not without arguments"))
    }

    @Test("service(_:) of a registration with arguments stops the program naming them", arguments: backendNames)
    func serviceWithoutArgumentsTraps(backend: String) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [backend] in
            let box = Box(backendNamed: backend)
            let registration = box.register(OrderedCar.self) { (_: Resolver, doors: Int) in
                OrderedCar(colour: "red", doors: doors)
            }
            _ = registration.service(box)
        }
        let stderr = standardError(of: result)
        #expect(
            stderr.contains("BoxKit: BoxKitTests.OrderedCar is registered with arguments (Swift.Int), not without"))
    }
}
