/// A registration of one service type: its factory, typed (the instance a shared lifetime keeps is
/// `_AnyRegistration`'s, whose layout is the same for every service type). A class service registered with
/// the `register` overloads constrained to `AnyObject`, with an actor-isolated factory, auto-registered, or
/// registered by `forward` as a class type is kept in an `_ObjectRegistration` instead, which is not generic;
/// this one keeps every other service, including a class registered through the overload for any type from
/// generic code, or with a factory that may throw.
@usableFromInline
final class _Registration<Service>: _AnyRegistration, ServiceStoring, @unchecked Sendable {
    /// The factory, in whichever of the two shapes `register` received (exactly one is set): one that takes
    /// nothing, or one that takes the resolver. Two optional `let`s rather than one function that wraps the
    /// other: wrapping a factory to take the resolver would allocate a closure context per registration.
    @usableFromInline let factory: (() -> Service)?
    @usableFromInline let resolvingFactory: ((Resolver) -> Service)?

    /// Inlinable, so that it specialises where `register` does: made generically, it would look up its own
    /// metadata in the runtime's cache on every registration.
    ///
    /// `isolation`, when given, is the global actor the factory must run on: a resolve elsewhere fails before
    /// calling it (`_ResolutionThread.decide`).
    @inlinable
    init(
        key: String?, life: LifeType, factory: (() -> Service)?, resolving: ((Resolver) -> Service)?,
        throwing: ((Resolver) throws -> Service)? = nil, isolation: _Isolation? = nil,
        declaredDependencies: [Any.Type] = []
    ) {
        precondition(
            (factory == nil ? 0 : 1) + (resolving == nil ? 0 : 1) + (throwing == nil ? 0 : 1) == 1,
            "a registration needs exactly one factory")
        self.factory = factory
        resolvingFactory = resolving
        let extras: _RegistrationExtras? =
            if let throwing {
                _ThrowingFactory(throwing, isolation: isolation, declaredDependencies: declaredDependencies)
            } else {
                _RegistrationExtras.ifAny(isolation: isolation, declaredDependencies: declaredDependencies)
            }
        super.init(
            serviceType: Service.self, key: key, life: life, extras: extras,
            returnsServiceType: true)
    }

    /// The registration at `raw`, which the registry stores retained; the caller keeps it alive.
    @inlinable
    static func at(_ raw: UnsafeMutableRawPointer) -> Unmanaged<_Registration<Service>> {
        Unmanaged<_Registration<Service>>.fromOpaque(raw)
    }

    /// Calls the factory. Each is called through optional chaining on the stored property, which borrows
    /// it from the registration: binding it with `if let` first would copy it, retaining and releasing its
    /// context (two atomic operations per transient resolve), and a generic accessor such as
    /// `unsafelyUnwrapped` would allocate a reabstraction thunk on every call.
    @inlinable
    func call(_ resolver: Resolver) -> Service {
        if let made = factory?() { return made }
        if let made = resolvingFactory?(resolver) { return made }
        preconditionFailure("a registration without a factory that cannot throw")
    }

    /// A factory that may throw (`register { () throws -> ... }`), in its resolver-taking shape, kept in the
    /// extras; the other two factories are then `nil`.
    var throwingFactory: ((Resolver) throws -> Service)? {
        guard let extras, extras.holdsThrowingFactory else { return nil }
        return unsafeDowncast(extras, to: _ThrowingFactory<Service>.self).factory
    }

    /// Calls the factory that may throw: a ``BoxError`` it throws (from a `tryResolve` of its own, say)
    /// passes unchanged; any other error becomes a ``BoxError`` with reason
    /// ``BoxError/Reason-swift.enum/factoryFailed`` that names this registration and the chain. Only
    /// `BoxError`s leave it (untyped, as far as the funnel, to keep deep resolutions' frames small).
    @usableFromInline
    func callThrowing(_ resolver: Resolver) throws -> Service {
        do {
            return try throwingFactory.unsafelyUnwrapped(resolver)
        } catch let error as BoxError {
            throw error
        } catch {
            throw resolver._factoryError(self, error)
        }
    }

    /// Makes the service for a resolve that started at `origin`, by its lifetime's rule (`_AnyRegistration.make`);
    /// `holder` is the ancestor box that holds the registration, `nil` when it is `origin`.
    ///
    /// Always inlined into the resolve's specialisation: out of line, the compiler merges its specialisations
    /// for every class service into one function, whose one call of the factory then calls every factory, a
    /// pattern the branch predictor cannot follow when a resolve's dependencies are of different types.
    @inlinable @inline(__always)
    func make(resolvingFrom origin: Box, holder: Unmanaged<Box>?) -> Service {
        guard life == .transient else { return makeShared(resolvingFrom: origin, holder: holder) }
        return makeTransient(resolvingFrom: origin) { call($0) }
    }

    /// `make` for a resolve that may fail on the factory's account (a `.makeThrowing` lookup: see
    /// `mayThrow`): the same lifetime rules, out of line, with what the factory throws, or a `.weak` factory's
    /// value that cannot be held weakly, passed on as a ``BoxError``.
    @usableFromInline
    func makeThrowing(resolvingFrom origin: Box, holder: Unmanaged<Box>?) throws -> Service {
        let factoryMayThrow = extras?.holdsThrowingFactory ?? false
        return try make(
            resolvingFrom: origin, holder: { holder?.takeUnretainedValue() },
            call: { resolver throws in factoryMayThrow ? try callThrowing(resolver) : call(resolver) })
    }

    /// `make` for the lifetimes that share an instance; `holder` is the ancestor box that holds the
    /// registration, `nil` when it is `origin`.
    ///
    /// Not inlinable: compiled once, generically, in BoxKit, so that an app's code holds no copy of the
    /// lifetime machinery per service type, only the call. A shared instance is made once (a `.graph` one
    /// once per top-level resolve, a `.weak` one while nobody holds it); a ready instance never reaches here.
    @usableFromInline
    func makeShared(resolvingFrom origin: Box, holder: Unmanaged<Box>?) -> Service {
        make(resolvingFrom: origin, holder: { holder?.takeUnretainedValue() }, call: { call($0) })
    }

    @usableFromInline func service(_ resolver: Resolver) -> Any {
        do {
            return try resolver._resolveHeld(self)
        } catch {
            resolver._trap(error)
        }
    }

    override func unmade(checking check: _LiveServiceCheck? = nil) -> _AnyRegistration {
        copySettings(
            to: _Registration(
                key: key, life: life, factory: _LiveServiceCheck.checking(factory, check),
                resolving: _LiveServiceCheck.checking(resolvingFactory, check),
                throwing: _LiveServiceCheck.checking(throwing: throwingFactory, check), isolation: isolation,
                declaredDependencies: declaredDependencies),
            checkedBy: check)
    }

    /// Resolves it; a factory that throws is reported as the verification's problem.
    override func verificationResolve(from box: Box) -> Any? {
        do {
            return try box._resolveHeld(self)
        } catch {
            // A factory that threw has returned: the problem is reported, and this thread goes on.
            _ResolutionThread.sandbox?._withUnsafeGuaranteedRef { $0.report(error) }
            return nil
        }
    }
}
