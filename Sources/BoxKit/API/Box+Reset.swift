extension Box {
    /// A name for a group of shared instances that the app drops together, at logout say, with
    /// ``Box/reset(scope:)``.
    ///
    /// ```swift
    /// extension Box.Scope {
    ///     static let session: Box.Scope = "session"
    /// }
    ///
    /// box.register(life: .permanent) { Cart() }.inScope(.session)
    /// box.register(life: .permanent) { Profile() }.inScope(.session)
    ///
    /// box.reset(scope: .session)      // at logout: the next resolves make a new Cart and Profile
    /// ```
    public struct Scope: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
        /// The scope's name, which identifies it.
        public let name: String

        /// A scope named `name`.
        public init(_ name: String) {
            self.name = name
        }

        /// A scope named by a string literal: `let session: Box.Scope = "session"`.
        public init(stringLiteral name: String) {
            self.name = name
        }

        /// The scope's name.
        public var description: String { name }
    }

    /// Drops the shared instances of this box's registrations, keeping the registrations: the next resolve
    /// of each makes a new one, as a first resolve would.
    ///
    /// ```swift
    /// box.register(life: .permanent) { Session() }
    /// let before: Session = box.resolve()
    /// box.reset()
    /// let after: Session = box.resolve()    // a new Session; `before` is released once nothing holds it
    /// ```
    ///
    /// `.permanent`, `.weak` and `.perArguments` registrations share instances; each is replaced by a copy
    /// that has made nothing yet, with the same factory, hooks and scope, so resolves already running finish
    /// with the instance they found, and the old one is released once nothing uses it (as when a registration
    /// is replaced). Transient and graph registrations keep no instance and are left as they are. Descendants
    /// are not reset: use ``resetAll()``.
    ///
    /// Because the registration is replaced: a ``ServiceProvider`` made before the reset resolves the
    /// new instance, but keeps the old registration, and so its instance, until the provider is released; the
    /// object `register` returned is the old registration, so add hooks and scopes to it before resetting;
    /// and ``dependencyGraph()`` forgets what the old one's first creation resolved until the new one's
    /// runs.
    ///
    /// - Returns: How many registrations had their instance dropped: those that kept one (a registration that
    ///   has made nothing yet, or whose `.weak` instance is gone, is replaced all the same, but not counted).
    /// - Complexity: O(*n*) in this box's registrations.
    @discardableResult
    public func reset() -> Int {
        _reset { _ in true }
    }

    /// Drops the shared instances of this box's registrations and of every descendant's (``reset()`` on each).
    ///
    /// - Returns: How many registrations had their instance dropped.
    /// - Complexity: O(*n*) in the registrations of the tree.
    @discardableResult
    public func resetAll() -> Int {
        var count = 0
        _forEachInTree { count += $0.reset() }
        return count
    }

    /// Drops the shared instance of the registration for `type` and `key` in this box, keeping the
    /// registration: the next resolve makes a new one.
    ///
    /// ```swift
    /// box.reset(Session.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The service type.
    ///   - key: The key it was registered under, or `nil` for none.
    /// - Returns: Whether an instance was dropped: whether this box holds a `.permanent`, `.weak` or
    ///   `.perArguments` registration for `type` and `key` that kept one, with or without runtime arguments,
    ///   all of which are reset (an ancestor's is not; call `reset` on the box that holds it). A registration
    ///   that has made nothing yet, or whose `.weak` instance is gone, has none to drop.
    /// - Complexity: O(*n*) in this box's registrations.
    @discardableResult
    public func reset<Service>(_ type: Service.Type, key: String? = nil) -> Bool {
        let wanted = ObjectIdentifier(type)
        return _reset { ObjectIdentifier($0.serviceType) == wanted && $0.key == key } > 0
    }

    /// Drops the shared instances of every registration in `scope`, in this box and its descendants, keeping
    /// the registrations.
    ///
    /// ```swift
    /// box.register(life: .permanent) { Cart() }.inScope(.session)
    /// box.reset(scope: .session)
    /// ```
    ///
    /// A registration joins a scope with ``ServiceStoring/inScope(_:)``; registrations in other scopes, or in
    /// none, keep their instances.
    ///
    /// - Parameter scope: The scope whose instances to drop.
    /// - Returns: How many registrations had their instance dropped.
    /// - Complexity: O(*n*) in the registrations of the tree.
    @discardableResult
    public func reset(scope: Scope) -> Int {
        var count = 0
        _forEachInTree { box in count += box._reset { $0.scope == scope } }
        return count
    }

    /// Replaces each of this box's registrations that share instances and that `matches` with a copy that
    /// has made nothing, unless another write replaced it first; returns how many of those it replaced kept
    /// an instance (`keepsInstance`, asked once it is replaced, so that an instance its resolves in flight
    /// finish making before then counts too).
    private func _reset(where matches: (_AnyRegistration) -> Bool) -> Int {
        var count = 0
        for registration in _storage.registrations
        where registration.life.sharesInstances && matches(registration) {
            let fresh = registration.unmade()
            let replaced = _storage.replace(registration, with: fresh, typeID: registration.registryTypeID)
            // After the replace, as `_register` checks after its insert.
            if replaced && _CreationObservers.isActive { _CreationObservers.noteRegistered(fresh, in: self) }
            if replaced && registration.keepsInstance { count += 1 }
        }
        return count
    }
}

extension ServiceStoring {
    /// Puts this registration's shared instance in a named scope, which ``Box/reset(scope:)`` drops as a
    /// unit (the registration stays); returns the registration, for more calls.
    ///
    /// ```swift
    /// box.register(life: .permanent) { Cart() }.inScope(.session)
    /// ```
    ///
    /// Only `.permanent`, `.weak` and `.perArguments` registrations share instances: for any other lifetime
    /// this stops the program, as does putting a registration in a second scope. A copied box
    /// (``Box/init(copying:)``) and a reset keep the scope.
    ///
    /// - Parameter scope: The scope to join.
    /// - Returns: This registration.
    @discardableResult
    public func inScope(_ scope: Box.Scope) -> Self {
        guard let registration = self as? _AnyRegistration else {
            _misuse(_Message.inScopeOnForeignHandle(type(of: self)))
        }
        registration.join(scope)
        return self
    }
}
