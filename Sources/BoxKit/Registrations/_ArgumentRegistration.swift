/// A registration whose factory takes runtime arguments besides the resolver: `First`, then the pack `Rest`
/// (`register` and `resolve` spell them so too). The first is a type of its own, not part of a pack, so that
/// code specialised for a resolve handles it as the concrete type it is (a `.perArguments` hit hashes and
/// compares it without a loop over a pack, which the optimiser leaves generic).
///
/// A class of its own rather than a third factory shape in `_Registration`, so that the plain resolve path
/// never tests for it. The registry files it under ``typeID``, which no plain registration can share, so a
/// lookup that finds it was made with exactly these argument types and the cast back is safe.
@usableFromInline
final class _ArgumentRegistration<Service, First, each Rest>: _AnyRegistration, ServiceStoring,
    @unchecked Sendable
{
    /// The factory, called with the resolver and the arguments of the resolve.
    @usableFromInline let factory: (Resolver, First, repeat each Rest) -> Service
    /// For `.perArguments`, the instance made for each value of the arguments; `nil` for other lifetimes.
    @usableFromInline let instances: _ArgumentInstances?

    /// A registration of `factory`; `maximumInstances` bounds a `.perArguments` one (`nil`: no bound).
    @usableFromInline
    init(
        key: String?, life: LifeType, maximumInstances: Int? = nil,
        factory: @escaping (Resolver, First, repeat each Rest) -> Service
    ) {
        self.factory = factory
        instances = life == .perArguments ? Self.instances(keepingAtMost: maximumInstances) : nil
        super.init(
            serviceType: Service.self, key: key, life: life, takesArguments: true,
            returnsServiceType: true)
        if life == .perArguments {
            var unhashable: [String] = []
            for type in Self.argumentTypes {
                if !(type is any Hashable.Type) { unhashable.append(String(reflecting: type)) }
            }
            _require(
                unhashable.isEmpty,
                _Message.perArgumentsUnhashable(displayName, unhashable: unhashable))
        }
        _require(
            maximumInstances == nil || life == .perArguments,
            _Message.maximumInstancesWithoutPerArguments(displayName, life: life))
        _require(
            (maximumInstances ?? 1) > 0,
            _Message.tooFewInstances(displayName, maximumInstances: maximumInstances ?? 0))
    }

    /// The store of a `.perArguments` registration, or `nil` when an argument type is not `Hashable` (`init`
    /// then stops the program, naming it).
    private static func instances(keepingAtMost limit: Int?) -> _ArgumentInstances? {
        var witnesses: [any Hashable.Type] = []
        for type in argumentTypes {
            guard let hashable = type as? any Hashable.Type else { return nil }
            witnesses.append(hashable)
        }
        return _ArgumentInstances(restWitnesses: Array(witnesses.dropFirst()), limit: limit ?? .max)
    }

    /// The identity the registry files these registrations under (with the key): that of a type made from
    /// the service type and the argument types, which BoxKit never makes a value of. A plain registration
    /// is filed under its service type, which cannot be this one, so `Car` registered without arguments,
    /// with `(String)` and with `(String, Int)` are three registrations.
    @inlinable
    static var typeID: ObjectIdentifier { ObjectIdentifier(_ArgumentSignature<Service, First, repeat each Rest>.self) }

    /// The argument types, in order.
    @usableFromInline
    static var argumentTypes: [Any.Type] {
        var types: [Any.Type] = [First.self]
        repeat types.append((each Rest).self)
        return types
    }

    override var argumentTypes: [Any.Type] { Self.argumentTypes }

    override var registryTypeID: ObjectIdentifier { Self.typeID }

    override func unmade(checking check: _LiveServiceCheck? = nil) -> _AnyRegistration {
        let limit = instances.map { $0.limit == .max ? nil : $0.limit } ?? nil
        var factory = factory
        if let check {
            let unchecked = factory
            factory = { (resolver: Resolver, first: First, rest: repeat each Rest) -> Service in
                check.enter()
                return unchecked(resolver, first, repeat each rest)
            }
        }
        return copySettings(
            to: _ArgumentRegistration(key: key, life: life, maximumInstances: limit, factory: factory),
            checkedBy: check)
    }

    /// For `.perArguments`, whether an instance was made for any value of the arguments.
    override var keepsInstance: Bool {
        guard let instances else { return super.keepsInstance }
        return instances.entryCount > 0
    }

    /// The registration at `raw`, which the registry stores retained; the caller keeps it alive.
    @inlinable
    static func at(_ raw: UnsafeMutableRawPointer) -> Unmanaged<_ArgumentRegistration<Service, First, repeat each Rest>>
    {
        Unmanaged<_ArgumentRegistration<Service, First, repeat each Rest>>.fromOpaque(raw)
    }

    /// Makes the service for a resolve that started at `origin` with the arguments `first` and `rest`, by its
    /// lifetime's rule (`_AnyRegistration.make`): a shared instance is made with the arguments of the resolve
    /// that makes it. `holder` is the ancestor box that holds the registration, `nil` when it is `origin`.
    @inlinable
    func make(resolvingFrom origin: Box, holder: Unmanaged<Box>?, arguments first: First, _ rest: repeat each Rest)
        -> Service
    {
        guard life == .transient else {
            return makeShared(resolvingFrom: origin, holder: holder, arguments: first, repeat each rest)
        }
        return makeTransient(resolvingFrom: origin) { factory($0, first, repeat each rest) }
    }

    /// `make` for the lifetimes that share an instance (`.perArguments` takes `perArgumentsInstance`).
    @usableFromInline
    func makeShared(
        resolvingFrom origin: Box, holder: Unmanaged<Box>?, arguments first: First, _ rest: repeat each Rest
    )
        -> Service
    {
        make(
            resolvingFrom: origin, holder: { holder?.takeUnretainedValue() },
            call: { factory($0, first, repeat each rest) })
    }

    /// `make` for a `.makeThrowing` lookup (a `.weak` registration whose factory may make a value: see
    /// `mayThrow`): the same lifetime rules, with a value that cannot be held weakly thrown as a ``BoxError``.
    @usableFromInline
    func makeThrowing(
        resolvingFrom origin: Box, holder: Unmanaged<Box>?, arguments first: First, _ rest: repeat each Rest
    ) throws(BoxError) -> Service {
        try make(
            resolvingFrom: origin, holder: { holder?.takeUnretainedValue() },
            call: { (resolver) throws(BoxError) in factory(resolver, first, repeat each rest) })
    }

    /// Stops the program: there are no arguments to call the factory with. The message names the argument
    /// types the registration takes.
    @usableFromInline func service(_ resolver: Resolver) -> Any {
        resolver._trap(resolver._argumentsRequiredError(self))
    }
}

/// The type whose identity files a registration of `Service` with runtime arguments of types `First`, `Rest...`.
/// Never instantiated: only its metadata is used, as a key. Its parameters mirror the registration's
/// (`First`, then the pack `Rest`), so that code generic over a registration names it without forming a new
/// pack from `First` and `Rest`: an optimised build that instantiates such a pack's metadata generically
/// crashes.
@usableFromInline
struct _ArgumentSignature<Service, First, each Rest> {}
