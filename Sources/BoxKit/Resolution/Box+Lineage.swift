extension Box {
    /// This box's registry, then each ancestor's up to the root: what a resolve from this box searches, in
    /// the order it searches them.
    var _lineage: _Lineage { _Lineage(first: _registry) }

    /// The registries of this box's ancestors, nearest first.
    var _ancestors: _Lineage { _Lineage(first: _registry.parent) }
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
