extension Box {
    /// Registers a factory for `type` under an optional `key`.
    ///
    /// Registering an existing (type, key) replaces it; the old factory and any instance it kept are
    /// released once no resolve in flight uses them. A factory that must `await` takes the async overload,
    /// ``register(_:key:life:_:)-1ktcx``; one that makes a class instance, such as `box.register { Car() }`,
    /// takes this overload's counterpart for classes, which behaves the same.
    ///
    /// ```swift
    /// box.register { Car() as Vehicle }
    /// box.register(key: "default", life: .permanent) { Settings(theme: .dark) }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The service type; usually inferred from the factory.
    ///   - key: Distinguishes several registrations of one type. `nil` (no key) differs from `""`.
    ///   - life: `.transient` (the default), `.permanent`, `.graph` or `.weak`; see ``LifeType``.
    ///   - factory: Makes the service.
    /// - Returns: The registration, to add ``ServiceStoring/onInitialised(_:)`` hooks.
    /// - Complexity: O(1) on average: one XXH3 hash and one insert.
    @inlinable @discardableResult
    public func register<Service>(
        _ type: Service.Type = Service.self, key: String? = nil, life: LifeType = .transient,
        _ factory: @escaping () -> Service
    ) -> any ServiceStoring {
        let registration = _Registration(key: key, life: life, factory: factory, resolving: nil)
        _register(registration, typeID: ObjectIdentifier(Service.self))
        return registration
    }

    /// Registers a factory that resolves its dependencies from the box it receives.
    ///
    /// A transient factory receives the box the resolve started from (a child box, say); a permanent one
    /// receives the box that holds the registration, since its one instance is shared. A factory that makes
    /// a class instance takes this overload's counterpart for classes, which behaves the same.
    ///
    /// ```swift
    /// box.register(Vehicle.self, key: "sports", life: .transient) { r in
    ///     Car(engine: r.resolve())
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The service type; usually inferred from the factory.
    ///   - key: Distinguishes several registrations of one type. `nil` (no key) differs from `""`.
    ///   - life: `.transient` (the default), `.permanent`, `.graph` or `.weak`; see ``LifeType``.
    ///   - factory: Makes the service, resolving what it needs from its argument.
    /// - Returns: The registration, to add ``ServiceStoring/onInitialised(_:)`` hooks.
    /// - Complexity: O(1) on average: one XXH3 hash and one insert.
    @inlinable @discardableResult
    public func register<Service>(
        _ type: Service.Type = Service.self, key: String? = nil, life: LifeType = .transient,
        _ factory: @escaping (Resolver) -> Service
    ) -> any ServiceStoring {
        let registration = _Registration(key: key, life: life, factory: nil, resolving: factory)
        _register(registration, typeID: ObjectIdentifier(Service.self))
        return registration
    }

    /// Registers a factory for the class `type` under an optional `key`. Behaves exactly as
    /// ``register(_:key:life:_:)-6no86``, which it stands in for when the factory makes a class instance:
    /// its registration has the same form for every class, so registering a new class makes no type metadata.
    ///
    /// ```swift
    /// box.register { Car() }
    /// box.register(key: "BMW", life: .permanent) { Car(make: "BMW") }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The service type; usually inferred from the factory.
    ///   - key: Distinguishes several registrations of one type. `nil` (no key) differs from `""`.
    ///   - life: `.transient` (the default), `.permanent`, `.graph` or `.weak`; see ``LifeType``.
    ///   - factory: Makes the service.
    /// - Returns: The registration, to add ``ServiceStoring/onInitialised(_:)`` hooks.
    /// - Complexity: O(1) on average: one XXH3 hash and one insert.
    @inlinable @discardableResult
    public func register<Service: AnyObject>(
        _ type: Service.Type = Service.self, key: String? = nil, life: LifeType = .transient,
        _ factory: @escaping () -> Service
    ) -> any ServiceStoring {
        _registerObject(Service.self, key: key, life: life, factory: factory, resolving: nil)
    }

    /// Registers a factory for the class `type` that resolves its dependencies from the box it receives.
    /// Behaves exactly as ``register(_:key:life:_:)-8v9cb``, which it stands in for when the factory makes a
    /// class instance: its registration has the same form for every class, so registering a new class makes
    /// no type metadata.
    ///
    /// ```swift
    /// box.register(Car.self, key: "sports") { r in
    ///     Car(engine: r.resolve())
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The service type; usually inferred from the factory.
    ///   - key: Distinguishes several registrations of one type. `nil` (no key) differs from `""`.
    ///   - life: `.transient` (the default), `.permanent`, `.graph` or `.weak`; see ``LifeType``.
    ///   - factory: Makes the service, resolving what it needs from its argument.
    /// - Returns: The registration, to add ``ServiceStoring/onInitialised(_:)`` hooks.
    /// - Complexity: O(1) on average: one XXH3 hash and one insert.
    @inlinable @discardableResult
    public func register<Service: AnyObject>(
        _ type: Service.Type = Service.self, key: String? = nil, life: LifeType = .transient,
        _ factory: @escaping (Resolver) -> Service
    ) -> any ServiceStoring {
        _registerObject(Service.self, key: key, life: life, factory: nil, resolving: factory)
    }

    /// The registration BoxKit's own generic code (`autoregister`, `forward`, `register(isolatedTo:)`) makes
    /// for `factory` or `resolving` (exactly one): for a service type that is one class reference
    /// (`_isObjectReference`, asked at run time, since this code is not specialised), an `_ObjectRegistration`,
    /// as `register` makes for a class, its factory wrapped to return `AnyObject`, so that registering a new
    /// class makes no type metadata; a `_Registration<Service>` otherwise. `isolation` is the global actor the
    /// factory must run on; `declaredDependencies` are an auto-registered initializer's parameter types.
    func _registration<Service>(
        of _: Service.Type, key: String?, life: LifeType, factory: (() -> Service)? = nil,
        resolving: ((Resolver) -> Service)? = nil, isolation: _Isolation? = nil, declaredDependencies: [Any.Type] = []
    ) -> any _AnyRegistration & ServiceStoring {
        guard _isObjectReference(Service.self) else {
            return _Registration<Service>(
                key: key, life: life, factory: factory, resolving: resolving, isolation: isolation,
                declaredDependencies: declaredDependencies)
        }
        // `if let` rather than `Optional.map`: a generic member of `Optional<() -> Service>` would have the
        // runtime build that type's metadata for each service type, which is what this registration avoids.
        var madeObject: (() -> AnyObject)?
        if let factory { madeObject = { unsafeBitCast(factory(), to: AnyObject.self) } }
        var resolvedObject: ((Resolver) -> AnyObject)?
        if let resolving { resolvedObject = { resolver in unsafeBitCast(resolving(resolver), to: AnyObject.self) } }
        return _ObjectRegistration(
            serviceType: Service.self, key: key, life: life, factory: madeObject, resolving: resolvedObject,
            extras: .ifAny(isolation: isolation, declaredDependencies: declaredDependencies))
    }

    /// Registers `factory` or `resolving` (exactly one) for the class `type`: what a `register` call site for
    /// a class compiles to, one call with the type's metadata and the factory. Not inlinable: the
    /// registration is made and inserted here, once in BoxKit, so that each `register` line of an app adds a
    /// call to its code and not the registration's allocation and initialisation.
    @usableFromInline
    func _registerObject(
        _ type: Any.Type, key: String?, life: LifeType, factory: (() -> AnyObject)?,
        resolving: ((Resolver) -> AnyObject)?
    ) -> _ObjectRegistration {
        let registration = _ObjectRegistration(
            serviceType: type, key: key, life: life, factory: factory, resolving: resolving)
        _register(registration, typeID: ObjectIdentifier(type))
        return registration
    }

    /// The one registration funnel: non-generic, so that only the registration object is made in the
    /// caller's specialised code (where a `_Registration<Service>`'s metadata is cheap to reach once made;
    /// an `_ObjectRegistration` has the same for every class). The backend is borrowed
    /// (`_Registry.insert`), not retained. A creation observer of this box or an ancestor watches the
    /// registration from the moment it is inserted: one installed before sees the count here, one installed
    /// after finds it in the box (`_CreationObservers.install` counts itself before it looks). A creation that
    /// another thread makes between the insert and this check is not reported.
    @usableFromInline
    func _register(_ registration: _AnyRegistration, typeID: ObjectIdentifier) {
        _registry.insert(registration, typeID: typeID, publishingTableIn: _tableWord)
        if _CreationObservers.isActive { _CreationObservers.noteRegistered(registration, in: self) }
    }
}
