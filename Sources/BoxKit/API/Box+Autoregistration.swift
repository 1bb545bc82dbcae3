extension Box {
    /// Registers an initializer (or any function) whose parameters BoxKit resolves from the box: each
    /// parameter's type is resolved, without a key, every time the factory runs. Any number of parameters.
    ///
    /// ```swift
    /// final class Garage {
    ///     init(engine: Engine, wheels: Wheels, log: Logger) { ... }
    /// }
    ///
    /// box.autoregister(Garage.init)                               // Garage(engine: r.resolve(), ...)
    /// box.autoregister(Car.init(engine:), as: Vehicle.self, life: .permanent)
    /// ```
    ///
    /// It registers what `box.register { r in Garage(engine: r.resolve(), wheels: r.resolve(), log:
    /// r.resolve()) }` would, with the same lifetimes, hooks and errors, and more that BoxKit knows without
    /// running it: ``verify()`` checks that each parameter type is registered, and that auto-registered
    /// services do not need each other in a cycle, from the parameter types alone, reporting those problems
    /// without running the initializer (an auto-registration without them is then resolved, hooks and all,
    /// as any registration is); and ``dependencyGraph()`` draws those edges before anything is resolved.
    ///
    /// Each parameter type is resolved as written: `Engine?` resolves a registration of `Engine?`, not of
    /// `Engine`, and a `Box` parameter a registration of `Box`. Name an overloaded initializer by its labels
    /// (`Car.init(engine:)`). A dependency registered under a key, or with runtime arguments, needs a
    /// `register` closure instead.
    ///
    /// A class service gets the registration a `register` closure making a class gets, so registering a new
    /// class makes no type metadata.
    ///
    /// - Parameters:
    ///   - initializer: Makes the service from its dependencies.
    ///   - type: The service type to register it as; by default what `initializer` returns, or a protocol
    ///     or superclass of it.
    ///   - key: Distinguishes several registrations of one type. `nil` (no key) differs from `""`.
    ///   - life: `.transient` (the default), `.permanent`, `.graph` or `.weak`; see ``LifeType``.
    /// - Returns: The registration, to add ``ServiceStoring/onInitialised(_:)`` hooks.
    /// - Complexity: O(*p*) in the number of parameters, plus a registration's one XXH3 hash and insert.
    @discardableResult
    public func autoregister<Service, each Dependency>(
        _ initializer: @escaping (repeat each Dependency) -> Service, as type: Service.Type = Service.self,
        key: String? = nil, life: LifeType = .transient
    ) -> any ServiceStoring {
        var declared: [Any.Type] = []
        repeat declared.append((each Dependency).self)
        let registration = _registration(
            of: Service.self, key: key, life: life,
            resolving: { resolver in initializer(repeat resolver.resolve((each Dependency).self)) },
            declaredDependencies: declared)
        _register(registration, typeID: ObjectIdentifier(Service.self))
        return registration
    }
}
