/// What the read side of a resolve found, handed from the non-generic lookup to the inlined generic code.
@usableFromInline
struct _Lookup {
    @usableFromInline
    enum State: UInt8 {
        /// A permanent class instance, already retained for the caller and with the lookup already ended:
        /// `value` is the object.
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
        /// This registration's hooks are running on this thread: `value` points at the instance; then
        /// `_endRead`.
        case pending
        /// Nothing is registered; nothing to end.
        case missing
        /// The registration is already being made on this thread; `_failure` ends the lookup.
        case cycle
        /// The registration's factory is `async` (an `_AsyncRegistration`) and it is not being initialised on
        /// this thread: an async resolve takes the registration out with `_endAsync`; a synchronous one turns
        /// it into its error with `_failure`. Both end the lookup.
        case asyncFactory
        /// Making the registration would nest resolutions deeper than `_ResolutionThread.depthLimit` on this
        /// thread; `_failure` ends the lookup.
        case tooDeep
        /// The registration's factory must run on a global actor (`register(isolatedTo:)`) that this code is
        /// not running on: an async resolve takes the registration out with `_endAsync` and hops to the
        /// actor; a synchronous one turns it into its error with `_failure`. Both end the lookup.
        case wrongIsolation
        /// The registration is a forward (`_ForwardRegistration`), whose target the lookup did not find ready,
        /// with the lookup's read section still open: the resolve resolves the target
        /// (`_forwardInGeneral`), which ends the lookup.
        case forward
        /// A forward's target is ready and its template was made from an instance of its class, with the
        /// lookup already ended: `value` is the target's instance, retained for the caller, and
        /// `registration` the forward's template, for `_forwarded` to write the forwarded value with.
        case forwarded
    }

    @usableFromInline let state: State
    /// The registration (an `_ObjectRegistration` or a `_Registration<Service>`, an
    /// `_AsyncRegistration<Service>` for `.asyncFactory`, a `_ForwardRegistration<Service>` for `.forward`),
    /// valid until the lookup ends; for `.forwarded`, the template of a forward (`_AnyForwardRegistration`).
    @usableFromInline let registration: UnsafeMutableRawPointer?
    /// The ancestor box that holds the registration, retained until the lookup ends; `nil` when it is the
    /// box the resolve started from.
    @usableFromInline let holder: Unmanaged<Box>?
    /// The object for `.object` and `.forwarded`, the pending instance for `.pending`, the resolving thread's
    /// C record for `.make` (so that ending it need not look the record up again), and for a `.wrongIsolation`
    /// lookup whose registration that thread's chain holds (`isHeldByChain`).
    @usableFromInline let value: UnsafeMutableRawPointer?

    /// Whether this is a `.wrongIsolation` lookup that the actor's executor decided, outside the read section
    /// that found the registration: the entry it pushed onto the thread's chain holds the registration, and
    /// ending the lookup pops it, as it does a `.make` lookup's.
    var isHeldByChain: Bool { state == .wrongIsolation && value != nil }

    @inlinable
    init(
        _ state: State, _ registration: UnsafeMutableRawPointer? = nil, holder: Unmanaged<Box>? = nil,
        value: UnsafeMutableRawPointer? = nil
    ) {
        self.state = state
        self.registration = registration
        self.holder = holder
        self.value = value
    }
}
