// Resolves a registration the caller holds rather than one a lookup found: ``ServiceStoring/service(_:)``
// and ``Box/verify()``, through the same decisions and the one funnel.

extension Box {
    /// Resolves one known registration, which the caller holds (``ServiceStoring/service(_:)``, and
    /// ``verify()``): `_ResolutionThread.decide` and the one funnel, as a resolve that found it would. A
    /// permanent factory receives the box in this box's lineage that holds the registration. Throws only
    /// what a `.makeThrowing` lookup throws (what a factory that may throw threw, or a `.weak` factory's value
    /// that cannot be held weakly); any other failure stops the program (in a verification, its thread).
    func _resolveHeld<Service>(_ registration: _Registration<Service>) throws(BoxError) -> Service {
        try _resolveHeldInGeneral(
            registration, as: Service.self,
            make: { resolver in registration.make(resolvingFrom: resolver, holder: nil) },
            makeShared: { resolver, holder in registration.makeShared(resolvingFrom: resolver, holder: holder) },
            makeThrowing: { resolver, holder throws(BoxError) in
                do {
                    return try registration.makeThrowing(resolvingFrom: resolver, holder: holder)
                } catch {
                    throw error as! BoxError
                }
            })
    }

    /// `_resolveHeld(_:)` for a class service's `_ObjectRegistration`, whose instance it returns as
    /// `AnyObject`; its factory cannot throw, so every failure stops the program (in a verification, its
    /// thread).
    func _resolveHeldObject(_ registration: _ObjectRegistration) -> AnyObject {
        _resolveHeldInGeneral(
            registration, as: AnyObject.self,
            make: { resolver in registration.make(resolvingFrom: resolver, holder: nil) },
            makeShared: { resolver, holder in registration.makeShared(resolvingFrom: resolver, holder: holder) },
            makeThrowing: nil as ((Box, Unmanaged<Box>?) throws(Never) -> AnyObject)?)
    }

    /// The part `_resolveHeld(_:)` and `_resolveHeldObject(_:)` share: the lookup decided for
    /// `registration`, then the funnel, with the registration kind's own `make` (transient), `makeShared`
    /// (given the box that holds it) and `makeThrowing` (`nil` for a kind whose factory cannot throw, which
    /// `decide` never makes a `.makeThrowing` lookup of).
    private func _resolveHeldInGeneral<Service, Failure: Error>(
        _ registration: _AnyRegistration, as _: Service.Type, make: (Box) -> Service,
        makeShared: (Box, Unmanaged<Box>?) -> Service,
        makeThrowing: ((Box, Unmanaged<Box>?) throws(Failure) -> Service)?
    ) throws(Failure) -> Service {
        let raw = Unmanaged.passUnretained(registration).toOpaque()
        let lookup = _ResolutionThread.decide(held: raw)
        return try lookup.instance(
            from: _CallerHeld(_resolver: self),
            ready: { _ in registration.keptInstance(as: Service.self) },
            make: { _, resolver, _ in
                guard registration.life != .transient else { return make(resolver) }
                return _withHolder(of: registration) { holder in makeShared(resolver, holder) }
            },
            otherwise: { lookup throws(Failure) in
                if lookup.state == .makeThrowing, let makeThrowing {
                    let source = _CallerHeld(_resolver: self)
                    defer { source._endMake(lookup) }
                    return try _withHolder(of: registration) { holder throws(Failure) in
                        try makeThrowing(self, holder)
                    }
                }
                _trap(_lookupError(lookup, type: registration.serviceType, key: registration.key))
            })
    }

    /// Calls `body` with the box in this box's lineage that holds `registration` (`nil` if none), kept alive
    /// until `body` returns.
    private func _withHolder<Result, Failure: Error>(
        of registration: _AnyRegistration, _ body: (Unmanaged<Box>?) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let holder = _holder(of: registration)
        return try withExtendedLifetime(holder) { () throws(Failure) in
            try body(holder.map { Unmanaged.passUnretained($0) })
        }
    }

    /// The box in this box's lineage that holds `registration`, if any.
    ///
    /// - Complexity: O(1) per box in the lineage: one lookup of the registration's identity and key.
    private func _holder(of registration: _AnyRegistration) -> Box? {
        let typeID = registration.registryTypeID
        return _lineage.first { $0.storage.registration(typeID: typeID, key: registration.key) === registration }?.box
    }

    /// Resolves `forward`, which the caller holds (``verify()``), as a resolve that found it would: enters it
    /// as a factory, then resolves its target from this box. Throws what that resolve throws.
    func _resolveHeldForward<Forwarded>(_ forward: _ForwardRegistration<Forwarded>) throws(BoxError) -> Forwarded {
        let raw = Unmanaged.passUnretained(forward).toOpaque()
        let entered = _ResolutionThread.enterForward(raw, holder: nil, hold: .caller)
        guard entered.state == .make else { throw _lookupError(entered, type: Forwarded.self, key: forward.key) }
        defer { _CallerHeld(_resolver: self)._endMake(entered) }
        return try forward.resolveTarget(from: self)
    }
}
