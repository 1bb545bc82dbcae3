/// What the factory of a test box's copy of a live registration calls before it runs (`unmade(checking:)`
/// wraps it): the test box's rule for live registrations (``LiveServicePolicy``) applied to that registration.
///
/// Only copies made for a test box whose rule is not `.allow` have one, so no other box, and no resolve of
/// anything else, pays for it. A test that replaces the registration replaces the check with it.
final class _LiveServiceCheck: @unchecked Sendable {
    // `@unchecked Sendable`: every field is immutable; metatypes are immutable.

    /// Where problems go, and the rule.
    let issues: _TestIssues
    /// The registration's identity, for the error.
    let serviceType: Any.Type
    let key: String?
    let argumentTypes: [Any.Type]

    init(_ registration: _AnyRegistration, _ issues: _TestIssues) {
        self.issues = issues
        serviceType = registration.serviceType
        key = registration.key
        argumentTypes = registration.argumentTypes
    }

    /// Whether a test box counts `registration`, which it copies from `other`, as live: it makes something (a
    /// forward does not: its target is checked), and it is a live copy already, or the app registered it. In
    /// a test box only the test registers, so what `other` holds there that is not a copy is a test double.
    static func isLive(_ registration: _AnyRegistration, copiedFrom other: Box) -> Bool {
        guard !registration.isForward else { return false }
        switch registration.testRole {
        case .safe: return false
        case .live, .reportsUse, .stopsUse: return true
        case .registered: return other._testIssues == nil
        }
    }

    /// Applies the rule, before the factory runs: under `.strict`, reports the first use and returns, so that
    /// the factory runs; under `.stop`, stops the program. In a verification (``Box/verify()``), stops only
    /// its thread, so that the verification lists the registration with the chain that reached it, and no
    /// live factory runs.
    func enter() {
        let error = {
            Box._errorInFactory(
                .liveService, of: self.serviceType, key: self.key, arguments: self.argumentTypes,
                origin: self.issues.origin)
        }
        if issues.liveServices == .stop || _ResolutionThread.sandbox != nil { Box._stop(with: error()) }
        issues.reportOnce(_TestIssues.Subject(.liveService, serviceType, key: key, arguments: argumentTypes), error)
    }

    /// `factory`, calling `check.enter()` first; `factory` itself when either is `nil`.
    static func checking<Made>(_ factory: (() -> Made)?, _ check: _LiveServiceCheck?) -> (() -> Made)? {
        guard let check, let factory else { return factory }
        return {
            check.enter()
            return factory()
        }
    }

    /// `factory`, calling `check.enter()` first; `factory` itself when either is `nil`.
    static func checking<Made>(
        _ factory: ((Resolver) -> Made)?, _ check: _LiveServiceCheck?
    ) -> ((Resolver) -> Made)? {
        guard let check, let factory else { return factory }
        return { resolver in
            check.enter()
            return factory(resolver)
        }
    }

    /// `factory`, a factory that may throw, calling `check.enter()` first; `factory` itself when either is `nil`.
    static func checking<Made>(
        throwing factory: ((Resolver) throws -> Made)?, _ check: _LiveServiceCheck?
    ) -> ((Resolver) throws -> Made)? {
        guard let check, let factory else { return factory }
        return { resolver in
            check.enter()
            return try factory(resolver)
        }
    }
}
