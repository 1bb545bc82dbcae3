/// A registration of a class service (`register` with a factory whose result is constrained to `AnyObject`;
/// `autoregister`, `forward` and `register(isolatedTo:)` of a class type, through `Box._registration`): not
/// generic, so that registering a new service type makes no type metadata, where a generic
/// `_Registration<Service>` has the Swift runtime build that class's metadata for each service type.
///
/// The factory is kept as returning `AnyObject`: a factory whose result is a generic type constrained to
/// `AnyObject` converts to that implicitly, with no thunk (the two are called the same way, the result one
/// reference returned directly), and a `let` (`_AnyRegistration.objectFactory`) is called borrowed, as
/// `_Registration`'s is. The resolve casts the result back to its service type with `unsafeBitCast`
/// (`Box._resolveObject`, `_Lookup.instance`), since every lookup of this registration names its class type
/// or a class-bound existential of one reference.
///
/// Every lifetime keeps and reads its instance as `AnyObject` (`make`, `makeShared`): one reference, stored
/// as itself (`_isObjectReference`), which a typed read of the service type reads back by a bit cast.
@usableFromInline
final class _ObjectRegistration: _AnyRegistration, ServiceStoring, @unchecked Sendable {
    // The factory is `objectFactory` or `objectResolvingFactory`, declared in `_AnyRegistration` (see there).

    /// Made inside BoxKit (`Box._registerObject`, `Box._registration`), never in an app's code: its metadata
    /// is the same for every service type. `extras` are an isolated factory's actor or an auto-registered
    /// initializer's parameter types (`Box._registration`); `register` has none.
    init(
        serviceType: Any.Type, key: String?, life: LifeType, factory: (() -> AnyObject)?,
        resolving: ((Resolver) -> AnyObject)?, extras: _RegistrationExtras? = nil
    ) {
        precondition((factory == nil) != (resolving == nil), "a registration needs exactly one factory")
        super.init(
            serviceType: serviceType, key: key, life: life, extras: extras, objectFactory: factory,
            objectResolvingFactory: resolving)
    }

    /// The registration at `raw`, which the registry stores retained; the caller keeps it alive.
    @inlinable
    static func at(_ raw: UnsafeMutableRawPointer) -> Unmanaged<_ObjectRegistration> {
        Unmanaged<_ObjectRegistration>.fromOpaque(raw)
    }

    /// Calls the factory, borrowing it from the registration (see `_Registration.call`).
    @inlinable
    func call(_ resolver: Resolver) -> AnyObject {
        if let made = objectFactory?() { return made }
        if let made = objectResolvingFactory?(resolver) { return made }
        preconditionFailure("a registration without a factory")
    }

    /// Makes the service for a resolve that started at `origin`, by its lifetime's rule
    /// (`_AnyRegistration.make`); `holder` is the ancestor box that holds the registration, `nil` when it
    /// is `origin`. Always inlined where it is called (`Box._objectInstance`, compiled once in BoxKit for
    /// every class service, and the funnel), so that a transient resolve calls the factory directly.
    @inlinable @inline(__always)
    func make(resolvingFrom origin: Box, holder: Unmanaged<Box>?) -> AnyObject {
        guard life == .transient else { return makeShared(resolvingFrom: origin, holder: holder) }
        return makeTransient(resolvingFrom: origin) { call($0) }
    }

    /// `make` for the lifetimes that share an instance: out of line, and compiled once in BoxKit for every
    /// class service, since it keeps and reads the instance as `AnyObject`. `holder` is the ancestor box that
    /// holds the registration, `nil` when it is `origin`.
    @usableFromInline
    func makeShared(resolvingFrom origin: Box, holder: Unmanaged<Box>?) -> AnyObject {
        make(resolvingFrom: origin, holder: { holder?.takeUnretainedValue() }, call: { call($0) })
    }

    @usableFromInline func service(_ resolver: Resolver) -> Any {
        resolver._resolveHeldObject(self)
    }

    override func unmade(checking check: _LiveServiceCheck? = nil) -> _AnyRegistration {
        copySettings(
            to: _ObjectRegistration(
                serviceType: serviceType, key: key, life: life,
                factory: _LiveServiceCheck.checking(objectFactory, check),
                resolving: _LiveServiceCheck.checking(objectResolvingFactory, check), extras: extras),
            checkedBy: check)
    }

    override func verificationResolve(from box: Box) -> Any? {
        box._resolveHeldObject(self)
    }
}
