// Wraps the C side of dependency recording (CBoxRuntime: cbox_edges_*, cbox_dependency_batch_*): the edges a
// thread's first creations record in its buffer, and the batches they are handed over in, carved from the
// thread's slab.
internal import CBoxRuntime

extension _ResolutionThread {
    /// Records that the resolution on top of this thread's chain resolved `found`, if that resolution is a
    /// first creation (one load otherwise). The edge waits in the thread's buffer until that creation ends and
    /// hands its edges over: for a registration without a key or runtime arguments, its service type alone
    /// (tagged `_DependencyList.plainTag`, no reference count); otherwise the registration, retained.
    @inline(__always)
    static func recordDependency(_ thread: UnsafeMutablePointer<cbox_thread>, _ found: UnsafeMutableRawPointer) {
        guard cbox_chain_recording(thread) != nil else { return }
        let registration = Unmanaged<_AnyRegistration>.fromOpaque(found)
        if registration._withUnsafeGuaranteedRef({ $0.hasPlainIdentity }) {
            let entry = _DependencyList.plainEntry(registration._withUnsafeGuaranteedRef { $0.serviceType })
            _ = cbox_edges_record(thread, UnsafeMutableRawPointer(bitPattern: UInt(entry)).unsafelyUnwrapped)
            return
        }
        guard cbox_edges_record(thread, found) else { return }
        _ = registration.retain()
    }

    /// Reserves a batch of `count` words in the calling thread's slab (`cbox_dependency_batch_reserve`): no
    /// lock, and an allocation only when the slab is full. The batch keeps its slab alive until `releaseBatch`.
    static func reserveBatch(words count: Int) -> UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(cbox_dependency_batch_reserve(cbox_thread_current(), UInt64(count)))
    }

    /// The words of a batch `reserveBatch` made.
    static func words(ofBatch batch: UnsafeMutableRawPointer) -> UnsafeMutablePointer<UInt64> {
        cbox_dependency_batch_words(batch.assumingMemoryBound(to: cbox_dependency_batch.self))
    }

    /// Gives back a batch, from any thread.
    static func releaseBatch(_ batch: UnsafeMutableRawPointer) {
        cbox_dependency_batch_release(batch.assumingMemoryBound(to: cbox_dependency_batch.self))
    }

    /// The word offsets within a batch (`CBOX_BATCH_*`): the batch published before it, its count, then its
    /// entries. `_DependencyList` reads and writes batches by them, as `cbox_edges_hand_over_plain` does.
    enum BatchWord {
        static let next = Int(CBOX_BATCH_NEXT)
        static let count = Int(CBOX_BATCH_COUNT)
        static let entries = Int(CBOX_BATCH_ENTRIES)
    }

    /// The tag of an edge, and of the dependency-list entry it becomes, that is a service type alone
    /// (`CBOX_EDGE_PLAIN`; `_DependencyList.plainEntry`).
    static let plainEdgeTag = UInt64(CBOX_EDGE_PLAIN)

    /// The most values whose repeats are found by comparing each with those kept before it
    /// (`CBOX_HAND_OVER_MAX`); more are hashed.
    static let comparedEdgesMax = Int(CBOX_HAND_OVER_MAX)

    /// Publishes `batch`, filled, as the new head of the dependency list whose head word is at `head`
    /// (`cbox_dependency_batch_publish`, which `cbox_edges_hand_over_plain` publishes with too).
    static func publishBatch(_ batch: UnsafeMutableRawPointer, at head: UnsafeMutablePointer<UInt64>) {
        cbox_dependency_batch_publish(head, batch.assumingMemoryBound(to: cbox_dependency_batch.self))
    }

    /// The low bit of an edge that is a retained `_DependencyList.Cell` (a dependency nothing provided),
    /// rather than a registration (whose pointer never has it) or a plain service type.
    private static let cellEdgeTag: UInt = 1

    /// Records that the registration being resolved on this thread, if any, asked for `type` and `key` (with
    /// runtime arguments of types `arguments`) and found nothing.
    static func recordMissing(_ type: Any.Type, key: String?, arguments: [Any.Type]) {
        let thread = cbox_thread_current()
        let depth = cbox_chain_depth(thread)
        guard depth > 0 else { return }
        let dependency = _Dependency(missing: type, key: key, arguments: arguments)
        guard cbox_chain_recording(thread) != nil else {
            // Not a first creation: record it once, however often later creations miss it.
            let parent = cbox_chain_entry_at(thread, depth - 1).registration
            Unmanaged<_AnyRegistration>.fromOpaque(parent)._withUnsafeGuaranteedRef {
                if !$0.dependencies.contains(dependency) {
                    $0.dependencies.record(count: 1) { _ in _DependencyList.cellEntry(dependency) }
                }
            }
            return
        }
        let cell = UInt(_DependencyList.cellEntry(dependency))
        _ = cbox_edges_record(thread, UnsafeMutableRawPointer(bitPattern: cell | cellEdgeTag).unsafelyUnwrapped)
    }

    /// Hands the edges recorded in `thread`'s buffer from `mark` on to `registration`, as one batch of
    /// dependencies (each once), empties the buffer down to `mark`, runs `then`, and releases the
    /// registrations among the edges. `registration` must stay valid until `then` runs (a chain entry holds
    /// it); the releases, which may run a `deinit` that resolves, come after.
    ///
    /// A creation's few edges, when all are service types alone (the usual case), go over in one C call
    /// (`cbox_edges_hand_over_plain`); anything else (a registration or a dependency in a cell among them, or more
    /// than `comparedEdgesMax`) is copied out of the buffer first.
    ///
    /// - Complexity: O(*n*²) in the edges of one creation when they are few, O(*n*) with hashing otherwise.
    static func handOverEdges(
        _ thread: UnsafeMutablePointer<cbox_thread>, from mark: Int, to registration: UnsafeRawPointer,
        then: () -> Void = {}
    ) {
        let head = Unmanaged<_AnyRegistration>.fromOpaque(registration)._withUnsafeGuaranteedRef {
            $0.dependencies.headAddress
        }
        if cbox_edges_hand_over_plain(thread, UInt64(mark), head) { return then() }
        var taken: UInt64 = 0
        guard let buffer = cbox_edges_from(thread, UInt64(mark), &taken) else { return then() }
        let count = Int(taken)
        // The edges are taken out of the buffer before anything is released: a release may run a deinit that
        // resolves, recording edges of its own into the buffer (and growing it).
        withUnsafeTemporaryAllocation(of: UInt.self, capacity: count) { edges in
            for index in 0..<count { edges[index] = UInt(bitPattern: buffer[index]) }
            cbox_edges_truncate(thread, UInt64(mark))
            // Each edge once, in order, at the front; a repeat's reference is given back at once (the kept
            // copy still holds the object, so no deinit runs).
            let unique = _DependencyList.keepFirstOfEach(edges.baseAddress.unsafelyUnwrapped, count: count) {
                release($0)
            }
            Unmanaged<_AnyRegistration>.fromOpaque(registration)._withUnsafeGuaranteedRef {
                $0.dependencies.record(count: unique) { entry(edges[$0]) }
            }
            then()
            for index in 0..<unique where isRegistration(edges[index]) { release(edges[index]) }
        }
    }

    /// Whether an edge is a service type alone (`_DependencyList.plainEntry`), which holds no reference.
    private static func isPlain(_ edge: UInt) -> Bool {
        edge & UInt(_DependencyList.plainTag) != 0
    }

    /// Whether an edge is a retained registration (rather than a plain service type or a dependency in a cell).
    private static func isRegistration(_ edge: UInt) -> Bool {
        edge & (UInt(_DependencyList.plainTag) | cellEdgeTag) == 0
    }

    /// The dependency-list entry an edge stands for; a cell edge's reference passes to the entry.
    private static func entry(_ edge: UInt) -> UInt64 {
        guard isRegistration(edge) else { return UInt64(edge & ~cellEdgeTag) }
        let registration = Unmanaged<_AnyRegistration>.fromOpaque(UnsafeRawPointer(bitPattern: edge).unsafelyUnwrapped)
        return _DependencyList.cellEntry(registration._withUnsafeGuaranteedRef { _Dependency($0) })
    }

    /// Releases what the edge buffer holds for an edge: a registration or a dependency in a cell (a plain service
    /// type holds nothing).
    private static func release(_ edge: UInt) {
        if isPlain(edge) { return }
        if edge & cellEdgeTag != 0 {
            Unmanaged<_DependencyList.Cell>.fromOpaque(
                UnsafeRawPointer(bitPattern: edge & ~cellEdgeTag).unsafelyUnwrapped
            ).release()
        } else {
            Unmanaged<_AnyRegistration>.fromOpaque(UnsafeRawPointer(bitPattern: edge).unsafelyUnwrapped).release()
        }
    }
}
