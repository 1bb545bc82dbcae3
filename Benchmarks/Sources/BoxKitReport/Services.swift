/// A service registered `.permanent`: one shared instance.
final class Engine: Sendable {
    let horsepower: Int

    init(horsepower: Int = 300) {
        self.horsepower = horsepower
    }
}

/// The protocol a service is registered as in the protocol-typed resolve.
protocol Vehicle: AnyObject, Sendable {
    var wheels: Int { get }
}

/// A small class, registered `.transient`: a new one on every resolve.
final class Car: Vehicle {
    let wheels: Int

    init(wheels: Int = 4) {
        self.wheels = wheels
    }
}

/// The leaf of the three-level graph A(B(C)).
final class GraphC: Sendable {}

/// The middle of the three-level graph A(B(C)).
final class GraphB: Sendable {
    let c: GraphC

    init(c: GraphC) {
        self.c = c
    }
}

/// The root of the three-level graph A(B(C)).
final class GraphA: Sendable {
    let b: GraphB

    init(b: GraphB) {
        self.b = b
    }
}

/// A type nobody registers: what the miss resolves.
final class Unregistered {}
