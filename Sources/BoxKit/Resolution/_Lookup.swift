/// What the read side of a resolve found, handed from the non-generic lookup to the inlined generic code.
@usableFromInline
struct _Lookup {
    @usableFromInline
    enum State: UInt8 {
        /// A permanent class instance, already retained for the caller and with the lookup already ended:
        /// `object` is the object.
        case object
        /// A permanent instance is ready: read it, then `_endRead`.
        case ready
        /// Call the factory (transient, or the first creation of a permanent), then `_endMake`.
        case make
        /// `.make` for a registration whose resolve may fail on its factory's account (`mayThrow`): a factory
        /// that may throw (`register { () throws -> ... }`), or a `.weak` one that may make a value, which
        /// cannot be held weakly. Call it with `try`, then `_endMake`, whether it threw or not.
        case makeThrowing
        /// A `.perArguments` registration, held by this thread's chain outside any read section, as for
        /// `.make`: it finds or makes the instance for the resolve's arguments itself
        /// (`_ArgumentRegistration.perArgumentsInstance`), which may throw; then `_endMake`.
        case perArguments
        /// This registration's hooks are running on this thread: `pendingInstance` points at the instance;
        /// then `_endRead`.
        case pending
        /// The registration is a forward (`_ForwardRegistration`), whose target the lookup did not find ready,
        /// with the lookup's read section still open: the resolve resolves the target
        /// (`_forwardInGeneral`), which ends the lookup.
        case forward
        /// A forward's target is ready and its template was made from an instance of its class, with the
        /// lookup already ended: `object` is the target's instance, retained for the caller, and
        /// `registration` the forward's template, for `_forwarded` to write the forwarded value with.
        case forwarded
        /// The resolve cannot go on, for the reason `failure` gives. `_endFailed` turns it into its error and
        /// ends the lookup (a `.missing` one has nothing to end); an async resolve instead takes an
        /// `.asyncFactory` or `.wrongIsolation` one out with `_endAsync`, to await the factory or hop to its
        /// actor. Every one but `.missing` ends as a read does (`_endRead`), unless the thread's chain holds
        /// its registration (`isHeldByChain`).
        case failed
    }

    @usableFromInline let state: State

    /// The registration (an `_ObjectRegistration` or a `_Registration<Service>`, an
    /// `_AsyncRegistration<Service>` for an `.asyncFactory` failure, a `_ForwardRegistration<Service>` for
    /// `.forward`), valid until the lookup ends; for `.forwarded`, the template of a forward
    /// (`_AnyForwardRegistration`).
    @usableFromInline let registration: UnsafeMutableRawPointer?
    /// The ancestor box that holds the registration, retained until the lookup ends; `nil` when it is the
    /// box the resolve started from.
    @usableFromInline let holder: Unmanaged<Box>?
    /// One of four things, by `state`; read it through the accessor that names it: `object`,
    /// `pendingInstance`, `threadRecord` or `failure`. For `.failed`, the failure's raw value plus one, as a
    /// pointer's bits (no object lives in the first page of memory, so such a small value is never an
    /// address), or, for a `.wrongIsolation` failure that the thread's chain holds (`isHeldByChain`), the thread
    /// record. The failure shares this word, rather than having a field of its own, so that a lookup is four
    /// words, which a call returns in registers.
    @usableFromInline let payload: UnsafeMutableRawPointer?

    /// Why a `.failed` lookup failed; `nil` in every other state.
    @inlinable
    var failure: _FailureKind? {
        @inline(__always) get {
            guard state == .failed else { return nil }
            let bits = UInt(bitPattern: payload)
            guard bits < Self.failureTags else { return .wrongIsolation }
            return _FailureKind(rawValue: UInt8(truncatingIfNeeded: bits &- 1)).unsafelyUnwrapped
        }
    }

    /// Whether this is a `.failed` lookup that failed for `kind`'s reason (`failure == kind`, without
    /// decoding the failure).
    @inlinable @inline(__always)
    func failed(with kind: _FailureKind) -> Bool {
        guard state == .failed else { return false }
        let bits = UInt(bitPattern: payload)
        return bits == UInt(kind.rawValue) &+ 1 || (kind == .wrongIsolation && bits >= Self.failureTags)
    }

    /// A `.failed` lookup's payload below this is its failure's raw value plus one, not an address: no object
    /// lives in the first page of memory, which is at least this large on every platform BoxKit runs on.
    @inlinable
    static var failureTags: UInt { 256 }

    /// For `.object` and `.forwarded`: the object, retained for the caller.
    @inlinable
    var object: UnsafeMutableRawPointer {
        @inline(__always) get { payload.unsafelyUnwrapped }
    }

    /// For `.pending`: the address of the instance whose hooks are running.
    @inlinable
    var pendingInstance: UnsafeMutableRawPointer {
        @inline(__always) get { payload.unsafelyUnwrapped }
    }

    /// For `.make`, `.makeThrowing` and `.perArguments`, and a `.wrongIsolation` failure whose registration the
    /// thread's chain holds (`isHeldByChain`): the resolving thread's C record, so that ending the lookup
    /// need not look it up again. Meaningless in any other state.
    @inlinable
    var threadRecord: UnsafeMutableRawPointer? {
        @inline(__always) get { payload }
    }

    /// Whether this is a `.wrongIsolation` failure that the actor's executor decided, outside the read section
    /// that found the registration: the entry it pushed onto the thread's chain holds the registration, and
    /// ending the lookup pops it, as it does a `.make` lookup's.
    var isHeldByChain: Bool {
        state == .failed && UInt(bitPattern: payload) >= Self.failureTags
    }

    @inlinable
    init(
        _ state: State, _ registration: UnsafeMutableRawPointer? = nil, holder: Unmanaged<Box>? = nil,
        payload: UnsafeMutableRawPointer? = nil
    ) {
        assert(state != .failed, "a failed lookup is made with init(failed:)")
        self.state = state
        self.registration = registration
        self.holder = holder
        self.payload = payload
    }

    /// A `.failed` lookup: the resolve cannot go on, for the reason `failure`; `heldBy` is the thread record
    /// whose chain holds the registration, for a `.wrongIsolation` failure that an actor's executor decided.
    @inlinable
    init(
        failed failure: _FailureKind, _ registration: UnsafeMutableRawPointer? = nil, holder: Unmanaged<Box>? = nil,
        heldBy thread: UnsafeMutableRawPointer? = nil
    ) {
        assert(thread == nil || failure == .wrongIsolation, "only a wrong-isolation failure is held by a chain")
        self.state = .failed
        self.registration = registration
        self.holder = holder
        self.payload = thread ?? UnsafeMutableRawPointer(bitPattern: UInt(failure.rawValue) &+ 1)
    }
}

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
    /// registration, if not that one. `otherwise` finishes a `.failed` lookup, a `.makeThrowing` one, a
    /// forward's (`_finish`) and a `.perArguments` one (with the registration's `perArgumentsInstance`): a box
    /// throws its error; a provider, whose lookup reports as missing whatever it does not handle itself,
    /// resolves through its box.
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
                Unmanaged<AnyObject>.fromOpaque(object).takeRetainedValue(), to: Service.self)
        case .ready:
            let service = ready(registration.unsafelyUnwrapped)
            source._endRead(self)
            return service
        case .make:
            let service = make(registration.unsafelyUnwrapped, source._resolver, holder)
            source._endMake(self)
            return service
        case .pending:
            let service = pendingInstance.assumingMemoryBound(to: Service.self).pointee
            source._endRead(self)
            return service
        case .failed, .makeThrowing, .forward, .forwarded, .perArguments:
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
    /// `.weak` one that may make a value) is finished by its own `makeThrowing`
    /// (`Box._resolveWithArguments(_:key:arguments:_:)`).
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
            _ResolutionThread.noteNotNew()
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
        throw box._endFailed(self, type: type, key: key)
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

extension _Lookup {
    /// The forwarded value of a `.forwarded` lookup: the target's instance, which the lookup retained for
    /// the caller, written over the first word of the forward's template (`_AnyForwardRegistration`).
    ///
    /// - Complexity: O(1): a copy of the template's words.
    @inlinable @inline(__always)
    func _forwarded<Service>(as _: Service.Type) -> Service {
        withUnsafeTemporaryAllocation(of: Service.self, capacity: 1) { buffer in
            let made = buffer.baseAddress.unsafelyUnwrapped
            _AnyForwardRegistration.write(
                object, by: registration.unsafelyUnwrapped, into: UnsafeMutableRawPointer(made),
                size: MemoryLayout<Service>.size)
            return made.move()
        }
    }

    /// Finishes a `.forward` lookup that a box's resolve of `type` made, whose read section is still open,
    /// resolving the forward's target from `box`, the box the resolve started from, and handing it over as a
    /// `Service`: a ready target (`Box._readyTarget(of:)`) cast by `_ForwardRegistration.cast(retained:)`, which
    /// makes the template that later lookups hand it over by (`.forwarded`); otherwise the forward entered as
    /// a factory would be (a cycle through it is reported, and its first resolve records its dependency on
    /// the target) and its target resolved through the one funnel (`_ForwardRegistration.resolveTarget`),
    /// which throws its failure: missing, a cycle, what its factory threw, or a type mismatch. Ends the
    /// lookup. Out of line, specialised in the caller's module.
    @inlinable @inline(never)
    func _forwardInGeneral<Service>(from box: Box, as type: Service.Type) throws(BoxError) -> Service {
        // Unowned: the lookup holds it, then the chain entry of `_enterForward`.
        unowned(unsafe) let forward = _ForwardRegistration<Service>.at(registration.unsafelyUnwrapped)
            .takeUnretainedValue()
        // With a template made, `Box._readyForward` has found no ready target of the template's class.
        if forward.template == nil, let object = box._readyTarget(of: self) {
            if let cast = forward.cast(retained: Unmanaged<AnyObject>.fromOpaque(object).retain().toOpaque()) {
                box._endRead(self)
                return cast
            }
        }
        let entered = box._enterForward(self)
        guard entered.state == .make else { throw box._endFailed(entered, type: type, key: nil) }
        defer { box._endMake(entered) }
        return try forward.resolveTarget(from: box)
    }
}
