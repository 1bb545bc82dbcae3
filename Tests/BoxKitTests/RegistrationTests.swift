@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Testing

@Suite("Registration")
struct RegistrationTests {
    @Test("registering an existing type and key replaces it", arguments: backends)
    func registeringAgainReplaces(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Engine(cylinders: 4) }
        box.register { Engine(cylinders: 12) }
        #expect((box.resolve() as Engine).cylinders == 12)
        #expect(box.registeredServiceCount == 1)
    }

    @Test("replacing a registration releases the old factory and its permanent instance", arguments: backends)
    func replacingReleasesOld(backend: Box.Backend) {
        let box = Box(backend: backend)
        weak var oldInstance: Tracked?
        weak var capturedByOldFactory: Tracked?
        do {
            let captured = Tracked(1)
            capturedByOldFactory = captured
            box.register(life: .permanent) {
                _ = captured; return Tracked(2)
            }
            oldInstance = box.resolve() as Tracked
        }
        #expect(oldInstance != nil)
        box.register(life: .permanent) { Tracked(3) }
        #expect(eventuallyReleased(box) { oldInstance == nil && capturedByOldFactory == nil })
        #expect((box.resolve() as Tracked).id == 3)
    }

    @Test("a protocol registration resolves as the protocol, not as the concrete type", arguments: backends)
    func protocolRegistration(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Car(engine: Engine(), name: "protocol car") as Vehicle }
        #expect(box.resolve(Vehicle.self).name == "protocol car")
        #expect(throws: BoxError.self) { try box.tryResolve(Car.self) }
    }

    @Test("registeredServiceCount counts this box's registrations", arguments: backends)
    func registeredServiceCount(backend: Box.Backend) {
        let box = Box(backend: backend)
        #expect(box.registeredServiceCount == 0)
        box.register { Car() }
        box.register(key: "BMW") { Car() }
        box.register(life: .permanent) { Engine() }
        #expect(box.registeredServiceCount == 3)
    }

    @Test("clear removes every registration of this box", arguments: backends)
    func clearRemovesRegistrations(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Car() }
        box.register(key: "BMW") { Car() }
        box.clear()
        #expect(box.registeredServiceCount == 0)
        #expect(throws: BoxError.self) { try box.tryResolve(Car.self) }
        box.register { Car(name: "after clear") }
        #expect((box.resolve() as Car).name == "after clear")
    }

    @Test("clear releases factories and permanent instances", arguments: backends)
    func clearReleases(backend: Box.Backend) {
        let box = Box(backend: backend)
        weak var instance: Tracked?
        weak var captured: Engine?
        do {
            let engine = Engine()
            captured = engine
            box.register(life: .permanent) {
                _ = engine; return Tracked()
            }
            instance = box.resolve() as Tracked
        }
        #expect(instance != nil && captured != nil)
        box.clear()
        #expect(eventuallyReleased(box) { instance == nil && captured == nil })
    }

    @Test("a box releases its registrations when it is deinitialised", arguments: backends)
    func deinitReleases(backend: Box.Backend) {
        weak var instance: Tracked?
        weak var weakBox: Box?
        do {
            let box = Box(backend: backend)
            weakBox = box
            box.register(life: .permanent) { Tracked() }
            instance = box.resolve() as Tracked
        }
        #expect(weakBox == nil)
        #expect(instance == nil)
    }

    @Test("many registrations stay resolvable as the registry grows", arguments: backends)
    func manyRegistrations(backend: Box.Backend) {
        let box = Box(backend: backend)
        for index in 0..<5_000 { box.register(key: "engine-\(index)") { Engine(cylinders: index) } }
        #expect(box.registeredServiceCount == 5_000)
        for index in stride(from: 0, to: 5_000, by: 7) {
            #expect((box.resolve(Engine.self, key: "engine-\(index)")).cylinders == index)
        }
    }
}
