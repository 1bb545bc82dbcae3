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
        // A child replaced is released after unlocking: what it releases may use this box.
        let displaced = _children.load(orMake: { _Locked([:]) }).withLock { $0.updateValue(child, forKey: key) }
        withExtendedLifetime(displaced) {}
        return child
    }

    /// Removes the child box stored under `key` and returns it, if there was one.
    ///
    /// The parent no longer keeps the child: it lives as long as something else holds it (the returned
    /// value, say), and ``childBox(forKey:)`` no longer finds it.
    ///
    /// ```swift
    /// let session = box.newChildBox(forKey: "session")
    /// // ... at logout:
    /// box.removeChildBox(forKey: "session")   // its registrations and instances go with it
    /// ```
    ///
    /// - Parameter key: The key the child was created under.
    /// - Returns: The child that was removed, or `nil` when none was stored under `key`.
    @discardableResult
    public func removeChildBox(forKey key: String) -> Box? {
        _children.load()?.withLock { $0.removeValue(forKey: key) }
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
        _children.load()?.withLock { $0[key] }
    }

    /// Calls `body` with this box, then with each child's tree in turn, children by key: depth first, each
    /// box before its children. A loop rather than recursion, so that a deep chain of child boxes cannot
    /// overflow the stack; the children of each box are listed under its lock and visited after unlocking.
    func _forEachInTree(_ body: (Box) -> Void) {
        var pending: [Box] = [self]
        while let box = pending.popLast() {
            body(box)
            pending += box._childrenByKey().reversed().map(\.value)  // popped first-key first
        }
    }

    /// The box this one was made from, while that box lives. A child keeps resolving its ancestors'
    /// registrations whether or not the ancestors live.
    public var parentBox: Box? { _registry.parent?.box }
}

extension Box {
    /// This box's children, sorted by key; none if it never had one.
    func _childrenByKey() -> [(key: String, value: Box)] {
        _children.load()?.withLock { $0 }.sorted { $0.key < $1.key } ?? []
    }

    /// The number of children this box keeps.
    var _childCount: Int { _children.load()?.withLock { $0.count } ?? 0 }

    /// Empties this box's children and returns them, for the caller to release after unlocking.
    func _takeChildren() -> [Box] {
        _children.load()?.withLock { boxes in
            defer { boxes.removeAll() }
            return Array(boxes.values)
        } ?? []
    }
}
