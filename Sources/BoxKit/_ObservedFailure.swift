/// What a failed resolve observed, as identities: the service type, key and argument types it asked for (or
/// the registration it found), the registrations in flight around it, and the box it started from.
///
/// Making one costs no name, no string and no look through the registry, so that a miss costs about what a
/// hit does (`try?` throws the error away unread). ``BoxError`` renders names, the chain and the nearest
/// registrations from these facts when a property is read; the nearest registrations and the
/// argument-mismatch check see the boxes as they are then.
///
/// `@unchecked Sendable`: every field is immutable; the registrations and the box are themselves safe to
/// use from any thread, and metatypes are immutable.
struct _ObservedFailure: @unchecked Sendable {
    /// How the resolve failed.
    enum Kind {
        /// Nothing registered for `serviceType`, `key` and `arguments` (or registered only with other
        /// argument types): `.notRegistered` or `.argumentMismatch`, told apart when read.
        case missing
        /// `registration` is already being made on this thread or in this task.
        case cycle
        /// `registration` has an async factory and the resolve was synchronous.
        case asyncFactory
        /// `registration` takes runtime arguments and was resolved without any (`ServiceStoring.service`).
        case argumentsRequired
    }

    let kind: Kind
    /// The service type asked for (for the registration kinds, the registration's).
    let serviceType: Any.Type
    let key: String?
    /// The types of the runtime arguments the resolve passed.
    let arguments: [Any.Type]
    /// The registration the resolve found, for every kind but `.missing`.
    let registration: _AnyServiceBox?
    /// The resolutions in flight when it failed, outermost first, not counting the failed one.
    let inFlight: [_AnyServiceBox]
    /// The box the resolve started from: where the nearest registrations are looked for.
    let origin: Box

    /// A resolve of `type`, `key` and argument types `arguments` from `origin` that found nothing.
    static func missing(
        _ type: Any.Type, key: String?, arguments: [Any.Type], inFlight: [_AnyServiceBox], origin: Box
    ) -> _ObservedFailure {
        _ObservedFailure(
            kind: .missing, serviceType: type, key: key, arguments: arguments, registration: nil,
            inFlight: inFlight, origin: origin)
    }

    /// A resolve from `origin` that found `registration` and could not make it, for `kind`'s reason.
    static func failed(
        _ kind: Kind, _ registration: _AnyServiceBox, inFlight: [_AnyServiceBox], origin: Box
    ) -> _ObservedFailure {
        let arguments = kind == .argumentsRequired ? [] : registration.argumentTypes
        return _ObservedFailure(
            kind: kind, serviceType: registration.serviceType, key: registration.key, arguments: arguments,
            registration: registration, inFlight: inFlight, origin: origin)
    }

    /// What makes two failures say the same: the identities they were observed with. Two failures with the
    /// same identity render the same text, so comparing this spares rendering both.
    struct Identity: Hashable {
        let kind: Kind
        let serviceType: ObjectIdentifier
        let key: String?
        let arguments: [ObjectIdentifier]
        let registration: ObjectIdentifier?
        let inFlight: [ObjectIdentifier]
        let origin: ObjectIdentifier
    }

    /// This failure's identity.
    var identity: Identity {
        Identity(
            kind: kind, serviceType: ObjectIdentifier(serviceType), key: key,
            arguments: arguments.map { ObjectIdentifier($0) }, registration: registration.map(ObjectIdentifier.init),
            inFlight: inFlight.map(ObjectIdentifier.init), origin: ObjectIdentifier(origin))
    }

    /// Whether the resolve found nothing to resolve: `.notRegistered` or `.argumentMismatch`.
    var isMissingRegistration: Bool { kind == .missing || kind == .argumentsRequired }

    /// The reason; for `.missing`, whether the lineage holds the type and key with other argument types.
    ///
    /// - Complexity: O(n) in the registrations of the lineage for `.missing`, O(1) otherwise.
    var reason: BoxError.Reason {
        switch kind {
        case .missing: otherSignatures.isEmpty ? .notRegistered : .argumentMismatch
        case .cycle: .cycle
        case .asyncFactory: .asyncFactory
        case .argumentsRequired: .argumentMismatch
        }
    }

    /// The argument types the request's type and key are registered with, as names, when they differ from
    /// the request's.
    var registeredArguments: [[String]] {
        switch kind {
        case .missing: otherSignatures.map(_names)
        case .argumentsRequired: [_names(registration.unsafelyUnwrapped.argumentTypes)]
        case .cycle, .asyncFactory: []
        }
    }

    /// The names of the resolutions in flight, then of the one that failed.
    var chain: [String] {
        let failed =
            registration.map { kind == .argumentsRequired ? _describe(serviceType, key: key) : $0.displayName }
            ?? _describe(serviceType, key: key, arguments: arguments)
        return inFlight.map(\.displayName) + [failed]
    }

    /// The registrations closest to the request, in `origin` and its ancestors as they are now.
    var nearest: [String] {
        origin._nearest(to: serviceType, key: key, arguments: arguments)
    }

    /// The argument signatures the type and key are registered with in the lineage, other than the
    /// request's.
    private var otherSignatures: [[Any.Type]] {
        origin._argumentSignatures(of: serviceType, key: key, excluding: arguments)
    }
}
