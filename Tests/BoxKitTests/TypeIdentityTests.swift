@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Testing

@Suite("Type identity")
struct TypeIdentityTests {
    @Test("Optional, existential, generic arguments and same-named types are different services", arguments: backends)
    func distinctIdentities(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Car(name: "Car") }
        box.register { Car(name: "Car?") as Car? }
        box.register { Car(name: "any Vehicle") as any Vehicle }
        box.register { Generic<Int>(tag: "Int") }
        box.register { Generic<String>(tag: "String") }
        box.register { Showroom.Car() }
        box.register { Garage.Car() }
        box.register { BoxKitTestSupport.Car() }
        #expect(box.registeredServiceCount == 8)
        #expect((box.resolve() as Car).name == "Car")
        #expect((box.resolve() as Car?)?.name == "Car?")
        #expect(box.resolve((any Vehicle).self).name == "any Vehicle")
        #expect((box.resolve() as Generic<Int>).tag == "Int")
        #expect((box.resolve() as Generic<String>).tag == "String")
        #expect((box.resolve() as Showroom.Car).tag == "Showroom.Car")
        #expect((box.resolve() as Garage.Car).tag == "Garage.Car")
        #expect((box.resolve() as BoxKitTestSupport.Car).origin == "BoxKitTestSupport")
    }

    @Test("the same key under different types names different registrations", arguments: backends)
    func sameKeyDifferentTypes(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(key: "BMW") { Car(name: "car") }
        box.register(key: "BMW") { Engine(cylinders: 8) }
        #expect((box.resolve(key: "BMW") as Car).name == "car")
        #expect((box.resolve(key: "BMW") as Engine).cylinders == 8)
    }
}
