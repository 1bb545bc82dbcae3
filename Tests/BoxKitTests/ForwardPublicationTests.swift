import Foundation
import Testing

@testable import BoxKit

/// A forward whose target is a ready class instance in its own box has the instance published in its own entry
/// after a few resolves, and read from there as a permanent's is. These check that every write that changes
/// the target withdraws it: what a resolve through the forward returns is always what resolving the target
/// returns now.
@Suite("Forwarding: a target published in the forward's entry")
struct ForwardPublicationTests {
    /// A box with a permanent `Car` named `name` and `Vehicle` forwarded to it, resolved through the forward
    /// often enough to publish the car in the forward's entry (the first resolve casts, the second
    /// publishes).
    private func publishedBox(_ name: String = "first", key: String? = nil) -> Box {
        let box = Box()
        box.register(key: key, life: .permanent) { Car(name: name) }
        box.forward(Vehicle.self, to: Car.self, key: key)
        for _ in 0..<3 { #expect(box.resolve(Vehicle.self, key: key).name == name) }
        return box
    }

    @Test("resolves through a published forward hand over the target's one instance")
    func publishedIsTheTarget() {
        let box = publishedBox()
        #expect(box.resolve(Vehicle.self) as? Car === box.resolve(Car.self))
    }

    @Test("re-registering the target withdraws it from the forward", arguments: [nil, "BMW"] as [String?])
    func reRegisteredTarget(key: String?) {
        let box = publishedBox(key: key)
        box.register(key: key, life: .permanent) { Car(name: "second") }
        for _ in 0..<3 { #expect(box.resolve(Vehicle.self, key: key).name == "second") }
        #expect(box.resolve(Vehicle.self, key: key) as? Car === box.resolve(Car.self, key: key))
    }

    @Test("unregistering the target makes a resolve through the forward fail as the target's would")
    func unregisteredTarget() {
        let box = publishedBox()
        box.unregister(Car.self)
        #expect(throws: BoxError.self) { try box.tryResolve(Vehicle.self) }
        #expect((try? box.tryResolve(Vehicle.self)) == nil)
    }

    @Test("resetting the target hands over its next instance, and the forward keeps the old one no longer")
    func resetTarget() {
        let box = publishedBox()
        weak let old = box.resolve(Car.self)
        #expect(box.reset(Car.self))
        let next = box.resolve(Vehicle.self)
        #expect(next !== old)
        #expect(next as? Car === box.resolve(Car.self))
        #expect(eventuallyReleased(box) { old == nil })
    }

    @Test("clearing the box withdraws every publication")
    func clearedBox() {
        let box = publishedBox()
        box.clear()
        #expect((try? box.tryResolve(Vehicle.self)) == nil)
        box.register(life: .permanent) { Car(name: "after") }
        box.forward(Vehicle.self, to: Car.self)
        for _ in 0..<3 { #expect(box.resolve(Vehicle.self).name == "after") }
    }

    @Test("a forward to a forward sees its final target replaced")
    func forwardToForward() {
        let box = Box()
        box.register(life: .permanent) { Car(name: "first") }
        box.forward(Vehicle.self, to: Car.self)
        box.forward(AnyObject.self, to: Vehicle.self)
        for _ in 0..<3 { #expect((box.resolve(AnyObject.self) as? Car)?.name == "first") }
        box.register(life: .permanent) { Car(name: "second") }
        for _ in 0..<3 {
            #expect((box.resolve(AnyObject.self) as? Car)?.name == "second")
            #expect(box.resolve(Vehicle.self).name == "second")
        }
    }

    @Test("a forward to a superclass, one reference wide, is withdrawn like any other")
    func superclassForward() {
        let box = Box()
        box.register(Chassis.self, life: .permanent) { Roadster() }
        box.forward(AnyObject.self, to: Chassis.self)
        for _ in 0..<3 { #expect(box.resolve(AnyObject.self) is Roadster) }
        box.register(Chassis.self, life: .permanent) { Coupe() }
        for _ in 0..<3 { #expect(box.resolve(AnyObject.self) is Coupe) }
    }

    @Test("withdrawing a publication keeps the box's registrations, in their order")
    func withdrawalKeepsRegistrations() {
        let box = publishedBox()
        box.register { Engine() }
        let before = box.registeredServiceCount
        box.register(life: .permanent) { Car(name: "second") }
        #expect(box.registeredServiceCount == before)
        #expect(box.resolve(Vehicle.self).name == "second")
    }

    @Test("a forward whose publication was withdrawn records its edge in the dependency graph again when resolved")
    func withdrawalRecordsDependencyAgain() {
        let box = publishedBox()
        let edge = "\"BoxKitTests.Vehicle\" -> \"BoxKitTests.Car\";"
        #expect(box.dependencyGraph().dot.contains(edge))
        box.register(life: .permanent) { Car(name: "second") }
        #expect(box.resolve(Vehicle.self).name == "second")
        #expect(box.dependencyGraph().dot.contains(edge))
    }

    @Test("a provider of the forward does not keep a withdrawn target alive")
    func providerDoesNotKeepWithdrawnTarget() {
        let box = publishedBox()
        let vehicle = box.provider(Vehicle.self)
        weak let old = box.resolve(Car.self)
        #expect(vehicle().name == "first")
        #expect(box.reset(Car.self))
        #expect(eventuallyReleased(box) { old == nil })
        #expect(vehicle() as? Car === box.resolve(Car.self))
    }

    @Test("a child box resolving through its parent's published forward gets its own target")
    func childOverridesPublishedTarget() {
        let box = publishedBox("parent")
        let child = box.newChildBox(forKey: "child")
        child.register(life: .permanent) { Car(name: "child") }
        for _ in 0..<3 { #expect(child.resolve(Vehicle.self).name == "child") }
        #expect(box.resolve(Vehicle.self).name == "parent")
    }

    @Test("resolves through a forward racing re-registrations of its target always see a live target")
    func racingReRegistrations() async {
        let box = publishedBox("0")
        await race(
            writing: { round in box.register(life: .permanent) { Car(name: "\(round)") } },
            reading: { #expect(Int(box.resolve(Vehicle.self).name).map { (0...Self.rounds).contains($0) } == true) })
        #expect(box.resolve(Vehicle.self).name == "\(Self.rounds)")
        #expect(box.resolve(Vehicle.self) as? Car === box.resolve(Car.self))
    }

    @Test("resolves racing a published forward replaced by a registration of its own always get a live vehicle")
    func racingReplacedForward() async {
        let box = publishedBox("forwarded")
        await race(
            writing: { _ in
                box.register(Vehicle.self, life: .permanent) { Car(name: "own") }
                box.forward(Vehicle.self, to: Car.self)
            },
            reading: { #expect(["forwarded", "own"].contains(box.resolve(Vehicle.self).name)) })
        for _ in 0..<3 { #expect(box.resolve(Vehicle.self) as? Car === box.resolve(Car.self)) }
    }

    /// How many writes a race makes; each of its two readers reads five times as often.
    private static let rounds = 2_000

    /// Runs `writing` for rounds 1 through `rounds` on one task while two others each run `reading` five times
    /// as often.
    private func race(writing: @escaping @Sendable (Int) -> Void, reading: @escaping @Sendable () -> Void) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { for round in 1...Self.rounds { writing(round) } }
            for _ in 0..<2 {
                group.addTask { for _ in 0..<(Self.rounds * 5) { reading() } }
            }
        }
    }
}
