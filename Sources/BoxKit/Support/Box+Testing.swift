/// The shape of a hash-table registry, for tests and benchmarks.
struct _TableStatistics: Sendable, Equatable {
    var count: Int
    var tombstones: Int
    var capacity: Int
    var maxProbe: Int
    var totalProbe: Int
    var retired: Int
    /// Bytes of retired slot arrays and keys waiting for a collection (values are collected promptly).
    var retiredBytes: Int
    var bytes: Int
}

extension Box {
    /// The first broken invariant of this box's C table, or `nil` when all hold (and for the Dictionary
    /// baseline, which has no table).
    func _checkInvariants() -> String? {
        _registry.table?.brokenInvariant()
    }

    /// Releases what this box's table retired and no resolve in flight still holds. A write does this on
    /// its way out; tests call it while waiting for resolves in other tests to finish.
    func _reclaimRetired() {
        _registry.table?.reclaim()
    }

    /// Runs `body` while this box's hash table is locked for writing, as if a write were in progress on
    /// another thread; `nil` (without running `body`) for the Dictionary baseline, whose every read locks.
    func _whileWriting<R>(_ body: () throws -> R) rethrows -> R? {
        try _registry.table?.holdingWriterLock(body)
    }

    /// How many batches of dependencies this box's registration for `type` and `key` holds (see
    /// `_DependencyList.batchCount`), or `nil` when there is no such registration here.
    func _dependencyBatches(of type: Any.Type, key: String? = nil) -> Int? {
        _storage.registration(typeID: ObjectIdentifier(type), key: key)?.dependencies.batchCount
    }

    /// How many dependency entries this box's registration for `type` and `key` stores (see
    /// `_DependencyList.entryCount`), or `nil` when there is no such registration here.
    func _dependencyEntries(of type: Any.Type, key: String? = nil) -> Int? {
        _storage.registration(typeID: ObjectIdentifier(type), key: key)?.dependencies.entryCount
    }

    /// The shape of this box's C table, or `nil` for the Dictionary baseline.
    var _tableStatistics: _TableStatistics? {
        _registry.table?.statistics()
    }
}
