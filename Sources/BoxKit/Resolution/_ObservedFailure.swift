/// What a failed resolve observed, as identities: the service type, key and argument types it asked for (or
/// those of the registration it found), the resolutions in flight around it, and the box it started from.
///
/// Making one costs no name, no string and no look through the registry, so that a miss costs about what a
/// hit does (`try?` throws the error away unread). ``BoxError`` renders names, the chain and the nearest
/// registrations from these facts when it is read; the nearest registrations and the argument-mismatch
/// check see the boxes as they are then. It keeps no registration or instance alive, and names the box by its
/// serial (`_LiveBoxes`), not by a reference: once the box is gone, nothing is registered nearby.
///
/// `@unchecked Sendable`: every field is immutable; metatypes are immutable.
struct _ObservedFailure: @unchecked Sendable {
    // The fields are few and small, the kind last, so that a `BoxError`, which every typed-throws frame
    // between a failure and its catch keeps room for, stays small.

    /// The service type asked for (for the registration kinds, the registration's).
    let serviceType: Any.Type
    let key: String?
    /// For `.argumentsRequired`, the argument types the registration takes (the resolve passed none);
    /// otherwise those of the runtime arguments the resolve passed (for a cycle or an async factory, the
    /// registration's).
    let argumentTypes: [Any.Type]
    /// For `.wrongIsolation`, the global actor the registration's factory must run on; for `.typeMismatch`,
    /// the service type the forward resolved; for `.madeValue`, the type of the value the factory made. Only
    /// its name is read.
    let otherType: Any.Type?
    /// The resolutions in flight when it failed, outermost first, not counting the failed one.
    let inFlight: [_Dependency]
    /// The serial of the box the resolve started from (`Box._serial`): where the nearest registrations are
    /// looked for, while it lives.
    let origin: UInt64
    /// How the resolve failed.
    let kind: _FailureKind

    /// A resolve of `type`, `key` and argument types `arguments` from `origin` that found nothing.
    static func missing(
        _ type: Any.Type, key: String?, arguments: [Any.Type], inFlight: [_AnyRegistration], origin: Box
    ) -> _ObservedFailure {
        _ObservedFailure(
            serviceType: type, key: key, argumentTypes: arguments, otherType: nil,
            inFlight: inFlight.map(_Dependency.init), origin: origin._serial, kind: .missing)
    }

    /// A resolve from `origin` that found `registration` and could not make it, for `kind`'s reason; `made`
    /// is, for `.madeValue`, the type of the value the factory made.
    static func failed(
        _ kind: _FailureKind, _ registration: _AnyRegistration, made: Any.Type? = nil, inFlight: [_AnyRegistration],
        origin: Box
    ) -> _ObservedFailure {
        _ObservedFailure(
            serviceType: registration.serviceType, key: registration.key, argumentTypes: registration.argumentTypes,
            otherType: kind == .wrongIsolation ? registration.isolation?.globalActor : made,
            inFlight: inFlight.map(_Dependency.init), origin: origin._serial, kind: kind)
    }

    /// A resolve of `forwarded` under `key` from `origin` through a forward whose target, of type `found`, is
    /// not a `forwarded`.
    static func typeMismatch(
        _ found: Any.Type, isNot forwarded: Any.Type, key: String?, inFlight: [_AnyRegistration], origin: Box
    ) -> _ObservedFailure {
        _ObservedFailure(
            serviceType: forwarded, key: key, argumentTypes: [], otherType: found,
            inFlight: inFlight.map(_Dependency.init), origin: origin._serial, kind: .typeMismatch)
    }

    /// What makes two failures say the same: the identities they were observed with. Two failures with the
    /// same identity render the same text, so comparing this spares rendering both.
    struct Identity: Hashable {
        /// How the resolve failed.
        let kind: _FailureKind
        let serviceType: ObjectIdentifier
        let key: String?
        let arguments: [ObjectIdentifier]
        let inFlight: [_Dependency]
        let origin: UInt64
    }

    /// The types of the runtime arguments the resolve passed.
    var arguments: [Any.Type] { kind == .argumentsRequired ? [] : argumentTypes }

    /// For `.argumentsRequired`, the argument types the registration takes; otherwise none.
    var registeredSignature: [Any.Type] { kind == .argumentsRequired ? argumentTypes : [] }

    /// This failure's identity.
    var identity: Identity {
        Identity(
            kind: kind, serviceType: ObjectIdentifier(serviceType), key: key,
            arguments: arguments.map { ObjectIdentifier($0) }, inFlight: inFlight,
            origin: origin)
    }

    /// Whether the resolve found nothing to resolve: `.notRegistered` or `.argumentMismatch`.
    var isMissingRegistration: Bool { kind == .missing || kind == .argumentsRequired }

    /// The box the resolve started from, if it is still alive. A rendering that reads several properties
    /// looks it up once and passes it to each (`outcome(in:)`, `nearest(in:)`), so that they see the same box.
    /// The caller must hold no BoxKit lock: the reference it returns may be the last one left.
    var box: Box? { _LiveBoxes.box(origin) }

    /// `outcome(in:)` in the box the resolve started from, if it is still alive.
    var outcome: (reason: BoxError.Reason, registeredArguments: [[String]]) { outcome(in: box) }

    /// The reason and the other argument signatures registered for the request, from one look through
    /// `box`'s lineage (none for the kinds that found a registration, or when the box is gone).
    ///
    /// - Complexity: O(n) in the registrations of the lineage for `.missing`, O(1) otherwise.
    func outcome(in box: Box?) -> (reason: BoxError.Reason, registeredArguments: [[String]]) {
        switch kind {
        case .missing:
            let others = box?._argumentSignatures(of: serviceType, key: key, excluding: arguments) ?? []
            return (others.isEmpty ? .notRegistered : .argumentMismatch, others.map(_names))
        case .cycle: return (.cycle, [])
        case .asyncFactory: return (.asyncFactory, [])
        case .tooDeep: return (.tooDeep, [])
        case .argumentsRequired: return (.argumentMismatch, [_names(registeredSignature)])
        case .wrongIsolation: return (.wrongIsolation, [])
        case .factoryFailed: return (.factoryFailed, [])
        case .typeMismatch, .madeValue: return (.typeMismatch, [])
        case .liveService: return (.liveService, [])
        case .unimplemented: return (.unimplemented, [])
        }
    }

    /// What the message says beyond the service: the global actor's name for `.wrongIsolation`, the service
    /// the forward resolved for `.typeMismatch`; `nil` for the other kinds.
    var detail: String? {
        switch kind {
        case .wrongIsolation: otherType.map { String(reflecting: $0) }
        case .typeMismatch: otherType.map { _describe($0, key: key) }
        default: nil
        }
    }

    /// For `.madeValue`, the name of the type of the value the factory made; `nil` for the other kinds.
    var madeValue: String? {
        kind == .madeValue ? otherType.map { String(reflecting: $0) } : nil
    }

    /// The names of the resolutions in flight, then of the one that failed.
    var chain: [String] {
        let failed = _describe(serviceType, key: key, arguments: arguments)
        return inFlight.map(\.name) + [failed]
    }

    /// The names `nearest(in:)` lists in the box the resolve started from, if it is still alive.
    var nearest: [String] { nearest(in: box).names }

    /// The registrations closest to the request, in `box` (the one the resolve started from) and its
    /// ancestors as they are now: the names of the first `_nearestListed`, and how many more there are; none
    /// once the box is gone.
    func nearest(in box: Box?) -> (names: [String], unlisted: Int) {
        box?._nearest(to: serviceType, key: key, arguments: arguments) ?? ([], 0)
    }
}
