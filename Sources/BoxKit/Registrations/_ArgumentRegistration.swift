/// A registration whose factory takes runtime arguments besides the resolver: `Argument` is the pack of
/// their types (at least one; `register` and `resolve` spell it `First, repeat each Rest`).
///
/// A class of its own rather than a third factory shape in `_Registration`, so that the plain resolve path
/// never tests for it. The registry files it under ``typeID``, which no plain registration can share, so a
/// lookup that finds it was made with exactly these argument types and the cast back is safe.
@usableFromInline
final class _ArgumentRegistration<Service, each Argument>: _AnyRegistration, ServiceStoring, @unchecked Sendable {
    /// The factory, called with the resolver and the arguments of the resolve.
    @usableFromInline let factory: (Resolver, repeat each Argument) -> Service
    /// For `.perArguments`, the instance made for each value of the arguments; `nil` for other lifetimes.
    let instances: _Locked<[[AnyHashable]: Service]>?

    @usableFromInline
    init(key: String?, life: LifeType, factory: @escaping (Resolver, repeat each Argument) -> Service) {
        self.factory = factory
        instances = life == .perArguments ? _Locked([:]) : nil
        super.init(serviceType: Service.self, key: key, life: life, takesArguments: true)
        if life == .perArguments {
            var unhashable: [String] = []
            repeat
                (((each Argument).self as Any.Type) is any Hashable.Type
                ? () : unhashable.append(String(reflecting: (each Argument).self)))
            _require(
                unhashable.isEmpty,
                "BoxKit: \(displayName) is registered with life: .perArguments, which keeps an instance per value "
                    + "of its arguments, but \(unhashable.joined(separator: ", ")) is not Hashable.")
        }
    }

    /// The arguments of a resolve, as the key of `instances`; each argument type was checked `Hashable` when
    /// the registration was made.
    static func instanceKey(_ argument: repeat each Argument) -> [AnyHashable] {
        var key: [AnyHashable] = []
        repeat key.append(_anyHashable(each argument))
        return key
    }

    /// The identity the registry files these registrations under (with the key): that of a type made from
    /// the service type and the argument types, which BoxKit never makes a value of. A plain registration
    /// is filed under its service type, which cannot be this one, so `Car` registered without arguments,
    /// with `(String)` and with `(String, Int)` are three registrations.
    @inlinable
    static var typeID: ObjectIdentifier { ObjectIdentifier(_ArgumentSignature<Service, repeat each Argument>.self) }

    /// The argument types, in order.
    @usableFromInline
    static var argumentTypes: [Any.Type] {
        var types: [Any.Type] = []
        repeat types.append((each Argument).self)
        return types
    }

    override var argumentTypes: [Any.Type] { Self.argumentTypes }

    override var registryTypeID: ObjectIdentifier { Self.typeID }

    override func unmade() -> _AnyRegistration {
        copySettings(to: _ArgumentRegistration(key: key, life: life, factory: factory))
    }

    /// For `.perArguments`, whether an instance was made for any value of the arguments.
    override var keepsInstance: Bool {
        guard let instances else { return super.keepsInstance }
        return instances.withLock { !$0.isEmpty }
    }

    /// The registration at `raw`, which the registry stores retained; the caller keeps it alive.
    @inlinable
    static func at(_ raw: UnsafeMutableRawPointer) -> Unmanaged<_ArgumentRegistration<Service, repeat each Argument>> {
        Unmanaged<_ArgumentRegistration<Service, repeat each Argument>>.fromOpaque(raw)
    }

    /// Makes the service for a resolve that started at `origin` with `argument`, by its lifetime's rule
    /// (`_AnyRegistration.make`): a shared instance is made with the arguments of the resolve that makes it.
    /// `holder` is the ancestor box that holds the registration, `nil` when it is `origin`.
    @inlinable
    func make(resolvingFrom origin: Box, holder: Unmanaged<Box>?, arguments argument: repeat each Argument) -> Service {
        guard life == .transient else {
            return makeShared(resolvingFrom: origin, holder: holder, arguments: repeat each argument)
        }
        return makeTransient(resolvingFrom: origin) { factory($0, repeat each argument) }
    }

    /// `make` for the lifetimes that share an instance.
    @usableFromInline
    func makeShared(resolvingFrom origin: Box, holder: Unmanaged<Box>?, arguments argument: repeat each Argument)
        -> Service
    {
        guard let instances else {
            return make(
                resolvingFrom: origin, holder: { holder?.takeUnretainedValue() },
                call: { factory($0, repeat each argument) })
        }
        let key = Self.instanceKey(repeat each argument)
        return make(
            resolvingFrom: origin, holder: { holder?.takeUnretainedValue() },
            call: { factory($0, repeat each argument) },
            cached: { () -> Service? in instances.withLock { $0[key] } },
            store: { (made: Service) in instances.withLock { $0[key] = made } })
    }

    /// Stops the program: there are no arguments to call the factory with. The message names the argument
    /// types the registration takes.
    @usableFromInline func service(_ resolver: Resolver) -> Any {
        resolver._trap(resolver._argumentsRequiredError(self))
    }
}

/// The type whose identity files a registration of `Service` with runtime arguments of types `Argument`.
/// Never instantiated: only its metadata is used, as a key.
@usableFromInline
struct _ArgumentSignature<Service, each Argument> {}

/// `value`, which must be of a `Hashable` type, as an `AnyHashable`.
private func _anyHashable<Value>(_ value: Value) -> AnyHashable {
    let hashable = value as! any Hashable
    return AnyHashable(hashable)
}
