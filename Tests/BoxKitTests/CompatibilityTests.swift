import BoxKit
import Testing

// The API contract BoxKit keeps with SwincyBox, written exactly as SwincyBox users write it.

private final class SportsCar: Vehicle {
    var name: String { "sports" }
}

@Suite("SwincyBox compatibility")
struct CompatibilityTests {
    @Test("the contract's example compiles and behaves as documented")
    func contractExample() {
        let box = Box()
        box.register { Car() }
        box.register(key: "BMW") { Car() }
        box.register(life: .permanent) { Engine() }
        box.register(Car.self, key: "sports", life: .transient) { r in
            Car(engine: r.resolve())
        }
        box.register { Car(engine: Engine()) as Vehicle }
        box.register(Dummy.self, life: .permanent) { Dummy(car: SafetyCar()) }
            .onInitialised { resolver, service in
                let dummy = service as! Dummy
                dummy.car.driver = dummy
            }

        let car = box.resolve() as Car
        let bmw: Car = box.resolve(key: "BMW")
        let vehicle = box.resolve(Vehicle.self)
        let sports: Car = box.resolve(key: "sports")

        #expect(car !== bmw)
        #expect(vehicle.name == "car")
        #expect(sports.engine === (box.resolve() as Engine))
        #expect((box.resolve() as Dummy).car.driver === (box.resolve() as Dummy))
        #expect(box.registeredServiceCount == 6)
        #expect(box.childServiceCount == 6)
        let child = box.newChildBox(forKey: "bmw")
        #expect(box.childBox(forKey: "bmw") === child)
        box.clear()
        #expect(box.registeredServiceCount == 0)
        box.clearAll()
    }

    @Test("BoxApi and ServiceStoring work as existential types")
    func protocolNames() {
        let api: BoxApi = Box()
        let registration: ServiceStoring = api.register(SportsCar.self, key: nil, life: .permanent) { SportsCar() }
        api.register(Engine.self, key: "V8", life: .transient) { _ in Engine(cylinders: 8) }
        let made = registration.service(api as! Box) as! SportsCar
        #expect(made === api.resolve(SportsCar.self, key: nil))
        #expect(api.resolve(Engine.self, key: "V8").cylinders == 8)
        #expect(api.registeredServiceCount == 2)
        #expect(api.childBox(forKey: "none") == nil)
    }

    @Test("Resolver is the Box a factory receives")
    func resolverIsBox() {
        let box = Box()
        box.register { (r: Resolver) in Car(engine: r.resolve()) }
        box.register { Engine(cylinders: 3) }
        #expect((box.resolve() as Car).engine.cylinders == 3)
    }

    @Test("Box and its errors are Sendable")
    func sendable() {
        func requireSendable<T: Sendable>(_: T.Type) {}
        requireSendable(Box.self)
        requireSendable(BoxError.self)
        requireSendable(LifeType.self)
    }
}
