/// How long a resolved service lives.
///
/// ```swift
/// box.register(life: .permanent) { Engine() }   // one shared instance
/// box.register { Car() }                        // a new Car on every resolve
/// ```
public enum LifeType: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A new instance on every resolve: the factory runs each time.
    case transient
    /// One instance, made by the factory on first resolve (exactly once, even when many threads resolve at
    /// the same moment) and shared from then on, also with child boxes that reach it.
    case permanent

    /// `transient` or `permanent`.
    public var description: String {
        switch self {
        case .transient: "transient"
        case .permanent: "permanent"
        }
    }
}
