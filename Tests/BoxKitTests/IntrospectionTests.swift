@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Testing

@Suite("Unregistering and introspection")
struct IntrospectionTests {
    @Test("unregister removes one registration and reports whether it existed", arguments: backends)
    func unregisterRemovesOne(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Car(name: "plain") }
        box.register(key: "BMW") { Car(name: "BMW") }
        #expect(box.unregister(Car.self, key: "BMW"))
        #expect(!box.unregister(Car.self, key: "BMW"))
        #expect(throws: BoxError.self) { try box.tryResolve(Car.self, key: "BMW") }
        #expect((box.resolve() as Car).name == "plain")
        #expect(box.registeredServiceCount == 1)
    }

    @Test("unregister releases the factory and the permanent instance", arguments: backends)
    func unregisterReleases(backend: Box.Backend) {
        let box = Box(backend: backend)
        weak var instance: Tracked?
        do {
            box.register(life: .permanent) { Tracked() }
            instance = box.resolve() as Tracked
        }
        #expect(instance != nil)
        box.unregister(Tracked.self)
        #expect(eventuallyReleased(box) { instance == nil })
    }

    @Test("unregister in a child leaves the parent's registration", arguments: backends)
    func unregisterInChild(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Engine(cylinders: 4) }
        let child = box.newChildBox(forKey: "child")
        child.register { Engine(cylinders: 8) }
        #expect(child.unregister(Engine.self))
        #expect(!child.unregister(Engine.self))
        #expect((child.resolve() as Engine).cylinders == 4)
    }

    @Test("isRegistered answers as a resolve would", arguments: backends)
    func isRegistered(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(key: "") { Engine() }
        let child = box.newChildBox(forKey: "child")
        child.register(key: "caf\u{E9}") { Car() }
        #expect(box.isRegistered(Engine.self, key: ""))
        #expect(!box.isRegistered(Engine.self))
        #expect(child.isRegistered(Engine.self, key: ""))
        #expect(child.isRegistered(Car.self, key: "cafe\u{301}"))
        #expect(!box.isRegistered(Car.self, key: "caf\u{E9}"))
        #expect(!box.isRegistered(Car?.self, key: ""))
    }

    @Test("registrations lists type, key and lifetime in registration order", arguments: backends)
    func registrationsInOrder(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Car() }
        box.register(key: "BMW", life: .permanent) { Car() }
        box.register { Engine() }
        box.register { Car() }  // a replacement counts as a new registration
        #expect(
            box.registrations.map(\.description) == [
                #"BoxKitTests.Car[key: "BMW"] (permanent)"#, "BoxKitTests.Engine (transient)",
                "BoxKitTests.Car (transient)",
            ])
        #expect(box.registrations.first?.key == "BMW")
        #expect(box.registrations.first?.life == .permanent)
    }

    @Test("description and debugDescription show what a box holds", arguments: backends)
    func descriptions(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Car() }
        box.newChildBox(forKey: "bmw").register(key: "M3") { Engine() }
        #expect(box.description == "Box(1 registration, 1 child)")
        #expect(
            box.debugDescription == """
                Box(\(backend)) {
                    BoxKitTests.Car (transient)
                    child "bmw": Box(\(backend)) {
                        BoxKitTests.Engine[key: "M3"] (transient)
                    }
                }
                """)
    }
}
