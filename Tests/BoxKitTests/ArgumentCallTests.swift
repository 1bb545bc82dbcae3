@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Foundation
import Testing

@Suite("Runtime arguments: calling the factory")
struct ArgumentCallTests {
    @Test("a factory with one argument is called with the resolve's argument", arguments: backends)
    func oneArgument(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(OrderedCar.self) { (_: Resolver, colour: String) in OrderedCar(colour: colour) }
        #expect(box.resolve(OrderedCar.self, arguments: "red").colour == "red")
        #expect(box.resolve(OrderedCar.self, arguments: "blue").colour == "blue")
    }

    @Test("a factory with two arguments is called with both, in order", arguments: backends)
    func twoArguments(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(OrderedCar.self) { (_: Resolver, colour: String, doors: Int) in
            OrderedCar(colour: colour, doors: doors)
        }
        let car = box.resolve(OrderedCar.self, arguments: "red", 3)
        #expect(car.colour == "red")
        #expect(car.doors == 3)
    }

    @Test("factories with three and with seven arguments are called with all of them", arguments: backends)
    func manyArguments(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(OrderedCar.self) { (_: Resolver, colour: String, doors: Int, cylinders: Int) in
            OrderedCar(colour: colour, doors: doors, engine: Engine(cylinders: cylinders))
        }
        box.register(OrderedCar.self) {
            (_: Resolver, colour: String, doors: Int, a: String, b: Character, c: Bool, d: Double, e: [Int]) in
            OrderedCar(colour: colour, doors: doors, extras: [a, String(b), "\(c)", "\(d)", "\(e)"])
        }
        let three = box.resolve(OrderedCar.self, arguments: "red", 3, 12)
        #expect((three.colour, three.doors, three.engine.cylinders) == ("red", 3, 12))
        let seven = box.resolve(OrderedCar.self, arguments: "blue", 5, "roof", Character("x"), true, 1.5, [1, 2])
        #expect((seven.colour, seven.doors) == ("blue", 5))
        #expect(seven.extras == ["roof", "x", "true", "1.5", "[1, 2]"])
    }

    @Test("a transient factory with arguments makes a new instance on every resolve", arguments: backends)
    func transientMakesNewInstances(backend: Box.Backend) {
        let box = Box(backend: backend)
        let made = Counter()
        box.register(OrderedCar.self) { (_: Resolver, colour: String) in
            made.increment()
            return OrderedCar(colour: colour)
        }
        let first = box.resolve(OrderedCar.self, arguments: "red")
        let second = box.resolve(OrderedCar.self, arguments: "red")
        #expect(first !== second)
        #expect(made.count == 2)
    }

    @Test("a factory with arguments resolves its dependencies from the box it receives", arguments: backends)
    func factoryResolvesDependencies(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Engine(cylinders: 6) }
        box.register(OrderedCar.self) { (r: Resolver, colour: String) in
            OrderedCar(colour: colour, engine: r.resolve())
        }
        #expect(box.resolve(OrderedCar.self, arguments: "red").engine.cylinders == 6)
    }

    @Test("the service type can be inferred from the context of a resolve with arguments", arguments: backends)
    func inferredServiceType(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register { (_: Resolver, colour: String) in OrderedCar(colour: colour) }
        let car: OrderedCar = box.resolve(arguments: "green")
        let teal: OrderedCar = try box.tryResolve(arguments: "teal")
        #expect((car.colour, teal.colour) == ("green", "teal"))
    }
}
