// The services every benchmark resolves, shared by the report, the package-benchmark suite and GuardProbe. The
// initialisers are @inlinable so that making one costs the same as if it were declared where it is used.

/// The protocol an `Engine` is resolved as through a `forward`.
public protocol Powered: AnyObject, Sendable {
    /// Its power.
    var horsepower: Int { get }
}

/// A service registered `.permanent`: one shared instance.
public final class Engine: Powered {
    /// Its power; a stored property so that an instance is not empty.
    public let horsepower: Int

    /// Makes an engine.
    @inlinable
    public init(horsepower: Int = 300) {
        self.horsepower = horsepower
    }
}

/// The protocol a service is registered as in the protocol-typed resolve.
public protocol Vehicle: AnyObject, Sendable {
    /// How many wheels it has.
    var wheels: Int { get }
}

/// A small class, registered `.transient`: a new one on every resolve.
public final class Car: Vehicle {
    /// How many wheels it has.
    public let wheels: Int

    /// Makes a car.
    @inlinable
    public init(wheels: Int = 4) {
        self.wheels = wheels
    }
}

/// The leaf of the three-level graph A(B(C)).
public final class GraphC: Sendable {
    /// Makes the leaf.
    @inlinable
    public init() {}
}

/// The middle of the three-level graph A(B(C)).
public final class GraphB: Sendable {
    /// The leaf it holds.
    public let c: GraphC

    /// Makes the middle around its leaf.
    @inlinable
    public init(c: GraphC) {
        self.c = c
    }
}

/// The root of the three-level graph A(B(C)).
public final class GraphA: Sendable {
    /// The middle it holds.
    public let b: GraphB

    /// Makes the root around its middle.
    @inlinable
    public init(b: GraphB) {
        self.b = b
    }
}

/// A type nobody registers: what the miss resolves.
public final class Unregistered {
    /// Makes one (the benchmarks never do).
    @inlinable
    public init() {}
}
