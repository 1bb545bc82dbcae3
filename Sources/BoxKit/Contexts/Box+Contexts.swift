extension Box {
    /// Registers a factory for `type` under an optional `key`, with overrides that replace it where the process
    /// runs in their context: a SwiftUI preview, a UI test's launch argument, a debug build.
    ///
    /// The box chooses once, here: the override that applies now (the first of the highest kind, in the order
    /// ``BoxContext`` gives), or `factory` when none does. What it registers is then an ordinary registration,
    /// so a resolve pays nothing for the choice, and a registration made later for the same type and key
    /// replaces it, as always.
    ///
    /// ```swift
    /// box.register(API.self, life: .permanent, overrides: [
    ///     .on(.launchArgument("-mockNetwork")) { StubAPI() },   // app.launchArguments = ["-mockNetwork"]
    ///     .on(.environment("API_STUB", equals: "slow")) { SlowStubAPI() },
    ///     .on(.preview) { PreviewAPI() },
    /// ]) { r in URLSessionAPI(session: r.resolve()) }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The service type.
    ///   - key: Distinguishes several registrations of one type. `nil` (no key) differs from `""`.
    ///   - life: `.transient` (the default), `.permanent`, `.graph` or `.weak`; see ``LifeType``.
    ///   - overrides: The factories that replace `factory` in their contexts.
    ///   - factory: Makes the service where no override applies, resolving what it needs from its argument.
    /// - Returns: The registration made, to add ``ServiceStoring/onInitialised(_:)`` hooks.
    /// - Complexity: O(*n*) in the overrides (each context is asked once), then as `register`.
    @discardableResult
    public func register<Service>(
        _ type: Service.Type = Service.self, key: String? = nil, life: LifeType = .transient,
        overrides: [BoxContext.Override<Service>], _ factory: @escaping (Resolver) -> Service
    ) -> any ServiceStoring {
        let chosen = BoxContext.chosen(among: overrides)
        let registration = _registration(of: Service.self, key: key, life: life, resolving: chosen?.factory ?? factory)
        if let kind = chosen?.context.kind, kind == .test || kind == .preview { registration.testRole = .safe }
        _register(registration, typeID: ObjectIdentifier(Service.self))
        return registration
    }

    /// Registers a factory for `type` under an optional `key`, with overrides that replace it where the process
    /// runs in their context, as ``register(_:key:life:overrides:_:)-(_,_,_,_,(Resolver)->Service)`` does, for
    /// a factory that resolves nothing.
    ///
    /// ```swift
    /// box.register(Clock.self, overrides: [.on(.test) { FixedClock() }]) { SystemClock() }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The service type.
    ///   - key: Distinguishes several registrations of one type. `nil` (no key) differs from `""`.
    ///   - life: `.transient` (the default), `.permanent`, `.graph` or `.weak`; see ``LifeType``.
    ///   - overrides: The factories that replace `factory` in their contexts.
    ///   - factory: Makes the service where no override applies.
    /// - Returns: The registration made, to add ``ServiceStoring/onInitialised(_:)`` hooks.
    /// - Complexity: O(*n*) in the overrides (each context is asked once), then as `register`.
    @discardableResult
    public func register<Service>(
        _ type: Service.Type = Service.self, key: String? = nil, life: LifeType = .transient,
        overrides: [BoxContext.Override<Service>], _ factory: @escaping () -> Service
    ) -> any ServiceStoring {
        register(type, key: key, life: life, overrides: overrides) { _ in factory() }
    }
}
