import BoxKit
import Testing

// This module is compiled with `-default-isolation MainActor` (Swift 6.2's `.defaultIsolation(MainActor.self)`,
// which app targets now use): every declaration here is main-actor-isolated unless marked otherwise. The
// registrations below are the README's, unchanged; they must compile without ambiguity and resolve.

final class Engine {}

final class Car: Vehicle {
    let engine: Engine

    init(engine: Engine = Engine()) { self.engine = engine }
}

protocol Vehicle: AnyObject {}

/// A view model, main-actor-isolated by the module's default.
final class ScreenModel {
    let car: Car

    init(car: Car) { self.car = car }
}

@Suite("Registrations in a module whose default isolation is the main actor")
struct DefaultIsolationTests {
    @Test("plain registrations compile as they do elsewhere and resolve on the main actor")
    func plainRegistrations() {
        let box = Box()
        box.register { Engine() }
        box.register(key: "BMW", life: .permanent) { Car() }
        box.register(Car.self, key: "sports", life: .transient) { r in Car(engine: r.resolve()) }
        box.register { Car() as Vehicle }
        let bmw: Car = box.resolve(key: "BMW")
        #expect(bmw === box.resolve(Car.self, key: "BMW"))
        #expect(box.resolve(Car.self, key: "sports") !== bmw)
        #expect(box.resolve(Vehicle.self) is Car)
    }

    @Test("an isolated registration of a main-actor type resolves synchronously here")
    func isolatedRegistration() {
        let box = Box()
        box.register { Car() }
        box.register(isolatedTo: MainActor.self) { @MainActor r in ScreenModel(car: r.resolve()) }
        #expect(box.resolve(ScreenModel.self).car !== box.resolve(ScreenModel.self).car)
    }

    @Test("from a detached task, the isolated registration is reached with an await that hops here")
    func hopFromDetachedTask() async {
        let box = Box()
        box.register(life: .permanent, isolatedTo: MainActor.self) { @MainActor in ScreenModel(car: Car()) }
        let madeByTheHop = await Task.detached { await box.resolveAsync(ScreenModel.self) }.value
        #expect(box.resolve(ScreenModel.self) === madeByTheHop)
    }
}
