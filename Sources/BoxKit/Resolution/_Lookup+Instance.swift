extension _Lookup {
    /// The one funnel that turns a lookup into an instance, for every synchronous resolve: plain and keyed
    /// resolves, runtime arguments, providers, the synchronous part of an async resolve, `resolveAll`, property
    /// wrappers and verification. Each lifetime's rule is the registration's own (`make`); here is only what
    /// the lookup found: a ready instance to return, a factory to call, an instance whose hooks are running,
    /// or a failure.
    ///
    /// `ready` reads and `make` calls the typed registration at the pointer it is given: a registration of
    /// the plain kind (``instance(from:ready:make:otherwise:)`` without them) or one that takes runtime
    /// arguments. `make` receives the box the factory resolves from and the ancestor box that holds the
    /// registration, if not that one. `otherwise` finishes a `.missing`, `.cycle`, `.asyncFactory`,
    /// `.tooDeep` or `.wrongIsolation` lookup, a `.makeThrowing` one, a forward's (`_finish`) and a
    /// `.perArguments` one (with the registration's `perArgumentsInstance`): a box throws its error; a
    /// provider, whose lookup reports as missing whatever it does not handle itself, resolves through its box.
    ///
    /// - Complexity: O(1) beyond the factory: it specialises and inlines into the caller's module.
    @inlinable @inline(__always)
    func instance<Source: _LookupSource, Service, Failure: Error>(
        from source: Source,
        ready: (UnsafeMutableRawPointer) -> Service,
        make: (UnsafeMutableRawPointer, Box, Unmanaged<Box>?) -> Service,
        otherwise: (_Lookup) throws(Failure) -> Service
    ) throws(Failure) -> Service {
        switch state {
        case .object:
            return unsafeBitCast(
                Unmanaged<AnyObject>.fromOpaque(value.unsafelyUnwrapped).takeRetainedValue(), to: Service.self)
        case .ready:
            let service = ready(registration.unsafelyUnwrapped)
            source._endRead(self)
            return service
        case .make:
            let service = make(registration.unsafelyUnwrapped, source._resolver, holder)
            source._endMake(self)
            return service
        case .pending:
            let service = value.unsafelyUnwrapped.assumingMemoryBound(to: Service.self).pointee
            source._endRead(self)
            return service
        case .missing, .cycle, .asyncFactory, .tooDeep, .wrongIsolation, .makeThrowing, .forward, .forwarded,
            .perArguments:
            return try otherwise(self)
        }
    }

    /// Finishes a `.makeThrowing` lookup, which `otherwise` receives (the funnel's inlined part stays as
    /// it is without factories that may throw): calls the `_Registration<Service>`'s factory by its
    /// lifetime's rule, ends the lookup whether it threw or not, and passes on what it threw, a `BoxError`.
    /// Out of line; untyped between here and the factory, so that each level of a deep resolution keeps a
    /// one-word error rather than room for a `BoxError`.
    ///
    /// Only resolves that throw `BoxError` reach it: a provider's lookup reports such a registration as
    /// missing and resolves it through its box; a registration with runtime arguments that has one (a
    /// `.weak` one that may make a value) is finished by its own `makeThrowing` (`Box._resolve(_:key:arguments:_:)`).
    @inlinable @inline(never)
    func _makeThrowing<Source: _LookupSource, Service>(from source: Source, as type: Service.Type) throws(BoxError)
        -> Service
    {
        defer { source._endMake(self) }
        do {
            return try _Registration<Service>.at(registration.unsafelyUnwrapped)._withUnsafeGuaranteedRef {
                try $0.makeThrowing(resolvingFrom: source._resolver, holder: holder)
            }
        } catch {
            throw error as! BoxError
        }
    }

    /// What a box's resolve without runtime arguments does with a lookup the funnel hands to `otherwise`:
    /// runs a factory that may throw (`_makeThrowing`), hands over a forward's target (`_forwarded`) or
    /// resolves it (`_forwardInGeneral`), or throws the failure. Every such resolve (plain, async, on a
    /// global actor) passes it, so that each of these states is finished in one place.
    @inlinable @inline(__always)
    func _finish<Service>(from box: Box, as type: Service.Type, key: String?) throws(BoxError) -> Service {
        if state == .makeThrowing { return try _makeThrowing(from: box, as: type) }
        if state == .forwarded { return _forwarded(as: type) }
        if state == .forward { return try _forwardInGeneral(from: box, as: type) }
        throw box._failure(self, type: type, key: key)
    }

    /// ``instance(from:ready:make:otherwise:)`` for a registration without runtime arguments: an
    /// `_ObjectRegistration` (a class service registered with a factory whose result is constrained to
    /// `AnyObject`), or a `_Registration<Service>`. Only a service type the size of one reference can have
    /// the first kind, which a flag on the registration's first line tells apart (a load and a branch, for
    /// such a type that is not a class too); for a type of any other size the check compiles away.
    @inlinable @inline(__always)
    func instance<Source: _LookupSource, Service, Failure: Error>(
        from source: Source, otherwise: (_Lookup) throws(Failure) -> Service
    ) throws(Failure) -> Service {
        try instance(
            from: source,
            ready: { registration in
                Unmanaged<_AnyRegistration>.fromOpaque(registration)._withUnsafeGuaranteedRef {
                    $0.keptInstance(as: Service.self)
                }
            },
            make: { registration, resolver, holder in
                if MemoryLayout<Service>.size == MemoryLayout<AnyObject>.size,
                    Unmanaged<_AnyRegistration>.fromOpaque(registration)._withUnsafeGuaranteedRef({ $0.makesObjects })
                {
                    let made = _ObjectRegistration.at(registration)._withUnsafeGuaranteedRef {
                        $0.make(resolvingFrom: resolver, holder: holder)
                    }
                    return unsafeBitCast(made, to: Service.self)
                }
                return _Registration<Service>.at(registration)._withUnsafeGuaranteedRef {
                    $0.make(resolvingFrom: resolver, holder: holder)
                }
            },
            otherwise: otherwise)
    }
}
