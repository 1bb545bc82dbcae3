extension Box {
    /// Registers a factory that must run on a global actor, such as the main actor, for a service isolated
    /// to it (a `@MainActor` view model, say); callable from code that is not isolated to that actor.
    ///
    /// ```swift
    /// @MainActor final class Screen { init() {} }
    ///
    /// func configure(_ box: Box) {                  // nonisolated
    ///     box.register(isolatedTo: MainActor.self) { @MainActor in Screen() }
    /// }
    ///
    /// @MainActor func show(_ box: Box) {
    ///     let screen: Screen = box.resolve()        // on the main actor: made here, synchronously
    /// }
    ///
    /// func prepare(_ box: Box) async {
    ///     let screen = await box.resolveAsync(Screen.self)   // anywhere else: hops to the main actor
    /// }
    /// ```
    ///
    /// Write the actor's attribute on the closure (`{ @MainActor in … }`, `{ @DatabaseActor in … }`), so that
    /// the compiler checks its body against that actor; `isolatedTo:` names the same actor, and registering a
    /// closure isolated to another one, or to none, stops the program.
    ///
    /// A synchronous resolve (``resolve(_:key:)``, `@Boxed`, a ``ServiceProvider``) makes the service
    /// only on that actor: where Swift's `assumeIsolated` would pass and BoxKit can tell without stopping the
    /// program (in a task on the actor's executor; for the main actor, on the main thread or in a main-queue
    /// block; for a custom executor, where its `isIsolatingCurrentContext()` answers yes, on Swift 6.2 runtimes;
    /// never by calling its `checkIsolated()`: see <doc:ActorsAndIsolation>). From anywhere else it stops the
    /// program with a message naming the service and the actor, and ``tryResolve(_:key:)`` throws a
    /// ``BoxError`` with reason ``BoxError/Reason-swift.enum/wrongIsolation``; the factory never runs off its
    /// actor. An async resolve (``resolveAsync(_:key:)``, ``tryResolveAsync(_:key:)``, ``resolveAllAsync(_:)``,
    /// or `await box.resolve` with BoxKitAwait) hops to the actor, resolves there, and returns.
    ///
    /// Lifetimes keep their rules: a `.permanent` instance is made once, on the actor, and from then on is
    /// returned to any caller, as every shared instance is (see ``Box``). ``verify()`` does not resolve
    /// these registrations (its threads are not on the actor), and a factory that resolves a dependency
    /// isolated to another actor gets that dependency's error unless it is already made.
    ///
    /// - Parameters:
    ///   - type: The service type; usually inferred from the factory.
    ///   - key: Distinguishes several registrations of one type. `nil` (no key) differs from `""`.
    ///   - life: `.transient` (the default), `.permanent`, `.graph` or `.weak`; see ``LifeType``.
    ///   - isolation: The global actor the factory is isolated to: `MainActor.self`, or your own.
    ///   - factory: Makes the service, on `isolation`'s actor.
    /// - Returns: The registration, to add ``ServiceStoring/onInitialised(_:)`` hooks, which run on the actor
    ///   after the factory.
    /// - Complexity: O(1) on average: one XXH3 hash and one insert.
    @discardableResult
    public func register<Service, Isolation: GlobalActor>(
        _ type: Service.Type = Service.self, key: String? = nil, life: LifeType = .transient,
        isolatedTo isolation: Isolation.Type, _ factory: @escaping @isolated(any) @Sendable () -> Service
    ) -> any ServiceStoring {
        let checked = _Isolation(isolation, factoryIsolation: factory.isolation, service: Service.self, key: key)
        let registration = _registration(
            of: Service.self, key: key, life: life, factory: _onItsActor(factory), isolation: checked)
        _register(registration, typeID: ObjectIdentifier(Service.self))
        return registration
    }

    /// Registers a factory that must run on a global actor and resolves its dependencies from the box it
    /// receives.
    ///
    /// ```swift
    /// box.register(isolatedTo: MainActor.self) { @MainActor r in
    ///     Screen(model: r.resolve())
    /// }
    /// ```
    ///
    /// Such a service resolves as the factory that takes nothing does (see <doc:ActorsAndIsolation>); as for
    /// any factory, a transient one receives the box the resolve started from, a permanent one the box that
    /// holds the registration.
    ///
    /// - Parameters:
    ///   - type: The service type; usually inferred from the factory.
    ///   - key: Distinguishes several registrations of one type. `nil` (no key) differs from `""`.
    ///   - life: `.transient` (the default), `.permanent`, `.graph` or `.weak`; see ``LifeType``.
    ///   - isolation: The global actor the factory is isolated to: `MainActor.self`, or your own.
    ///   - factory: Makes the service, on `isolation`'s actor, resolving what it needs from its argument.
    /// - Returns: The registration, to add ``ServiceStoring/onInitialised(_:)`` hooks.
    /// - Complexity: O(1) on average: one XXH3 hash and one insert.
    @discardableResult
    public func register<Service, Isolation: GlobalActor>(
        _ type: Service.Type = Service.self, key: String? = nil, life: LifeType = .transient,
        isolatedTo isolation: Isolation.Type, _ factory: @escaping @isolated(any) @Sendable (Resolver) -> Service
    ) -> any ServiceStoring {
        let checked = _Isolation(isolation, factoryIsolation: factory.isolation, service: Service.self, key: key)
        let registration = _registration(
            of: Service.self, key: key, life: life, resolving: _onItsActor(factory), isolation: checked)
        _register(registration, typeID: ObjectIdentifier(Service.self))
        return registration
    }

    /// `factory` as a function a resolve calls synchronously, which it does only on the factory's actor
    /// (`_ResolutionThread.decide` checks that first).
    ///
    /// Swift calls an `@isolated(any)` function only with `await`, even on its actor. Its value is the
    /// function and context of the isolated closure it was made from, with the isolation kept in the
    /// context (it is the size of a plain function, which `unsafeBitCast` checks); called as a plain function,
    /// it runs that closure synchronously. The standard library's `assumeIsolated` drops isolation from a
    /// function type the same way. The isolation tests call such factories for the main actor and a global
    /// actor of their own, with captures.
    private func _onItsActor<Argument, Service>(
        _ factory: @escaping @isolated(any) @Sendable (Argument) -> Service
    ) -> (Argument) -> Service {
        unsafeBitCast(factory, to: ((Argument) -> Service).self)
    }

    /// `_onItsActor(_:)` for a factory that takes nothing.
    private func _onItsActor<Service>(_ factory: @escaping @isolated(any) @Sendable () -> Service) -> () -> Service {
        unsafeBitCast(factory, to: (() -> Service).self)
    }

    /// Ends a `.wrongIsolation` lookup whose registration the thread's chain holds (`_Lookup.isHeldByChain`),
    /// and returns its error: the entry is popped first, so that the chain the error names does not name the
    /// registration twice, and the error keeps the registration.
    func _endOffExecutor(_ lookup: _Lookup) -> BoxError {
        let raw = lookup.registration.unsafelyUnwrapped
        let registration = Unmanaged<_AnyRegistration>.fromOpaque(raw).takeUnretainedValue()
        _endMake(lookup)
        return _error(.wrongIsolation, of: registration)
    }

    /// The async resolve of `type` and `key` whose `.wrongIsolation` lookup found a registration that must be
    /// made on a global actor this code is not running on: ends the lookup, hops to the actor, and resolves
    /// there as a synchronous resolve would. Returns `nil` when what it finds there, having replaced the
    /// registration meanwhile, needs another actor or an await: the caller looks again.
    @usableFromInline
    func _resolveIsolated<Service>(
        _ type: Service.Type, key: String?, ending lookup: _Lookup
    ) async throws(BoxError) -> Service? {
        let actor = _endAsync(lookup).registration.isolation.unsafelyUnwrapped.actor
        return try await _Isolation.run(on: actor) { () throws(BoxError) -> Service? in
            let lookup = self._begin(type, key: key)
            if lookup.failed(with: .asyncFactory) || lookup.failed(with: .wrongIsolation) {
                _ = self._endAsync(lookup)
                return nil
            }
            return try lookup.instance(from: self) { lookup throws(BoxError) in
                try lookup._finish(from: self, as: type, key: key)
            }
        }.instance
    }
}
