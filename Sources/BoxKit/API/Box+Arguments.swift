extension Box {
    /// Registers a factory that takes runtime arguments, passed by each resolve, besides the resolver.
    ///
    /// The argument types are part of the registration's identity, with the service type and the key:
    /// `Car` registered with `(String)`, with `(String, Int)` and without arguments are three registrations,
    /// and each is resolved only with its own argument types. Any number of arguments (at least one) works
    /// through one generic function; their types come from the factory's parameters, so annotate them.
    ///
    /// ```swift
    /// box.register(Car.self) { (r: Resolver, colour: String, doors: Int) in
    ///     Car(engine: r.resolve(), colour: colour, doors: doors)
    /// }
    /// let car = box.resolve(Car.self, arguments: "red", 5)
    /// ```
    ///
    /// A transient factory runs on every resolve with that resolve's arguments. A permanent one runs once,
    /// with the arguments of the first resolve; later resolves return that instance, whatever arguments
    /// they pass. A `.perArguments` one runs once per value of the arguments, as `Hashable` tells values
    /// apart: arguments that equal nothing, not even themselves (`Double.nan`), never find the instance made
    /// for them, so each resolve with them makes and keeps a new one. Registering the same type, key and
    /// argument types again replaces the registration.
    ///
    /// A `.perArguments` registration keeps every value's instance (and the values) until it is reset,
    /// replaced or removed, unless `maximumInstances` bounds it: then making an instance for a new value
    /// when that many are kept first drops one that no resolve has found for a while (an approximation of
    /// the least recently used one, which costs a resolve that finds an instance one relaxed store, the first
    /// time after each eviction pass). The dropped instance is released once no resolve uses it, outside
    /// every lock; a later resolve of its value makes a new one.
    ///
    /// ```swift
    /// box.register(Thumbnail.self, life: .perArguments, maximumInstances: 500) { (_: Resolver, url: URL) in
    ///     Thumbnail(url: url)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The service type; usually inferred from the factory.
    ///   - key: Distinguishes several registrations of one type and argument types. `nil` (no key) differs
    ///     from `""`.
    ///   - life: `.transient` (the default), `.permanent`, `.graph`, `.weak` or `.perArguments`; see
    ///     ``LifeType``. A shared instance is made with the arguments of the resolve that makes it.
    ///   - maximumInstances: For `.perArguments`, how many instances to keep at most (at least 1); `nil`,
    ///     the default, keeps every one. Any other lifetime with a bound stops the program.
    ///   - factory: Makes the service from the resolver and the arguments of the resolve, in order.
    /// - Returns: The registration, to add ``ServiceStoring/onInitialised(_:)`` hooks.
    /// - Complexity: O(1) on average: one XXH3 hash and one insert.
    @inlinable @discardableResult
    public func register<Service, First, each Rest>(
        _ type: Service.Type = Service.self, key: String? = nil, life: LifeType = .transient,
        maximumInstances: Int? = nil, _ factory: @escaping (Resolver, First, repeat each Rest) -> Service
    ) -> any ServiceStoring {
        let registration = _ArgumentRegistration<Service, First, repeat each Rest>(
            key: key, life: life, maximumInstances: maximumInstances, factory: factory)
        _register(registration, typeID: _ArgumentRegistration<Service, First, repeat each Rest>.typeID)
        return registration
    }

    /// Returns the service registered for `type`, `key` and the types of `arguments`, made with those
    /// arguments, searching this box, then its ancestors.
    ///
    /// ```swift
    /// let car = box.resolve(Car.self, arguments: "red", 5)
    /// let bmw: Car = box.resolve(key: "BMW", arguments: "blue")
    /// ```
    ///
    /// The static types of the arguments select the registration: pass exactly the types the factory
    /// takes (`5` is an `Int`; pass `5 as Double` for a `Double`). When no registration matches, the program
    /// stops with a message that, if `type` and `key` are registered with other argument types or without
    /// arguments, names those and the ones passed:
    ///
    /// ```
    /// BoxKit: MyApp.Car is registered with arguments (Swift.String, Swift.Int), not (Swift.String). ...
    /// ```
    ///
    /// Use ``tryResolve(_:key:arguments:_:)`` to handle that instead.
    ///
    /// - Parameters:
    ///   - type: The service type; usually inferred from the context.
    ///   - key: The key it was registered under, or `nil` for none.
    ///   - first: The first argument for the factory.
    ///   - rest: The factory's other arguments, in order.
    /// - Returns: A new instance made with the arguments for a transient registration; the permanent
    ///   instance, made with the arguments of the first resolve, for a permanent one; for a `.perArguments`
    ///   one, the instance kept for arguments equal to these, made by the first resolve that passed them.
    /// - Complexity: O(1) on average, as ``resolve(_:key:)``: one XXH3 hash, usually one probe, no lock, and
    ///   no allocation beyond what the factory allocates. A `.perArguments` resolve also hashes the arguments
    ///   and compares them with those of the instance it finds, outside any lock; the first resolve of a
    ///   value waits only for another thread making that same value's instance, as a permanent's first
    ///   resolve does.
    @inlinable
    public func resolve<Service, First, each Rest>(
        _ type: Service.Type = Service.self, key: String? = nil, arguments first: First, _ rest: repeat each Rest
    ) -> Service {
        do {
            return try _resolveWithArguments(type, key: key, arguments: first, repeat each rest)
        } catch {
            _trap(error)
        }
    }

    /// Returns the service registered for `type`, `key` and the types of `arguments`, made with those
    /// arguments, or throws a ``BoxError`` describing why not.
    ///
    /// ```swift
    /// do {
    ///     let car = try box.tryResolve(Car.self, arguments: "red")
    /// } catch where error.reason == .argumentMismatch {
    ///     print(error.registeredArguments)   // [["Swift.String", "Swift.Int"]]
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The service type; usually inferred from the context.
    ///   - key: The key it was registered under, or `nil` for none.
    ///   - first: The first argument for the factory.
    ///   - rest: The factory's other arguments, in order.
    /// - Returns: As ``resolve(_:key:arguments:_:)``.
    /// - Throws: ``BoxError`` with reason ``BoxError/Reason/argumentMismatch`` when `type` and `key` are
    ///   registered, but only with other argument types or without arguments;
    ///   ``BoxError/Reason/notRegistered`` when they are not registered at all;
    ///   ``BoxError/Reason/cycle`` when resolving would close a cycle.
    /// - Complexity: O(1) on average, as ``resolve(_:key:arguments:_:)``.
    @inlinable
    public func tryResolve<Service, First, each Rest>(
        _ type: Service.Type = Service.self, key: String? = nil, arguments first: First, _ rest: repeat each Rest
    ) throws(BoxError) -> Service {
        try _resolveWithArguments(type, key: key, arguments: first, repeat each rest)
    }

    /// A resolve with runtime arguments: one lookup under the identity of the argument types, then the one
    /// funnel (`_Lookup.instance`) with the argument registration, recovered without a dynamic cast, which
    /// its factory is called with; a `.perArguments` registration finds or makes the instance for the
    /// arguments itself, and a `.weak` one whose factory may make a value is made by `makeThrowing`, which
    /// throws for a value. The argument types are compared only by that lookup, and named only on the failure
    /// path.
    @inlinable @inline(__always)
    func _resolveWithArguments<Service, First, each Rest>(
        _ type: Service.Type, key: String?, arguments first: First, _ rest: repeat each Rest
    ) throws(BoxError) -> Service {
        typealias Registration = _ArgumentRegistration<Service, First, repeat each Rest>
        return try _begin(Registration.typeID, key: key).instance(
            from: self,
            ready: { Registration.at($0)._withUnsafeGuaranteedRef { $0.keptInstance(as: Service.self) } },
            make: { registration, resolver, holder in
                Registration.at(registration)._withUnsafeGuaranteedRef {
                    $0.make(resolvingFrom: resolver, holder: holder, arguments: first, repeat each rest)
                }
            },
            otherwise: { lookup throws(BoxError) in
                guard lookup.state == .perArguments || lookup.state == .makeThrowing else {
                    throw _endFailed(lookup, type: type, key: key, arguments: Registration.argumentTypes)
                }
                defer { _endMake(lookup) }
                // A result, not a throw, out of the closure: `_withUnsafeGuaranteedRef` rethrows untyped.
                return try Registration.at(lookup.registration.unsafelyUnwrapped)._withUnsafeGuaranteedRef {
                    registration in
                    Result { () throws(BoxError) in
                        guard lookup.state == .perArguments else {
                            return try registration.makeThrowing(
                                resolvingFrom: self, holder: lookup.holder, arguments: first, repeat each rest)
                        }
                        return try registration.perArgumentsInstance(
                            resolvingFrom: self, holder: lookup.holder, arguments: first, repeat each rest)
                    }
                }
                .get()
            })
    }
}
