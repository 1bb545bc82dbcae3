extension Box {
    /// Creates a child box stored under `key`, replacing any child stored there before.
    ///
    /// A child resolves its own registrations first, then its parent's (and so on up). Transient factories
    /// found in an ancestor receive the child, so the child's registrations override the parent's for
    /// everything built on its behalf. The parent keeps the child; the child refers to its parent weakly.
    ///
    /// ```swift
    /// let bmw = box.newChildBox(forKey: "bmw")
    /// bmw.register { Engine(make: "BMW") }
    /// let car = bmw.resolve() as Car      // Car's factory (in box) gets a BMW engine
    /// ```
    ///
    /// - Parameter key: The name to find the child by with ``childBox(forKey:)``.
    /// - Returns: The new, empty child box, with this box's backend.
    @discardableResult
    public func newChildBox(forKey key: String) -> Box {
        let child = Box(backend: backend, parent: self)
        _children.withLock { $0[key] = child }
        return child
    }

    /// The child box stored under `key` by ``newChildBox(forKey:)``, if any.
    ///
    /// ```swift
    /// let bmw = box.childBox(forKey: "bmw")   // Box?
    /// ```
    ///
    /// - Parameter key: The key the child was created under.
    /// - Returns: The child, or `nil` when none is stored under `key`.
    public func childBox(forKey key: String) -> Box? {
        _children.withLock { $0[key] }
    }

    /// The box this one falls back to, if it is a child box whose parent still exists.
    public var parentBox: Box? { _parent }
}
