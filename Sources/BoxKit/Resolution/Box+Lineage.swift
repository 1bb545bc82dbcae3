extension Box {
    /// This box's registry, then each ancestor's up to the root: what a resolve from this box searches, in
    /// the order it searches them.
    var _lineage: _Lineage { _Lineage(first: _registry) }

    /// The registries of this box's ancestors, nearest first.
    var _ancestors: _Lineage { _Lineage(first: _registry.parent) }

    /// The registration a resolve of `typeID` and `key` from this box would find, or `nil`: for code that
    /// looks at registrations without resolving them (verification).
    ///
    /// - Complexity: O(1) on average per box searched.
    func _registration(_ typeID: ObjectIdentifier, key: String?) -> _AnyRegistration? {
        for registry in _lineage {
            if let found = registry.storage.registration(typeID: typeID, key: key) { return found }
        }
        return nil
    }
}

/// The one walk up a box's ancestors: a box's registry, then its parent's, and so on to the root's. It
/// walks registries, which a child keeps alive, not boxes, which the app may have released.
///
/// - Complexity: O(1) per step.
struct _Lineage: Sequence, IteratorProtocol {
    private var upcoming: _Registry?

    init(first: _Registry?) {
        upcoming = first
    }

    mutating func next() -> _Registry? {
        let registry = upcoming
        upcoming = registry?.parent
        return registry
    }
}
