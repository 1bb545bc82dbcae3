extension Box {
    /// Installs modules: calls each one's ``BoxModule/register(in:)`` with this box, in order.
    ///
    /// A later module's registration for a type and key replaces an earlier one's, as registering twice does.
    ///
    /// ```swift
    /// box.install(EngineModule(), GarageModule())
    /// ```
    ///
    /// - Parameter modules: The modules, installed first to last.
    /// - Complexity: The sum of what the modules register.
    public func install(_ modules: any BoxModule...) {
        install(modules)
    }

    /// Installs an array of modules: calls each one's ``BoxModule/register(in:)`` with this box, in order.
    ///
    /// ```swift
    /// let modules: [any BoxModule] = configuration.isTest ? [FakeNetworkModule()] : [NetworkModule()]
    /// box.install(modules)
    /// ```
    ///
    /// - Parameter modules: The modules, installed first to last.
    /// - Complexity: The sum of what the modules register.
    public func install(_ modules: [any BoxModule]) {
        for module in modules { module.register(in: self) }
    }
}
