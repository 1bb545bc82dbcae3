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
