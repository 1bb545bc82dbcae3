@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Foundation
import Testing

@Suite("Runtime arguments: child boxes, resolveAll and introspection")
struct ArgumentLookupTests {
    // MARK: Child boxes

    @Test("a grandchild finds an ancestor's registration with arguments and passes itself", arguments: backends)
    func childFindsParentRegistration(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Engine(cylinders: 4) }
        box.register(OrderedCar.self) { (r: Resolver, colour: String) in
            OrderedCar(colour: colour, engine: r.resolve())
        }
        let track = box.newChildBox(forKey: "sports").newChildBox(forKey: "track")
        track.register { Engine(cylinders: 12) }
        let car = track.resolve(OrderedCar.self, arguments: "red")
        #expect((car.colour, car.engine.cylinders) == ("red", 12))
        #expect(track.isRegistered(OrderedCar.self, arguments: String.self))
    }

    @Test("a child's registration with the same arguments overrides its parent's", arguments: backends)
    func childOverridesParent(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(OrderedCar.self) { (_: Resolver, colour: String) in OrderedCar(colour: "parent \(colour)") }
        let child = box.newChildBox(forKey: "child")
        child.register(OrderedCar.self) { (_: Resolver, colour: String) in OrderedCar(colour: "child \(colour)") }
        #expect(child.resolve(OrderedCar.self, arguments: "red").colour == "child red")
        #expect(box.resolve(OrderedCar.self, arguments: "red").colour == "parent red")
    }

    // MARK: Every registration of a type

    @Test("resolveAll leaves out registrations that take arguments", arguments: backends)
    func resolveAllSkipsArgumentRegistrations(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(key: "BMW") { OrderedCar(colour: "BMW") }
        box.register(OrderedCar.self, key: "Audi") { (_: Resolver, colour: String) in OrderedCar(colour: colour) }
        box.register(OrderedCar.self, key: "BMW") { (_: Resolver, colour: String) in OrderedCar(colour: colour) }
        #expect(box.resolveAll(OrderedCar.self).map(\.colour) == ["BMW"])
    }

    // MARK: Introspection

    @Test("registrations and descriptions show argument types", arguments: backends)
    func introspectionShowsArgumentTypes(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { OrderedCar(colour: "plain") }
        box.register(OrderedCar.self, key: "BMW", life: .permanent) { (_: Resolver, colour: String, doors: Int) in
            OrderedCar(colour: colour, doors: doors)
        }
        #expect(box.registrations.map(\.argumentTypes) == [[], ["Swift.String", "Swift.Int"]])
        #expect(
            box.registrations.map(\.description) == [
                "BoxKitTests.OrderedCar (transient)",
                #"BoxKitTests.OrderedCar[key: "BMW", arguments: (Swift.String, Swift.Int)] (permanent)"#,
            ])
        #expect(
            box.debugDescription.contains(
                #"    BoxKitTests.OrderedCar[key: "BMW", arguments: (Swift.String, Swift.Int)] (permanent)"#))
    }

    @Test("isRegistered with argument types answers as a resolve with those arguments would", arguments: backends)
    func isRegisteredWithArguments(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(OrderedCar.self, key: "BMW") { (_: Resolver, colour: String, doors: Int) in
            OrderedCar(colour: colour)
        }
        #expect(box.isRegistered(OrderedCar.self, key: "BMW", arguments: String.self, Int.self))
        #expect(!box.isRegistered(OrderedCar.self, key: "BMW", arguments: Int.self, String.self))
        #expect(!box.isRegistered(OrderedCar.self, key: "BMW", arguments: String.self))
        #expect(!box.isRegistered(OrderedCar.self, arguments: String.self, Int.self))
        #expect(!box.isRegistered(OrderedCar.self, key: "BMW"))
    }

    @Test("unregister with argument types removes only that registration", arguments: backends)
    func unregisterWithArguments(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { OrderedCar(colour: "plain") }
        box.register(OrderedCar.self) { (_: Resolver, colour: String) in OrderedCar(colour: colour) }
        box.register(OrderedCar.self) { (_: Resolver, colour: String, doors: Int) in OrderedCar(colour: colour) }
        #expect(box.unregister(OrderedCar.self, arguments: String.self, Int.self))
        #expect(!box.unregister(OrderedCar.self, arguments: String.self, Int.self))
        #expect(!box.isRegistered(OrderedCar.self, arguments: String.self, Int.self))
        #expect(box.registeredServiceCount == 2)
        #expect(box.resolve(OrderedCar.self, arguments: "red").colour == "red")
        #expect(box.unregister(OrderedCar.self))
        #expect(box.resolve(OrderedCar.self, arguments: "blue").colour == "blue")
    }

    @Test("unregister with argument types releases the permanent instance", arguments: backends)
    func unregisterReleasesPermanent(backend: Box.Backend) {
        let box = Box(backend: backend)
        weak var instance: Tracked?
        do {
            box.register(Tracked.self, life: .permanent) { (_: Resolver, id: Int) in Tracked(id) }
            instance = box.resolve(Tracked.self, arguments: 7)
        }
        #expect(instance?.id == 7)
        #expect(box.unregister(Tracked.self, arguments: Int.self))
        #expect(eventuallyReleased(box) { instance == nil })
    }
}
