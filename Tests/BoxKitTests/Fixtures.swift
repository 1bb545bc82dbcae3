@_spi(Baseline) import BoxKit
@_exported @_spi(Baseline) import BoxKitTestSupport
import Foundation
import Testing

// Shared fixtures for the behaviour suite: the cars, engines and crash-test dummies of the SwincyBox
// README, plus types that probe type identity.

protocol Vehicle: AnyObject {
    var name: String { get }
}

final class Engine {
    let cylinders: Int
    init(cylinders: Int = 4) { self.cylinders = cylinders }
}

final class Car: Vehicle {
    let engine: Engine
    let name: String
    init(engine: Engine = Engine(), name: String = "car") {
        self.engine = engine
        self.name = name
    }
}

final class SafetyCar {
    weak var driver: Dummy?
}

final class Dummy {
    let car: SafetyCar
    init(car: SafetyCar) { self.car = car }
}

/// Two services that each want the other, wired by `onInitialised` hooks.
final class Parent {
    var child: Child?
}

final class Child {
    weak var parent: Parent?
}

/// A car made to order from runtime arguments.
final class OrderedCar {
    let colour: String
    let doors: Int
    let engine: Engine
    let extras: [String]
    var buyer: Buyer?
    init(colour: String, doors: Int = 5, engine: Engine = Engine(), extras: [String] = []) {
        self.colour = colour
        self.doors = doors
        self.engine = engine
        self.extras = extras
    }
}

/// Who ordered an `OrderedCar`; points back at it.
final class Buyer {
    let name: String
    weak var car: OrderedCar?
    init(name: String) { self.name = name }
}

/// The dependency graph's edges once a `Workshop` whose factory resolved a `Car`, then an `Engine`, was made.
let edgesOfAWorkshopThatResolvedACarThenAnEngine: [DependencyGraph.Edge] = [
    .init(from: "BoxKitTests.Workshop", to: "BoxKitTests.Car"),
    .init(from: "BoxKitTests.Workshop", to: "BoxKitTests.Engine"),
]

struct Point: Equatable {
    var x: Int
    var y: Int
}

struct Generic<T> {
    let tag: String
}

enum Showroom {
    final class Car {
        let tag = "Showroom.Car"
    }
}

enum Garage {
    final class Car {
        let tag = "Garage.Car"
    }
}

/// A service that depends on itself through another: A needs B needs A.
final class CycleA {
    init(_ b: CycleB) {}
}

final class CycleB {
    init(_ a: CycleA?) {}
}

/// Registers the cycle `CycleA -> CycleB -> CycleA`, in which `CycleB`'s factory resolves `CycleA` with
/// `tryResolve`, keeps the error that reports the cycle, and returns a `CycleB` without it; returns where the
/// error is kept.
func registerCycleCatchingItsError(in box: Box) -> Mutexed<BoxError?> {
    let captured = Mutexed<BoxError?>(nil)
    box.register { r in CycleA(r.resolve()) }
    box.register { r in
        do throws(BoxError) {
            return CycleB(try r.tryResolve(CycleA.self))
        } catch {
            captured.mutate { $0 = error }
            return CycleB(nil)
        }
    }
    return captured
}

/// An object whose release a test observes through a weak reference.
final class Tracked {
    let id: Int
    init(_ id: Int = 0) { self.id = id }
}

/// Both backends by name, for exit tests: an exit test's body captures only `Codable` values.
let backendNames = backends.map(\.description)

extension Box {
    /// A box of the backend whose `description` is `name` ("hashTable" or "dictionary"), inside an exit test.
    convenience init(backendNamed name: String) {
        guard let backend = Box.Backend.allCases.first(where: { $0.description == name }) else {
            fatalError("no backend named \(name)")
        }
        self.init(backend: backend)
    }
}

/// What an exit test's child process wrote to standard error, as text.
func standardError(of result: ExitTest.Result?) -> String {
    String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
}

/// The lifetimes an async factory may have: all but `.graph`, which lasts one synchronous resolve.
let asyncLifetimes = plainLifetimes.filter { $0 != .graph }

/// The lifetimes a registration without runtime arguments may have: all but `.perArguments`.
let plainLifetimes = LifeType.allCases.filter { $0 != .perArguments }

/// The `BoxError` that `body` throws, expected to have `reason`: records an issue and throws when `body`
/// throws nothing (or another error), and records one when the reason differs.
@discardableResult
func expectBoxError<R>(
    _ reason: BoxError.Reason, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> R
) throws -> BoxError {
    let error = try #require(throws: BoxError.self, sourceLocation: sourceLocation) { _ = try body() }
    #expect(error.reason == reason, sourceLocation: sourceLocation)
    return error
}
