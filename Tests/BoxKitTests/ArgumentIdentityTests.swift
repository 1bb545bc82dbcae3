@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Foundation
import Testing

@Suite("Runtime arguments: what identifies a registration")
struct ArgumentIdentityTests {
    @Test("one service with no, one and two arguments is three registrations", arguments: backends)
    func aritiesAreSeparateRegistrations(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { OrderedCar(colour: "plain") }
        box.register(OrderedCar.self) { (_: Resolver, colour: String) in OrderedCar(colour: colour) }
        box.register(OrderedCar.self) { (_: Resolver, colour: String, doors: Int) in
            OrderedCar(colour: "\(colour) \(doors)")
        }
        #expect(box.registeredServiceCount == 3)
        #expect(box.resolve(OrderedCar.self).colour == "plain")
        #expect(box.resolve(OrderedCar.self, arguments: "red").colour == "red")
        #expect(box.resolve(OrderedCar.self, arguments: "red", 2).colour == "red 2")
    }

    @Test("argument types, their order and tuples are part of a registration's identity", arguments: backends)
    func argumentTypesAreIdentity(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(OrderedCar.self) { (_: Resolver, colour: String, doors: Int) in OrderedCar(colour: "S,I") }
        box.register(OrderedCar.self) { (_: Resolver, doors: Int, colour: String) in OrderedCar(colour: "I,S") }
        box.register(OrderedCar.self) { (_: Resolver, order: (String, Int)) in OrderedCar(colour: "(S,I)") }
        box.register(OrderedCar.self) { (_: Resolver, colour: String?) in OrderedCar(colour: "S?") }
        box.register(OrderedCar.self) { (_: Resolver, colour: String) in OrderedCar(colour: "S") }
        #expect(box.registeredServiceCount == 5)
        #expect(box.resolve(OrderedCar.self, arguments: "red", 2).colour == "S,I")
        #expect(box.resolve(OrderedCar.self, arguments: 2, "red").colour == "I,S")
        #expect(box.resolve(OrderedCar.self, arguments: ("red", 2)).colour == "(S,I)")
        #expect(box.resolve(OrderedCar.self, arguments: "red" as String?).colour == "S?")
        #expect(box.resolve(OrderedCar.self, arguments: "red").colour == "S")
    }

    @Test("registering the same type, key and argument types again replaces the registration", arguments: backends)
    func sameSignatureReplaces(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(OrderedCar.self) { (_: Resolver, colour: String) in OrderedCar(colour: "old \(colour)") }
        box.register(OrderedCar.self) { (_: Resolver, colour: String) in OrderedCar(colour: "new \(colour)") }
        #expect(box.registeredServiceCount == 1)
        #expect(box.resolve(OrderedCar.self, arguments: "red").colour == "new red")
    }

    @Test("a key and argument types together select the registration", arguments: backends)
    func keyAndArguments(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(OrderedCar.self) { (_: Resolver, colour: String) in OrderedCar(colour: "plain \(colour)") }
        box.register(OrderedCar.self, key: "BMW") { (_: Resolver, colour: String) in
            OrderedCar(colour: "BMW \(colour)")
        }
        box.register(OrderedCar.self, key: "BMW") { (_: Resolver, doors: Int) in
            OrderedCar(colour: "BMW", doors: doors)
        }
        #expect(box.registeredServiceCount == 3)
        #expect(box.resolve(OrderedCar.self, arguments: "red").colour == "plain red")
        #expect(box.resolve(OrderedCar.self, key: "BMW", arguments: "red").colour == "BMW red")
        #expect(box.resolve(OrderedCar.self, key: "BMW", arguments: 3).doors == 3)
        #expect(box.resolve(OrderedCar.self, key: "BMW", arguments: "blue").colour == "BMW blue")
    }

    @Test("closures without argument parameters still register without arguments", arguments: backends)
    func plainOverloadsStillChosen(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register { Engine(cylinders: 6) }
        box.register { r in Car(engine: r.resolve()) }
        box.register(Car.self, key: "sports", life: .transient) { r in Car(engine: r.resolve(), name: "sports") }
        box.register(key: "V8") { _ in Engine(cylinders: 8) }
        #expect(box.registrations.allSatisfy { $0.argumentTypes.isEmpty })
        #expect(try box.tryResolve(Car.self).engine.cylinders == 6)
        #expect(try box.tryResolve(Car.self, key: "sports").name == "sports")
        #expect(try box.tryResolve(Engine.self, key: "V8").cylinders == 8)
    }
}
