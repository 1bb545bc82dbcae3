/// A registration in a ``Box``, as `register` returns it.
///
/// Keep it to attach `onInitialised` hooks, or ignore it (`register` is `@discardableResult`).
///
/// ```swift
/// box.register(Dummy.self, life: .permanent) { Dummy(car: SafetyCar()) }
///     .onInitialised { resolver, service in
///         let dummy = service as! Dummy
///         dummy.car.driver = dummy
///     }
/// ```
/// A plain protocol with exactly SwincyBox's requirements: a conforming type need not be a class or
/// `Sendable` (a value type that hands out a constant conforms). Chaining hooks is an extension
/// (``onInitialised(_:)->_``), which calls the requirement.
public protocol ServiceStoring {
    /// Resolves this registration's service through `resolver`, honouring its lifetime.
    ///
    /// A registration whose factory takes runtime arguments has none to be called with here: for one of
    /// those, this stops the program with a message naming the argument types it takes. Like
    /// ``Box/resolve(_:key:)``, it cannot run an `async` factory: for such a registration it stops the
    /// program with a message saying to resolve it with ``Box/resolveAsync(_:key:)``.
    ///
    /// - Parameter resolver: The box a transient factory receives; a permanent factory receives the box
    ///   that holds its registration.
    /// - Returns: The service, as `Any`.
    func service(_ resolver: Resolver) -> Any

    /// Adds a hook that runs after each creation of the service and before it is returned: once for
    /// `.permanent`, on every resolve for `.transient`. Hooks run in the order they were added.
    ///
    /// While the hook runs, resolving this same registration on the same thread returns the instance the
    /// hook received, so hooks can close circular references.
    ///
    /// - Parameter closure: Receives the resolver and the new instance.
    func onInitialised(_ closure: @escaping (_ resolver: Resolver, _ service: Any) -> Void)
}

extension ServiceStoring {
    /// Adds a hook, as the requirement does, and returns this registration, so that hooks chain:
    ///
    /// ```swift
    /// box.register { Engine() }
    ///     .onInitialised { _, _ in log("made") }
    ///     .onInitialised { _, service in (service as! Engine).warmUp() }
    /// ```
    ///
    /// - Parameter closure: Receives the resolver and the new instance.
    /// - Returns: This registration, to chain further hooks.
    @discardableResult
    public func onInitialised(_ closure: @escaping (_ resolver: Resolver, _ service: Any) -> Void) -> Self {
        let requirement: (Self) -> (@escaping (Resolver, Any) -> Void) -> Void = { $0.onInitialised }
        requirement(self)(closure)
        return self
    }
}
