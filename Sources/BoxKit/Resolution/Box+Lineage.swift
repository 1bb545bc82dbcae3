extension Box {
    /// This box, then each ancestor up to the root: the boxes a resolve from this box searches, in the order
    /// it searches them.
    var _lineage: _Lineage { _Lineage(first: self) }

    /// This box's ancestors, nearest first.
    var _ancestors: _Lineage { _Lineage(first: _parent) }
}

/// The one walk up a box's ancestors: a box, then its parent, and so on to the root.
///
/// - Complexity: O(1) per step.
struct _Lineage: Sequence, IteratorProtocol {
    private var upcoming: Box?

    init(first: Box?) {
        upcoming = first
    }

    mutating func next() -> Box? {
        let box = upcoming
        upcoming = box?._parent
        return box
    }
}
