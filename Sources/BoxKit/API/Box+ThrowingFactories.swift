extension Box {
    /// Registers a factory that may throw, for `type` under an optional `key`: for services whose construction
    /// can fail, such as opening a database.
    ///
    /// ```swift
    /// box.register(life: .permanent) { () throws -> Database in try Database.open(path: "app.sqlite") }
    ///
    /// do {
    ///     let database = try box.tryResolve(Database.self)
    /// } catch {
    ///     print(error.reason, error.underlyingError ?? "")   // .factoryFailed, what Database.open threw
    /// }
    /// ```
    ///
    /// What the factory throws reaches the resolve that ran it: ``tryResolve(_:key:)`` (and
    /// ``tryResolveAsync(_:key:)``) throw a ``BoxError`` with reason ``BoxError/Reason-swift.enum/factoryFailed``,
    /// the chain of resolutions that led there, and the error as ``BoxError/underlyingError``; a `BoxError` the
    /// factory throws itself (from a `tryResolve` of its own dependencies, say) passes unchanged, chain and
    /// all. ``resolve(_:key:)``, which does not throw, stops the program naming the service and the error, as
    /// does any resolve that cannot throw (a provider, `@Boxed`, a dependency resolved with `resolve` inside
    /// another factory). ``verify()`` reports it and goes on.
    ///
    /// A factory that throws makes nothing: a `.permanent` or `.weak` one runs again on the next resolve, and
    /// its hooks run only on what it made. A closure that cannot throw picks the plain
    /// ``register(_:key:life:_:)-6no86`` instead, so `box.register { Car() }` is unchanged.
    ///
    /// - Parameters:
    ///   - type: The service type; usually inferred from the factory.
    ///   - key: Distinguishes several registrations of one type. `nil` (no key) differs from `""`.
    ///   - life: `.transient` (the default), `.permanent`, `.graph` or `.weak`; see ``LifeType``.
    ///   - factory: Makes the service, or throws.
    /// - Returns: The registration, to add ``ServiceStoring/onInitialised(_:)`` hooks.
    /// - Complexity: O(1) on average: one XXH3 hash and one insert.
    @discardableResult
    public func register<Service>(
        _ type: Service.Type = Service.self, key: String? = nil, life: LifeType = .transient,
        _ factory: @escaping () throws -> Service
    ) -> any ServiceStoring {
        let registration = _Registration<Service>(
            key: key, life: life, factory: nil, resolving: nil, throwing: { _ in try factory() })
        _register(registration, typeID: ObjectIdentifier(Service.self))
        return registration
    }

    /// Registers a factory that may throw and resolves its dependencies from the box it receives.
    ///
    /// ```swift
    /// box.register { (r: Resolver) throws -> Session in
    ///     try Session(database: r.tryResolve(), clock: r.resolve())
    /// }
    /// ```
    ///
    /// A dependency resolved with `try r.tryResolve()` fails this factory with that dependency's own error,
    /// chain included. What the factory throws reaches the resolve as for a factory that takes nothing:
    /// ``tryResolve(_:key:)`` throws it as a ``BoxError`` with reason
    /// ``BoxError/Reason-swift.enum/factoryFailed``, and ``resolve(_:key:)`` stops naming it.
    ///
    /// - Parameters:
    ///   - type: The service type; usually inferred from the factory.
    ///   - key: Distinguishes several registrations of one type. `nil` (no key) differs from `""`.
    ///   - life: `.transient` (the default), `.permanent`, `.graph` or `.weak`; see ``LifeType``.
    ///   - factory: Makes the service, resolving what it needs from its argument, or throws.
    /// - Returns: The registration, to add ``ServiceStoring/onInitialised(_:)`` hooks.
    /// - Complexity: O(1) on average: one XXH3 hash and one insert.
    @discardableResult
    public func register<Service>(
        _ type: Service.Type = Service.self, key: String? = nil, life: LifeType = .transient,
        _ factory: @escaping (Resolver) throws -> Service
    ) -> any ServiceStoring {
        let registration = _Registration<Service>(key: key, life: life, factory: nil, resolving: nil, throwing: factory)
        _register(registration, typeID: ObjectIdentifier(Service.self))
        return registration
    }
}
