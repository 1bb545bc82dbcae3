/// What a registration is to a test box, kept in its flags (`_AnyRegistration.testRole`) and carried to its
/// copies and resets.
enum _TestRole: UInt8 {
    /// Registered into a box by code: the app's own registration (live, when a test box copies it from the
    /// app's box), or a test double (when a test box copies it from another test box, where only the test
    /// registers).
    case registered = 0
    /// Safe to make in tests: marked ``ServiceStoring/testSafe()``, an unimplemented registration, or the
    /// override a registration chose for tests or previews.
    case safe
    /// A test box's copy of a live registration, made as in the app (the box allows live registrations).
    case live
    /// A test box's copy of a live registration whose factory reports its use first (`.strict`).
    case reportsUse
    /// A test box's copy of a live registration whose factory stops the program instead (`.stop`).
    case stopsUse

    /// The role of a copy whose factory checks its use under `policy` (not `.allow`).
    static func checked(under policy: LiveServicePolicy) -> _TestRole {
        policy == .stop ? .stopsUse : .reportsUse
    }

    /// Whether the factory checks its use first (`_LiveServiceCheck`).
    var isChecked: Bool { self == .reportsUse || self == .stopsUse }

    /// The rule the factory's check applies: `.allow` when it has none.
    var policy: LiveServicePolicy {
        switch self {
        case .reportsUse: .strict
        case .stopsUse: .stop
        case .registered, .safe, .live: .allow
        }
    }
}
