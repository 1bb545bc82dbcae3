@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Testing

/// A superclass registered with a subclass's instances.
class Appliance {
    var label: String { "appliance" }
}

final class Kettle: Appliance, @unchecked Sendable {
    override var label: String { "kettle" }
}

/// Registers `factory` through the `register` overload for any type, as generic code does: for a class,
/// the registration keeps its factory typed (`_Registration<Service>`), where a direct call keeps it as
/// returning `AnyObject` (`_ObjectRegistration`).
@discardableResult
private func registerAnyType<Service>(
    _ box: Box, life: LifeType, _ factory: @escaping (Resolver) -> Service
) -> any ServiceStoring {
    box.register(life: life, factory)
}

/// The name of the registration class `registration` is of.
private func kind(_ registration: any ServiceStoring) -> String {
    String(describing: type(of: registration))
}

/// A class service is kept in a registration whose factory returns `AnyObject`, unless generic code registers
/// it through the overload for any type; both kinds resolve by the same rules. Every other suite's class
/// services are registered directly, so they run on the first kind.
@Suite("Class registrations")
struct ObjectRegistrationTests {
    @Test("a class registered directly gets the registration for classes; from generic code, the generic one")
    func registrationKinds() {
        let box = Box()
        #expect(kind(box.register { Tracked(1) }) == "_ObjectRegistration")
        #expect(kind(box.register(key: "r") { _ in Tracked(2) }) == "_ObjectRegistration")
        #expect(kind(box.register(AnyObject.self, key: "a") { Tracked(3) }) == "_ObjectRegistration")
        #expect(kind(registerAnyType(box, life: .transient) { _ in Engine() }) == "_Registration<Engine>")
        #expect(kind(box.register { Car() as Vehicle }) == "_Registration<Vehicle>")
    }

    @Test("an auto-registered class gets the registration for classes; a protocol, the generic one")
    func autoregistrationKinds() {
        let box = Box()
        #expect(kind(box.autoregister(Car.init(engine:name:))) == "_ObjectRegistration")
        #expect(kind(box.autoregister(Kettle.init, as: Appliance.self)) == "_ObjectRegistration")
        #expect(kind(box.autoregister(Car.init(engine:name:), as: Vehicle.self)) == "_Registration<Vehicle>")
        #expect(kind(box.autoregister({ Tracked(1).id })) == "_Registration<Int>")
    }

    @Test("a class isolated to a global actor gets the registration for classes; a value, the generic one")
    func isolatedRegistrationKinds() {
        let box = Box()
        #expect(kind(box.register(isolatedTo: MainActor.self) { @MainActor in MapView() }) == "_ObjectRegistration")
        #expect(kind(box.register(isolatedTo: MainActor.self) { @MainActor _ in MapView() }) == "_ObjectRegistration")
        #expect(kind(box.register(isolatedTo: MainActor.self) { @MainActor in 1 }) == "_Registration<Int>")
    }

    @Test(
        "an auto-registered class resolves by the same lifetime rules as one registered with a closure",
        arguments: backends, plainLifetimes)
    func autoregisteredAndDirectAgree(backend: Box.Backend, life: LifeType) {
        let direct = Box(backend: backend)
        direct.register(life: life) { r in Car(engine: r.resolve(), name: "direct") }
        let auto = Box(backend: backend)
        auto.autoregister(Car.init(engine:name:), life: life)
        for box in [direct, auto] { box.register(life: .permanent) { Engine() } }
        auto.register { "auto" }
        let (directFirst, directSecond) = (direct.resolve() as Car, direct.resolve() as Car)
        let (autoFirst, autoSecond) = (auto.resolve() as Car, auto.resolve() as Car)
        #expect(directFirst.name == "direct" && autoFirst.name == "auto")
        #expect(autoFirst.engine === auto.resolve(Engine.self))
        #expect((directFirst === directSecond) == (autoFirst === autoSecond), "life \(life)")
    }

    @Test(
        "a class registered from generic code resolves by the same lifetime rules as one registered directly",
        arguments: backends, plainLifetimes)
    func genericAndDirectRegistrationsAgree(backend: Box.Backend, life: LifeType) {
        let direct = Box(backend: backend)
        direct.register(life: life) { _ in Tracked(1) }
        let generic = Box(backend: backend)
        registerAnyType(generic, life: life) { _ in Tracked(2) }
        let (directFirst, directSecond) = (direct.resolve() as Tracked, direct.resolve() as Tracked)
        let (genericFirst, genericSecond) = (generic.resolve() as Tracked, generic.resolve() as Tracked)
        #expect(directFirst.id == 1 && genericFirst.id == 2)
        #expect((directFirst === directSecond) == (genericFirst === genericSecond), "life \(life)")
        #expect((directFirst === directSecond) == (life == .permanent || life == .weak))
    }

    @Test("a registration of AnyObject itself keeps and returns the instance its factory made", arguments: backends)
    func anyObjectItself(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(AnyObject.self, life: .permanent) { Tracked(7) }
        let first = box.resolve(AnyObject.self)
        let second = box.resolve(AnyObject.self)
        #expect((first as? Tracked)?.id == 7)
        #expect(ObjectIdentifier(first) == ObjectIdentifier(second))
    }

    @Test("a superclass registered with a subclass's instance returns it, and hooks receive it", arguments: backends)
    func superclassRegistration(backend: Box.Backend) {
        let box = Box(backend: backend)
        let seen = Mutexed<[String]>([])
        box.register(Appliance.self, life: .permanent) { Kettle() }
            .onInitialised { _, service in seen.mutate { $0.append((service as! Appliance).label) } }
        let appliance = box.resolve(Appliance.self)
        #expect(appliance.label == "kettle")
        #expect(appliance === box.resolve(Appliance.self))
        #expect(seen.value == ["kettle"])
    }

    @Test(
        "service(_:) returns what a resolve returns, for a class registered either way",
        arguments: backends, [false, true])
    func serviceMatchesResolve(backend: Box.Backend, fromGenericCode: Bool) {
        let box = Box(backend: backend)
        let registration =
            fromGenericCode
            ? registerAnyType(box, life: .permanent) { _ in Tracked(3) }
            : box.register(life: .permanent) { _ in Tracked(3) }
        let served = registration.service(box) as? Tracked
        #expect(served?.id == 3)
        #expect(served === box.resolve() as Tracked)
    }

    @Test("a copied box makes its own instances of a class registered either way", arguments: backends)
    func copiesMakeTheirOwn(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(life: .permanent) { Tracked(4) }
        registerAnyType(box, life: .permanent) { _ in Engine(cylinders: 6) }
        let copy = Box(copying: box)
        #expect((copy.resolve() as Tracked) !== (box.resolve() as Tracked))
        #expect((copy.resolve() as Engine) !== (box.resolve() as Engine))
        #expect((copy.resolve() as Engine).cylinders == 6)
    }
}
