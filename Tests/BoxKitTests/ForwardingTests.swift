@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Testing

/// A second protocol `Car` conforms to, beside `Vehicle`.
protocol Drivable: AnyObject {}
extension Car: Drivable {}

@Suite("Forwarding a registration to other types")
struct ForwardingTests {
    @Test("a permanent service resolved as a forwarded protocol is the one instance", arguments: backends)
    func forwardSharesPermanent(backend: Box.Backend) {
        let box = Box(backend: backend)
        let made = Counter()
        box.register(life: .permanent, made.counting { Car() })
        box.forward(Vehicle.self, Drivable.self, to: Car.self)
        let car: Car = box.resolve()
        #expect(box.resolve(Vehicle.self) as? Car === car)
        #expect(box.resolve(Drivable.self) as? Car === car)
        #expect(made.count == 1)
    }

    @Test("a transient service resolved through a forward is made each time", arguments: backends)
    func forwardOfTransient(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Car() }
        box.forward(Vehicle.self, to: Car.self)
        #expect(box.resolve(Vehicle.self) as? Car !== box.resolve(Vehicle.self) as? Car)
    }

    @Test("a forward under a key reaches the service under that key", arguments: backends)
    func forwardWithKey(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(life: .permanent) { Car(name: "plain") }
        box.register(key: "BMW", life: .permanent) { Car(name: "BMW") }
        box.forward(Vehicle.self, to: Car.self, key: "BMW")
        #expect(box.resolve(Vehicle.self, key: "BMW").name == "BMW")
        #expect(!box.isRegistered(Vehicle.self))
    }

    @Test("a child that registers its own service gets it through the parent's forward", arguments: backends)
    func forwardFromChild(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Car(name: "parent") }
        box.forward(Vehicle.self, to: Car.self)
        let child = box.newChildBox(forKey: "child")
        child.register { Car(name: "child") }
        #expect(child.resolve(Vehicle.self).name == "child")
        #expect(box.resolve(Vehicle.self).name == "parent")
    }

    @Test("a forward to a superclass hands over the subclass instance", arguments: backends)
    func forwardToSuperclass(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(life: .permanent) { Roadster() }
        box.forward(Chassis.self, to: Roadster.self)
        #expect(box.resolve(Chassis.self) === box.resolve(Roadster.self))
    }

    @Test("forwards are recorded as dependencies of the forwarded type", arguments: backends)
    func forwardInDependencyGraph(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Car() }
        box.forward(Vehicle.self, to: Car.self)
        _ = box.resolve(Vehicle.self)
        #expect(box.dependencyGraph().dot.contains("\"BoxKitTests.Vehicle\" -> \"BoxKitTests.Car\";"))
    }

    @Test("resolving a forward to a service of another type stops the program naming both")
    func mismatchTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let box = Box()
            box.register { Engine() }
            box.forward(Vehicle.self, to: Engine.self)
            _ = box.resolve(Vehicle.self)
        }
        #expect(
            standardError(of: result).contains(
                "BoxKit: BoxKitTests.Engine is not a BoxKitTests.Vehicle, so it cannot be resolved as one: "
                    + "forward(BoxKitTests.Vehicle.self, to: ...) needs a subclass or a conforming type. "
                    + "Resolution chain: BoxKitTests.Vehicle."))
    }

    @Test("verify() reports a forward to a service of another type", arguments: backends)
    func verifyReportsMismatch(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Engine() }
        box.forward(Vehicle.self, to: Engine.self)
        let problems = box.verify()
        #expect(problems.map(\.reason) == [.typeMismatch])
    }
}

/// A subclass, to forward its superclass to.
final class Roadster: Chassis {}
class Chassis {}

/// A protocol that class and value types alike may adopt, whose existential holds its value in a buffer.
private protocol Labelled {
    var name: String { get }
}

extension Car: Labelled {}

/// A subclass of `Car`'s sibling under `Chassis`: an instance of another class than the first one resolved.
final class Coupe: Chassis, Vehicle {
    let name = "coupe"
}

extension Roadster: Vehicle {
    var name: String { "roadster" }
}

/// A forward hands a class instance over by a template of its first cast: these check that what it hands over
/// is what the cast makes, for each shape a forwarded type may have, ready or made each time.
@Suite("Forwarding: what a resolve through a forward hands over")
struct ForwardedValueTests {
    @Test("a protocol that is not class-bound hands over the instance, again and again", arguments: plainLifetimes)
    func openExistential(life: LifeType) {
        let box = Box()
        box.register(life: life) { Car(name: "open") }
        box.forward(Labelled.self, to: Car.self)
        for _ in 0..<3 {
            let labelled = box.resolve(Labelled.self)
            #expect(labelled.name == "open")
            #expect((labelled as? Car) != nil)
        }
    }

    @Test("a composition of class-bound protocols hands over the instance, again and again", arguments: plainLifetimes)
    func classBoundComposition(life: LifeType) {
        let box = Box()
        box.register(life: life) { Car(name: "composed") }
        box.forward((any Vehicle & Drivable).self, Any.self, AnyObject.self, to: Car.self)
        for _ in 0..<3 {
            #expect(box.resolve((any Vehicle & Drivable).self).name == "composed")
            #expect((box.resolve(Any.self) as? Car)?.name == "composed")
            #expect((box.resolve(AnyObject.self) as? Car)?.name == "composed")
        }
    }

    @Test("a target replaced by an instance of another class is cast afresh")
    func anotherClass() {
        let box = Box()
        box.register(Chassis.self, life: .permanent) { Roadster() }
        box.forward(Vehicle.self, to: Chassis.self)
        #expect(box.resolve(Vehicle.self).name == "roadster")
        #expect(box.resolve(Vehicle.self).name == "roadster")
        box.register(Chassis.self, life: .permanent) { Coupe() }
        #expect(box.resolve(Vehicle.self).name == "coupe")
        #expect(box.resolve(Vehicle.self) as? Coupe === box.resolve(Chassis.self))
    }

    @Test("a ready target replaced is what the next resolve through the forward returns", arguments: backends)
    func replacedTarget(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(life: .permanent) { Car(name: "first") }
        box.forward(Vehicle.self, to: Car.self)
        for _ in 0..<3 { #expect(box.resolve(Vehicle.self).name == "first") }
        box.register(life: .permanent) { Car(name: "second") }
        #expect(box.resolve(Vehicle.self).name == "second")
        #expect(box.resolve(Vehicle.self) as? Car === box.resolve(Car.self))
    }

    @Test(
        "a child's own ready target wins over the parent's, which the forward already hands over", arguments: backends)
    func childTargetWins(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(life: .permanent) { Car(name: "parent") }
        box.forward(Vehicle.self, to: Car.self)
        let child = box.newChildBox(forKey: "child")
        for _ in 0..<3 { #expect(child.resolve(Vehicle.self).name == "parent") }
        child.register(life: .permanent) { Car(name: "child") }
        for _ in 0..<3 { #expect(child.resolve(Vehicle.self).name == "child") }
        #expect(box.resolve(Vehicle.self).name == "parent")
    }

    @Test("a forward of a permanent resolved first as itself is recorded as a dependency", arguments: backends)
    func dependencyOfAReadyTarget(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(life: .permanent) { Car() }
        box.forward(Vehicle.self, to: Car.self)
        _ = box.resolve(Car.self)
        _ = box.resolve(Vehicle.self)
        #expect(box.dependencyGraph().dot.contains("\"BoxKitTests.Vehicle\" -> \"BoxKitTests.Car\";"))
    }
}
