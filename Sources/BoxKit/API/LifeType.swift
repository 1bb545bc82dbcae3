/// How long a resolved service lives.
///
/// ```swift
/// box.register(life: .permanent) { Engine() }   // one shared instance
/// box.register { Car() }                        // a new Car on every resolve
/// box.register(life: .graph) { Wheel() }        // one Wheel per top-level resolve, shared inside it
/// box.register(life: .weak) { Session() }       // shared while someone holds it, then made again
/// ```
public enum LifeType: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A new instance on every resolve: the factory runs each time.
    case transient
    /// One instance, made by the factory on first resolve (exactly once, even when many threads resolve at
    /// the same moment) and shared from then on, also with child boxes that reach it.
    case permanent
    /// One instance per top-level resolve: every resolve of the registration made while building one object
    /// graph (on one thread, inside the outermost `resolve`) shares it; the next top-level resolve makes a
    /// new one. Resolved on its own, at the top level, it behaves as `.transient`. Like `.transient`, the
    /// factory receives the box the resolve started from.
    case graph
    /// One shared instance while anyone else holds a strong reference to it; once the last one is gone, the
    /// next resolve makes a new one. The box itself holds it weakly, so only class instances qualify: when
    /// the factory makes a value (a struct, an enum, an optional), `tryResolve` throws a ``BoxError`` with
    /// reason ``BoxError/Reason-swift.enum/typeMismatch`` saying so, and `resolve` stops the program with that
    /// message. As for `.permanent`, creation is serialised and the factory receives the box holding the
    /// registration.
    case weak
    /// For a registration with runtime arguments
    /// (``Box/register(_:key:life:maximumInstances:_:)``): one instance per distinct value of the
    /// arguments, made by the first resolve that passes that value (exactly once, as `.permanent`'s) and
    /// shared by every later one; the arguments must be `Hashable`. ``Box/reset()`` drops them all.
    /// Registering a factory without arguments, or with an argument type that is not `Hashable`, with this
    /// lifetime stops the program naming it.
    ///
    /// Values are told apart as `Hashable` says: `0.0` and `-0.0` are one value, and arguments that equal
    /// nothing, not even themselves (a `Double.nan`), never match the instance made for them, so each
    /// resolve with them makes and keeps a new one. The argument values are kept with their instances, all
    /// of them unless the registration's `maximumInstances` bounds them (it then drops the least recently
    /// used, approximately). A resolve that finds its value's instance takes no lock and allocates nothing;
    /// hashing and comparing the arguments (their `hash(into:)` and `==`) runs outside every lock. The first
    /// resolve of a value waits only for another thread making that same value's instance, and a factory
    /// may resolve its own registration with another value (a tree of nodes, say); with the same value, it
    /// is a cycle.
    case perArguments

    /// `transient`, `permanent`, `graph`, `weak` or `perArguments`.
    public var description: String {
        switch self {
        case .transient: "transient"
        case .permanent: "permanent"
        case .graph: "graph"
        case .weak: "weak"
        case .perArguments: "perArguments"
        }
    }

    /// Whether registrations of this lifetime keep instances to share, which a reset drops.
    var sharesInstances: Bool { self == .permanent || self == .weak || self == .perArguments }
}
