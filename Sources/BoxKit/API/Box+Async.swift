extension Box {
    /// Registers an `async` factory for `type` under an optional `key`: for services whose construction must
    /// await, such as opening a database or loading a configuration file.
    ///
    /// Resolve the service with ``resolveAsync(_:key:)`` (or ``tryResolveAsync(_:key:)``, or
    /// ``resolveAllAsync(_:)``) from async code. A synchronous ``resolve(_:key:)`` cannot run an async
    /// factory: it stops the program with a message saying so, and ``tryResolve(_:key:)`` throws a
    /// ``BoxError`` with reason ``BoxError/Reason-swift.enum/asyncFactory``.
    ///
    /// ```swift
    /// box.register(life: .permanent) { await Database.open(path: "app.sqlite") }
    /// let database = await box.resolveAsync(Database.self)
    /// ```
    ///
    /// A closure with no `await` in it picks a synchronous overload instead (``register(_:key:life:_:)-6no86``,
    /// or its counterpart for classes), so `box.register { Car() }` registers a synchronous factory as it
    /// always has. A `.permanent`
    /// factory runs exactly once, even when many tasks resolve the service at the same moment: the first
    /// starts one task that creates it, and every other waits for that task. ``ServiceStoring/onInitialised(_:)``
    /// hooks run after the factory returns, before the instance is returned or shared.
    ///
    /// - Parameters:
    ///   - type: The service type; usually inferred from the factory.
    ///   - key: Distinguishes several registrations of one type. `nil` (no key) differs from `""`.
    ///   - life: `.transient` (the default), `.permanent` or `.weak`; see ``LifeType``. Not `.graph`, which lasts
    ///     one synchronous resolve, which an awaiting factory leaves (that stops the program).
    ///   - factory: Makes the service; it may suspend. It runs in whichever task resolves the service (for
    ///     `.permanent`, in a task started by the first resolve), hence `@Sendable`.
    /// - Returns: The registration, to add ``ServiceStoring/onInitialised(_:)`` hooks.
    /// - Complexity: O(1) on average: one XXH3 hash and one insert.
    @inlinable @discardableResult
    public func register<Service>(
        _ type: Service.Type = Service.self, key: String? = nil, life: LifeType = .transient,
        _ factory: @escaping @Sendable () async -> Service
    ) -> any ServiceStoring {
        let registration = _AsyncRegistration(key: key, life: life) { _ in await factory() }
        _register(registration, typeID: ObjectIdentifier(Service.self))
        return registration
    }

    /// Registers an `async` factory that resolves its dependencies from the box it receives.
    ///
    /// As for synchronous factories, a transient factory receives the box the resolve started from (a child
    /// box, say); a permanent one receives the box that holds the registration, since its one instance is
    /// shared. The factory may resolve both kinds of registration: `await r.resolveAsync()` for any, or
    /// `r.resolve()` for synchronous ones.
    ///
    /// ```swift
    /// box.register(life: .permanent) { r in
    ///     await Session(database: r.resolveAsync(), clock: r.resolve())
    /// }
    /// ```
    ///
    /// A closure with no `await` in it picks a synchronous overload instead (``register(_:key:life:_:)-8v9cb``,
    /// or its counterpart for classes). See ``register(_:key:life:_:)-1ktcx`` for lifetimes and hooks.
    ///
    /// - Parameters:
    ///   - type: The service type; usually inferred from the factory.
    ///   - key: Distinguishes several registrations of one type. `nil` (no key) differs from `""`.
    ///   - life: `.transient` (the default), `.permanent` or `.weak`; see ``LifeType``. Not `.graph`, which lasts
    ///     one synchronous resolve, which an awaiting factory leaves (that stops the program).
    ///   - factory: Makes the service, resolving what it needs from its argument; it may suspend.
    /// - Returns: The registration, to add ``ServiceStoring/onInitialised(_:)`` hooks.
    /// - Complexity: O(1) on average: one XXH3 hash and one insert.
    @inlinable @discardableResult
    public func register<Service>(
        _ type: Service.Type = Service.self, key: String? = nil, life: LifeType = .transient,
        _ factory: @escaping @Sendable (Resolver) async -> Service
    ) -> any ServiceStoring {
        let registration = _AsyncRegistration(key: key, life: life, factory: factory)
        _register(registration, typeID: ObjectIdentifier(Service.self))
        return registration
    }

    /// Returns the service registered for `type` and `key`, running its factory if it must, and awaiting it
    /// if that factory is `async`; searches this box, then its ancestors.
    ///
    /// ```swift
    /// box.register(life: .permanent) { await Database.open(path: "app.sqlite") }
    /// box.register { Car() }
    ///
    /// let database = await box.resolveAsync(Database.self)
    /// let car: Car = await box.resolveAsync()       // a synchronous registration resolves here too
    /// ```
    ///
    /// It resolves every registration, synchronous or async, as ``resolve(_:key:)`` does: a transient factory
    /// runs on every resolve; a permanent instance is created once and shared, and tasks that resolve it
    /// while it is being created wait for that one creation; hooks run after each creation. When nothing is
    /// registered, or the resolve would close a cycle, the program stops with BoxKit's usual message; use
    /// ``tryResolveAsync(_:key:)`` to handle that instead.
    ///
    /// It is not an `async` overload of ``resolve(_:key:)``, because Swift would pick such an overload for every
    /// call in an `async` function, written with `await` or not: existing code that calls
    /// `box.resolve() as Car` without `await` in an `async` function would stop compiling. No attribute
    /// changes that, so the async form has its own name here. Code that prefers to write
    /// `await box.resolve(...)` imports the `BoxKitAwait` module, whose `async` overloads of `resolve`,
    /// `tryResolve` and `resolveAll` call this method and its siblings; without it, `await box.resolve(...)`
    /// calls the synchronous resolve (the compiler warns that nothing is awaited), which stops the program with
    /// a message naming this method if the service has an async factory.
    ///
    /// - Parameters:
    ///   - type: The service type; usually inferred from the context.
    ///   - key: The key it was registered under, or `nil` for none.
    /// - Returns: The permanent instance, or a new instance for a transient registration.
    /// - Complexity: O(1) on average to find the registration, as ``resolve(_:key:)``, plus the factory's
    ///   work when it runs. A ready permanent instance of an async registration is returned without
    ///   suspending.
    @inlinable
    public func resolveAsync<Service>(_ type: Service.Type = Service.self, key: String? = nil) async -> Service {
        do {
            return try await _resolveAsync(type, key: key)
        } catch {
            _trap(error)
        }
    }

    /// Returns the service registered for `type` and `key`, awaiting its factory if it is `async`, or throws a
    /// ``BoxError`` describing why it cannot.
    ///
    /// ```swift
    /// do {
    ///     let database = try await box.tryResolveAsync(Database.self, key: "replica")
    /// } catch {
    ///     print(error.chain, error.nearest)
    /// }
    /// ```
    ///
    /// The asynchronous counterpart of ``tryResolve(_:key:)``: it resolves synchronous and async
    /// registrations alike, as ``resolveAsync(_:key:)`` does. As there, the error is thrown for this resolve
    /// itself; a factory that resolves its dependencies with `resolveAsync` still stops the program when one
    /// of them is missing.
    ///
    /// - Parameters:
    ///   - type: The service type; usually inferred from the context.
    ///   - key: The key it was registered under, or `nil` for none.
    /// - Returns: The permanent instance, or a new instance for a transient registration.
    /// - Throws: ``BoxError`` for whatever BoxKit finds wrong, as ``tryResolve(_:key:)`` does: when nothing
    ///   is registered for `type` and `key`, when resolving it would close a cycle (one found on this thread,
    ///   an async factory already running in this task, or a creation that awaits, through others, one whose
    ///   factory runs in this task), when its factory threw, or when the service a forwarded `type` forwards
    ///   to fails or is not of `type` (a forward resolves it synchronously: see ``forward(_:to:key:)``).
    /// - Complexity: O(1) on average to find the registration, as ``resolveAsync(_:key:)``.
    @inlinable
    public func tryResolveAsync<Service>(
        _ type: Service.Type = Service.self, key: String? = nil
    ) async throws(BoxError) -> Service {
        try await _resolveAsync(type, key: key)
    }

    /// The async resolution funnel: the synchronous funnel's lookup, then the synchronous completion (a ready
    /// instance, a synchronous factory, an error), the async registration, taken out of the lookup before
    /// anything suspends, or a hop to the actor an isolated registration's factory must run on (and, should
    /// the registration be replaced meanwhile by one that needs another actor or an await, a new lookup).
    @inlinable
    func _resolveAsync<Service>(_ type: Service.Type, key: String?) async throws(BoxError) -> Service {
        while true {
            let lookup = _begin(type, key: key)
            switch lookup.failure {
            case .asyncFactory:
                let (registration, holder) = _endAsync(lookup)
                return try await _AsyncRegistration<Service>.at(registration).make(resolvingFrom: self, holder: holder)
            case .wrongIsolation:
                // `nil`: replaced, while hopping, by a registration that needs another actor or an await.
                if let made = try await _resolveIsolated(type, key: key, ending: lookup) { return made }
            default:
                return try lookup.instance(from: self) { lookup throws(BoxError) in
                    try lookup._finish(from: self, as: type, key: key)
                }
            }
        }
    }
}
