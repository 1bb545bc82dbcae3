// The one file that imports the C module: the hash-table backend, the per-thread resolution state (chain,
// edge buffer, sandbox), the read side of a resolve, the lock and the creation monitor. Everything else in
// BoxKit sees only Swift types. It holds only code that touches a C type or function (what does not, such as
// `_Lookup`, `_Locked` and `_CreationClaim`, has its own file). STYLE asks for a few thin wrappers, one per
// concern, instead of one file; splitting it is the structure issue's work.
internal import CBoxTable

/// A heap-allocated pthread mutex.
///
/// Used instead of `Synchronization.Mutex` because ThreadSanitizer cannot see that Mutex's futex on Linux
/// and would report every access it guards as a race.
final class _Lock: @unchecked Sendable {
    private let handle: OpaquePointer

    init() {
        handle = cbox_lock_create()
    }

    deinit {
        cbox_lock_destroy(handle)
    }

    /// Runs `body` while holding the lock. Not recursive.
    func withLock<R>(_ body: () throws -> R) rethrows -> R {
        cbox_lock_acquire(handle)
        defer { cbox_lock_release(handle) }
        return try body()
    }

}

/// Where threads wait for a creation that another thread has claimed (`_CreationClaim`): one monitor for the
/// process. A waiter enters, waits while the claim it wants is held, and leaves; a thread that releases a
/// claim announces the change, which costs one load when nobody waits.
enum _CreationMonitor {
    /// Begins waiting; the caller then checks its claim (sequentially consistent) before each `wait`.
    static func enter() { cbox_creations_enter() }
    /// Sleeps until a claim may have been released.
    static func wait() { cbox_creations_wait() }
    /// Ends what `enter` began.
    static func leave() { cbox_creations_leave() }
    /// Wakes the waiting threads, if any; call after releasing a claim (sequentially consistent).
    static func changed() { cbox_creations_changed() }
}

/// The registry as BoxKit keeps it: a C open-addressing table keyed by (XXH3 hash, type id, key bytes)
/// whose values are retained registrations. Reads never lock; writes are serialised by `writer`.
///
/// `@unchecked Sendable`: `handle` is an immutable pointer to a table whose concurrency contract (any number
/// of readers, one writer at a time) this class upholds by taking `writer` around every mutation.
final class _HashTableStorage: _ServiceStorage, @unchecked Sendable {
    let handle: OpaquePointer
    private let writer = _Lock()
    /// The next registration's `sequence`; guarded by `writer`.
    @exclusivity(unchecked) private var nextSequence: UInt64 = 0
    let generation = _WriteGeneration()

    init() {
        handle = cbox_table_create { value in
            Unmanaged<_AnyServiceBox>.fromOpaque(value).release()
        }
    }

    deinit {
        generation.advance()
        cbox_table_destroy(handle)
    }

    /// Runs `mutation` under the writer lock and advances the write generation (see `_mutate`).
    private func write<R>(collecting policy: _CollectPolicy = .whenDue, _ mutation: (OpaquePointer) -> R) -> R {
        _mutate(handle, under: writer, collecting: policy) { table in
            let result = mutation(table)
            generation.advance()
            return result
        }
    }

    func insert(_ registration: _AnyServiceBox, typeID: ObjectIdentifier) {
        let value = Unmanaged.passRetained(registration).toOpaque()
        let type = _typeBits(typeID)
        let words = registration.key.map(_stringWords)
        _withKeyBytes(registration.key) { bytes, hasKey, asStored in
            let hash = cbox_hash(type, bytes.baseAddress, bytes.count)
            _ = write {
                nextSequence += 1
                registration.sequence = nextSequence
                let replaced = cbox_table_insert($0, hash, type, bytes.baseAddress, bytes.count, hasKey, value)
                // A resolve with this very string value (a constant, a literal) may skip hashing: see
                // `Box._findKeyedInTables`. Only for keys whose own bytes are canonical, which that path uses.
                if asStored && bytes.count >= _notedKeyLength, let words {
                    cbox_table_note_key($0, type, words.0, words.1, hash)
                }
                return replaced
            }
        }
    }

    func remove(typeID: ObjectIdentifier, key: String?) -> Bool {
        let type = _typeBits(typeID)
        return _withKeyBytes(key) { bytes, hasKey, _ in
            let hash = cbox_hash(type, bytes.baseAddress, bytes.count)
            return write { cbox_table_remove($0, hash, type, bytes.baseAddress, bytes.count, hasKey) }
        }
    }

    func removeAll() {
        write { cbox_table_clear($0) }
    }

    var count: Int { writer.withLock { cbox_table_count(handle) } }

    var registrations: [_AnyServiceBox] {
        writer.withLock {
            (0..<cbox_table_capacity(handle)).compactMap { index in
                cbox_table_value_at(handle, index).map {
                    Unmanaged<_AnyServiceBox>.fromOpaque($0).takeUnretainedValue()
                }
            }
        }
    }

    func registration(typeID: ObjectIdentifier, key: String?) -> _AnyServiceBox? {
        let thread = cbox_thread_current()
        cbox_read_begin(thread)
        defer { cbox_read_end(thread) }
        let type = _typeBits(typeID)
        return _withKeyBytes(key) { bytes, hasKey, _ in
            let hash = cbox_hash(type, bytes.baseAddress, bytes.count)
            let word = cbox_key_word(bytes.baseAddress, bytes.count, hasKey)
            return cbox_table_find(handle, hash, type, bytes.baseAddress, bytes.count, word).map {
                Unmanaged<_AnyServiceBox>.fromOpaque($0).takeUnretainedValue()  // retained before the section ends
            }
        }
    }

    /// Releases what retired registrations no reader can still hold (what a write does on its way out).
    func reclaim() {
        write(collecting: .always) { _ in }
    }

    /// Runs `body` holding the writer lock, as a write in progress does (tests check what waits for it).
    func holdingWriterLock<R>(_ body: () throws -> R) rethrows -> R {
        try writer.withLock(body)
    }

    /// The first broken structural invariant of the C table, or `nil`.
    func brokenInvariant() -> String? {
        writer.withLock { cbox_table_check_invariants(handle).map { String(cString: $0) } }
    }

    /// The shape of the C table.
    func statistics() -> _TableStatistics {
        writer.withLock {
            var stats = cbox_table_stats()
            cbox_table_get_stats(handle, &stats)
            return _TableStatistics(
                count: stats.count, tombstones: stats.tombstones, capacity: stats.capacity,
                maxProbe: stats.max_probe, totalProbe: stats.total_probe, retired: stats.retired,
                retiredBytes: stats.retired_bytes, bytes: stats.bytes)
        }
    }
}

/// When a write collects what it and earlier writes retired.
private enum _CollectPolicy {
    /// When `cbox_table_collect_is_due`: a retired registration waits (its release is observable), or
    /// retired memory adds up to enough to be worth the grace period's barrier.
    case whenDue
    /// Whatever no reader can still hold.
    case always
}

/// Runs `mutation` on `table` under `lock` (writers only), collects what no reader can still hold (as
/// `policy` says), and releases it after unlocking: a released permanent instance's `deinit` may itself use
/// the box.
private func _mutate<R>(
    _ table: OpaquePointer, under lock: _Lock, collecting policy: _CollectPolicy, _ mutation: (OpaquePointer) -> R
) -> R {
    let (result, batch) = lock.withLock {
        let result = mutation(table)
        let due = policy == .always || cbox_table_collect_is_due(table)
        return (result, due ? cbox_table_collect(table) : nil)
    }
    if let batch { cbox_batch_dispose(batch) }
    return result
}

/// The type identity as the C table keys it.
@inline(__always)
private func _typeBits(_ typeID: ObjectIdentifier) -> UnsafeRawPointer {
    unsafeBitCast(typeID, to: UnsafeRawPointer.self)
}

/// Keys at least this long have their hash noted at registration (`cbox_table_note_key`). Shorter keys
/// live inside the string value and hash in a few instructions.
private let _notedKeyLength = 16

/// The two words of a string value: they identify its storage (and, for a short string, its bytes), and
/// are only ever compared.
@inline(__always)
private func _stringWords(_ key: String) -> (UInt64, UInt64) {
    withUnsafeBytes(of: key) { ($0.load(as: UInt64.self), $0.load(fromByteOffset: 8, as: UInt64.self)) }
}

/// Calls `body` with the canonical key bytes (empty for no key), whether there is a key, and whether the
/// bytes are the key string's own (it was canonical as it is).
@inline(__always)
private func _withKeyBytes<R>(_ key: String?, _ body: (UnsafeBufferPointer<UInt8>, Bool, Bool) -> R) -> R {
    guard let key else { return body(UnsafeBufferPointer(start: nil, count: 0), false, false) }
    return _withCanonicalUTF8(key) { body($0, true, $1) }
}

/// The calling thread's chain of resolutions in flight, kept in its C reader record.
@usableFromInline
enum _ResolutionThread {
    /// How deep resolutions may nest on one thread: deeper, a resolve fails with `.tooDeep` instead of
    /// overflowing the stack of a thread as small as Apple's secondary threads (512 KiB), in a debug build
    /// (about 2 KiB of stack per level) as in a release one (a few hundred bytes). The C chain has room for
    /// this many entries and the few that async hooks push above them.
    static let depthLimit = UInt64(CBOX_CHAIN_CAPACITY - CBOX_CHAIN_RESERVE)

    /// Exposes (or, with `nil`, withdraws) the instance whose hooks are running on this thread, so that a
    /// resolve of the same registration from inside a hook returns it.
    static func setPending(_ pending: UnsafeRawPointer?) {
        let thread = cbox_thread_current()
        thread.pointee.chain[Int(thread.pointee.chain_count) - 1].pending = pending
    }

    /// The `.graph` instance of `registration` that this thread's top-level resolve already made, if any.
    static func graphInstance(of registration: _AnyServiceBox) -> AnyObject? {
        guard let scope = cbox_thread_current().pointee.scope else { return nil }
        return Unmanaged<_GraphScope>.fromOpaque(scope)._withUnsafeGuaranteedRef {
            $0.entries[ObjectIdentifier(registration)]
        }
    }

    /// Records the `.graph` instance of `registration` for the rest of this thread's top-level resolve,
    /// opening the thread's scope if this is its first.
    static func recordGraphInstance(_ entry: AnyObject, of registration: _AnyServiceBox) {
        let thread = cbox_thread_current()
        if thread.pointee.scope == nil { thread.pointee.scope = Unmanaged.passRetained(_GraphScope()).toOpaque() }
        Unmanaged<_GraphScope>.fromOpaque(thread.pointee.scope.unsafelyUnwrapped)._withUnsafeGuaranteedRef {
            $0.entries[ObjectIdentifier(registration)] = entry
        }
    }

    /// Records that the resolution on top of this thread's chain resolved `found`, if that resolution is a
    /// first creation (one load otherwise). The edge waits in the thread's buffer, retained, until that
    /// creation ends and hands its edges over.
    @inline(__always)
    static func recordDependency(_ thread: UnsafeMutablePointer<cbox_thread>, _ found: UnsafeMutableRawPointer) {
        guard cbox_chain_recording(thread) != nil, cbox_edges_record(thread, found) else { return }
        _ = Unmanaged<_AnyServiceBox>.fromOpaque(found).retain()
    }

    /// Whether a resolution pushed now would nest past `depthLimit` on this thread.
    @inline(__always)
    static func isAtDepthLimit(_ thread: UnsafeMutablePointer<cbox_thread>) -> Bool {
        thread.pointee.chain_count >= depthLimit
    }

    /// A dependency nothing provided, waiting in a thread's edge buffer with its pointer's low bit set (a
    /// registration's pointer never has it).
    private final class PendingMissing {
        let dependency: _Dependency
        init(_ dependency: _Dependency) { self.dependency = dependency }
    }

    /// Records that the registration being resolved on this thread, if any, asked for `type` and `key` (with
    /// runtime arguments of types `arguments`) and found nothing.
    static func recordMissing(_ type: Any.Type, key: String?, arguments: [Any.Type]) {
        let thread = cbox_thread_current()
        guard thread.pointee.chain_count > 0 else { return }
        let dependency = _Dependency(missing: type, key: key, arguments: arguments)
        guard cbox_chain_recording(thread) != nil else {
            // Not a first creation: record it once, however often later creations miss it.
            let parent = thread.pointee.chain[Int(thread.pointee.chain_count) - 1].registration
            Unmanaged<_AnyServiceBox>.fromOpaque(parent)._withUnsafeGuaranteedRef {
                if !$0.dependencies.contains(dependency) { $0.dependencies.record(count: 1) { _ in dependency } }
            }
            return
        }
        let pending = Unmanaged.passRetained(PendingMissing(dependency)).toOpaque()
        _ = cbox_edges_record(thread, pending + 1)
    }

    /// Hands the edges recorded in `thread`'s buffer from `mark` on to `registration`, as one batch of
    /// dependencies (each registration once), releases them, and empties the buffer down to `mark`.
    ///
    /// - Complexity: O(*n*²) in the edges of one creation when they are few, O(*n*) with hashing otherwise.
    private static func handOverEdges(
        _ thread: UnsafeMutablePointer<cbox_thread>, from mark: Int, to registration: UnsafeRawPointer
    ) {
        let count = Int(thread.pointee.edge_count) - mark
        guard count > 0, let buffer = thread.pointee.edges?.advanced(by: mark) else { return }
        // The edges are taken out of the buffer before anything is released: a release may run a deinit that
        // resolves, recording edges of its own into the buffer (and growing it).
        withUnsafeTemporaryAllocation(of: UnsafeMutableRawPointer.self, capacity: count) { edges in
            for index in 0..<count { edges[index] = buffer[index].unsafelyUnwrapped }
            thread.pointee.edge_count = UInt64(mark)
            // Each edge once, in order, at the front; the repeats' retains are released.
            var unique = 0
            var seen: Set<UnsafeMutableRawPointer> = []
            for index in 0..<count {
                let edge = edges[index]
                let isNew = count > 16 ? seen.insert(edge).inserted : !(0..<unique).contains { edges[$0] == edge }
                guard isNew else {
                    release(edge)
                    continue
                }
                edges[unique] = edge
                unique += 1
            }
            Unmanaged<_AnyServiceBox>.fromOpaque(registration)._withUnsafeGuaranteedRef {
                $0.dependencies.record(count: unique) { dependency(edges[$0]) }
            }
            for index in 0..<unique { release(edges[index]) }
        }
    }

    /// The dependency an edge in the buffer stands for.
    private static func dependency(_ edge: UnsafeMutableRawPointer) -> _Dependency {
        if UInt(bitPattern: edge) & 1 != 0 {
            return Unmanaged<PendingMissing>.fromOpaque(edge - 1)._withUnsafeGuaranteedRef { $0.dependency }
        }
        return Unmanaged<_AnyServiceBox>.fromOpaque(edge)._withUnsafeGuaranteedRef { _Dependency($0) }
    }

    /// Releases what the edge buffer retained for an edge.
    private static func release(_ edge: UnsafeMutableRawPointer) {
        if UInt(bitPattern: edge) & 1 != 0 {
            Unmanaged<PendingMissing>.fromOpaque(edge - 1).release()
        } else {
            Unmanaged<_AnyServiceBox>.fromOpaque(edge).release()
        }
    }

    /// Pushes `registration` onto the thread's chain; `records` (a first creation) marks the resolutions
    /// nested in it as ones to record, and counts the entry in `_RecordingGate`.
    @inline(__always)
    static func push(_ thread: UnsafeMutablePointer<cbox_thread>, _ registration: UnsafeRawPointer, records: Bool) {
        if records { _RecordingGate.shared.enter() }
        cbox_chain_push(thread, registration, records)
    }

    /// Pops the chain entry a factory call pushed and, when that ends the thread's top-level resolve, closes
    /// its scope. A recording entry's registration receives its edges after the pop, so it is retained
    /// first: once popped, the entry no longer holds it (a write on another thread may release it).
    @inline(__always)
    static func pop(_ thread: UnsafeMutablePointer<cbox_thread>) {
        let recorded = cbox_chain_recording(thread).map { Unmanaged<_AnyServiceBox>.fromOpaque($0).retain() }
        let finish = cbox_chain_pop(thread)
        if finish != 0 { finishPop(thread, finish, recorded) }
    }

    /// Leaves `_RecordingGate` for a popped recording entry and hands it its edges; detaches the thread's
    /// scope, then releases it and its `.graph` instances (whose `deinit`s may resolve, opening a scope of
    /// their own).
    @inline(never)
    private static func finishPop(
        _ thread: UnsafeMutablePointer<cbox_thread>, _ finish: UInt32, _ recorded: Unmanaged<_AnyServiceBox>?
    ) {
        if finish & UInt32(CBOX_POP_RECORDED) != 0, let recorded {
            _RecordingGate.shared.leave(1)
            let popped = thread.pointee.chain[Int(thread.pointee.chain_count)]
            handOverEdges(thread, from: Int(popped.mark), to: recorded.toOpaque())
            recorded.release()
        }
        guard finish & UInt32(CBOX_POP_CLOSE_SCOPE) != 0, let scope = thread.pointee.scope else { return }
        thread.pointee.scope = nil
        Unmanaged<_GraphScope>.fromOpaque(scope).release()
    }

    /// Runs `body` holding `registration`'s creation claim. On a sandbox thread the claim is noted, so that
    /// it can be released if the thread is abandoned while `body` runs.
    @usableFromInline
    static func withCreationClaim<R>(_ registration: _AnyServiceBox, _ body: () -> R) -> R {
        registration.creation.acquire()
        defer { registration.creation.release() }
        guard let run = sandbox else { return body() }
        run.heldClaims.append(registration)
        defer { run.heldClaims.removeLast() }
        return body()
    }

    /// The verification run this thread is the sandbox of, if it is one.
    static var sandbox: _VerificationRun? {
        cbox_thread_current().pointee.sandbox.map {
            Unmanaged<_VerificationRun>.fromOpaque($0).takeUnretainedValue()
        }
    }

    /// How a sandbox run ended.
    enum SandboxOutcome {
        /// Its thread resolved every target left, or was abandoned on a problem.
        case finished
        /// Its thread resolved one target for longer than the verification's patience; it goes on.
        case gaveUp
        /// No thread could be started; nothing was resolved.
        case notStarted
    }

    /// Runs `run` on a new sandbox thread until it has gone through the targets left, its thread was
    /// abandoned on a problem, or one target took longer than the verification's patience. The thread
    /// gives back its parking place (`_Verification.releaseParking`) if it ends.
    static func runSandbox(_ run: _VerificationRun) -> SandboxOutcome {
        let patience = run.verification.patience.components
        let nanoseconds =
            UInt64(clamping: patience.seconds) &* 1_000_000_000 &+ UInt64(patience.attoseconds / 1_000_000_000)
        let context = Unmanaged.passRetained(run).toOpaque()
        let result = cbox_sandbox_run(
            { context in
                let run = Unmanaged<_VerificationRun>.fromOpaque(context.unsafelyUnwrapped)
                let thread = cbox_thread_current()
                thread.pointee.sandbox = context
                run._withUnsafeGuaranteedRef { $0.resolveTargets() }
                thread.pointee.sandbox = nil
                run.release()
                _Verification.releaseParking()
            }, context, nanoseconds)
        switch result {
        case CBOX_SANDBOX_FINISHED: return .finished
        case CBOX_SANDBOX_TIMED_OUT: return .gaveUp
        default:
            Unmanaged<_VerificationRun>.fromOpaque(context).release()
            return .notStarted
        }
    }

    /// Tells the caller waiting for this sandbox thread that it is still making progress.
    static func noteSandboxProgress() { cbox_sandbox_progress() }

    /// Gives up the calling sandbox thread in the middle of a resolution that cannot go on: releases the
    /// creation claims its frames hold, hands over the dependencies its interrupted creations recorded,
    /// leaves its read sections and resolutions, and parks it for good (its frames are never resumed, so
    /// nothing they hold is released or reused), but for the run, which they no longer use: it and the
    /// verification's targets are not kept for the rest of the process.
    static func abandonSandbox(_ run: _VerificationRun) -> Never {
        for registration in run.heldClaims.reversed() { registration.creation.release() }
        run.heldClaims.removeAll()
        Unmanaged.passUnretained(run).release()  // the thread's reference, taken by `runSandbox`'s body
        let thread = cbox_thread_current()
        _RecordingGate.shared.leave(Int(thread.pointee.recording))
        // The interrupted creations never end: hand over what they recorded, innermost first.
        for index in (0..<Int(thread.pointee.chain_count)).reversed() {
            let entry = thread.pointee.chain[index]
            if entry.records { handOverEdges(thread, from: Int(entry.mark), to: entry.registration) }
        }
        cbox_sandbox_abandon()
    }

    /// Runs `body` with `registration` on this thread's chain and `instance` exposed as its pending instance,
    /// as `_begin` and `setPending` arrange for a synchronous registration's hooks: the hooks of an async
    /// registration run here, after its factory returned. `body` must not suspend (it is synchronous).
    static func withPending<R>(
        _ registration: _AnyServiceBox, _ instance: UnsafeRawPointer, _ body: () -> R
    ) -> R {
        let thread = cbox_thread_current()
        cbox_chain_push(thread, Unmanaged.passUnretained(registration).toOpaque(), false)
        setPending(instance)
        defer { pop(cbox_thread_current()) }
        return body()
    }

    /// The registrations being resolved on this thread, outermost first.
    static func chain() -> [_AnyServiceBox] {
        let thread = cbox_thread_current()
        return (0..<Int(thread.pointee.chain_count)).map { index in
            Unmanaged<_AnyServiceBox>.fromOpaque(
                UnsafeMutableRawPointer(mutating: thread.pointee.chain[index].registration)
            )
            .takeUnretainedValue()
        }
    }
}

extension Box {
    /// The read side of every resolve: finds the registration for `typeID` and `key` in this box or its
    /// nearest ancestor that has one, and decides what the caller must do with it.
    ///
    /// Keeps the registration valid (a read section for the hash table, a retain for the Dictionary
    /// baseline) until the caller ends the lookup; pushes it onto this thread's chain when a factory will
    /// run. A ready permanent class instance is retained here and the lookup ended at once. An async
    /// registration (never ready: its instance is not kept where these fields are) is reported as
    /// `.asyncFactory`, which costs the path that runs a factory one load of a field on the cache line
    /// already read.
    ///
    /// - Complexity: O(1) on average per box searched: one XXH3 hash for the whole lineage (memoised per
    ///   thread for unkeyed lookups), then usually one probe per box. The chain is scanned only when a
    ///   factory will run.
    @usableFromInline
    final func _begin(_ typeID: ObjectIdentifier, key: String?) -> _Lookup {
        let thread = cbox_thread_current()
        let found: UnsafeMutableRawPointer?
        let holder: Unmanaged<Box>?
        if _table != nil {
            cbox_read_begin(thread)
            (found, holder) = _findInTables(_typeBits(typeID), key: key, thread: thread)
            if found == nil { cbox_read_end(thread) }
        } else {
            (found, holder) = _findInDictionaries(typeID, key: key)
        }
        guard let found else { return _Lookup(.missing) }
        _ResolutionThread.recordDependency(thread, found)
        let registration = Unmanaged<_AnyServiceBox>.fromOpaque(found)
        let isPlainTransient = registration._withUnsafeGuaranteedRef { $0.isPlainTransient }
        if !isPlainTransient {
            if let object = registration._withUnsafeGuaranteedRef({ $0._readyObject.load(ordering: .acquiring) }) {
                _ = Unmanaged<AnyObject>.fromOpaque(object).retain()
                _end(registration: found, thread: thread)
                holder?.release()
                return _Lookup(.object, value: object)
            }
            if registration._withUnsafeGuaranteedRef({ $0.isReady }) {
                return _Lookup(.ready, found, holder: holder)
            }
        }
        if let entry = cbox_chain_find(thread, found) {
            if let pending = entry.pointee.pending {
                return _Lookup(.pending, found, holder: holder, value: UnsafeMutableRawPointer(mutating: pending))
            }
            return _Lookup(.cycle, found, holder: holder)
        }
        if !isPlainTransient && registration._withUnsafeGuaranteedRef({ $0.isAsync }) {
            return _Lookup(.asyncFactory, found, holder: holder)
        }
        if _ResolutionThread.isAtDepthLimit(thread) { return _Lookup(.tooDeep, found, holder: holder) }
        _ResolutionThread.push(thread, found, records: registration._withUnsafeGuaranteedRef { $0.startsObserving() })
        // The chain entry holds the registration from here on: the factory runs outside the read section.
        if _table != nil { cbox_read_end(thread) }
        return _Lookup(.make, found, holder: holder, value: UnsafeMutableRawPointer(thread))
    }

    /// Finds the registration in this box's table or the nearest ancestor's, and that ancestor (retained,
    /// so that it outlives the lookup; `nil` for this box). The common unkeyed case is inlined into
    /// `_begin`; keys take `_findKeyedInTables`.
    @inline(__always)
    private func _findInTables(
        _ type: UnsafeRawPointer, key: String?, thread: UnsafeMutablePointer<cbox_thread>
    ) -> (UnsafeMutableRawPointer?, Unmanaged<Box>?) {
        guard let key else {
            let hash = cbox_type_hash_cached(thread, type)
            if let found = cbox_table_find(_table.unsafelyUnwrapped.handle, hash, type, nil, 0, 0) {
                return (found, nil)
            }
            return _findInAncestorTables(hash, type, UnsafeBufferPointer(start: nil, count: 0), hasKey: false)
        }
        return _findKeyedInTables(type, key: key)
    }

    /// Keyed lookups. A resolve with the very string value a key of `_notedKeyLength` bytes or more was
    /// registered with (a constant, a literal) takes the hash the table noted for it and looks the key up
    /// with the string's own bytes, which the table compares in full; anything else, including a noted
    /// hash that finds nothing, hashes the canonical bytes.
    ///
    /// - Complexity: O(1) for a noted key, otherwise O(n) in its length (hash, ASCII or NFC check); the
    ///   comparison with the key found is O(n) either way.
    @inline(never)
    private func _findKeyedInTables(_ type: UnsafeRawPointer, key: String) -> (
        UnsafeMutableRawPointer?, Unmanaged<Box>?
    ) {
        // The closures capture only trivial values: capturing self (or reading self._table inside) would
        // write a shared reference count on every keyed resolve.
        let handle = _table.unsafelyUnwrapped.handle
        let box = Unmanaged.passUnretained(self)
        let words = _stringWords(key)
        let direct = key.utf8.withContiguousStorageIfAvailable {
            bytes -> (UnsafeMutableRawPointer?, Unmanaged<Box>?)? in
            if bytes.count >= _notedKeyLength {
                var noted: UInt64 = 0
                if cbox_table_noted_hash(handle, type, words.0, words.1, &noted) {
                    let found = box._withUnsafeGuaranteedRef { $0._findKeyed(handle, noted, type, bytes) }
                    if found.0 != nil { return found }
                }
            }
            guard _isASCII(bytes) else { return nil }
            return box._withUnsafeGuaranteedRef {
                $0._findKeyed(handle, cbox_hash(type, bytes.baseAddress, bytes.count), type, bytes)
            }
        }
        if let direct = direct ?? nil { return direct }
        return _withNonASCIICanonicalUTF8(key) { bytes, _ in
            box._withUnsafeGuaranteedRef {
                $0._findKeyed(handle, cbox_hash(type, bytes.baseAddress, bytes.count), type, bytes)
            }
        }
    }

    /// Finds the key `bytes` with `hash` in this box's table (`handle`), then its ancestors'.
    @inline(__always)
    private func _findKeyed(
        _ handle: OpaquePointer, _ hash: UInt64, _ type: UnsafeRawPointer, _ bytes: UnsafeBufferPointer<UInt8>
    ) -> (UnsafeMutableRawPointer?, Unmanaged<Box>?) {
        let word = cbox_key_word(bytes.baseAddress, bytes.count, true)
        if let found = cbox_table_find(handle, hash, type, bytes.baseAddress, bytes.count, word) {
            return (found, nil)
        }
        return _findInAncestorTables(hash, type, bytes, hasKey: true)
    }

    @inline(never)
    private func _findInAncestorTables(
        _ hash: UInt64, _ type: UnsafeRawPointer, _ bytes: UnsafeBufferPointer<UInt8>, hasKey: Bool
    ) -> (UnsafeMutableRawPointer?, Unmanaged<Box>?) {
        let word = cbox_key_word(bytes.baseAddress, bytes.count, hasKey)
        var ancestor = _parent
        while let box = ancestor {
            let handle = box._table.unsafelyUnwrapped.handle
            if let found = cbox_table_find(handle, hash, type, bytes.baseAddress, bytes.count, word) {
                return (found, Unmanaged.passRetained(box))
            }
            ancestor = box._parent
        }
        return (nil, nil)
    }

    @inline(never)
    private func _findInDictionaries(_ typeID: ObjectIdentifier, key: String?) -> (
        UnsafeMutableRawPointer?, Unmanaged<Box>?
    ) {
        if let found = _dictionary.unsafelyUnwrapped.retainedRegistration(typeID: typeID, key: key) {
            return (found, nil)
        }
        var ancestor = _parent
        while let box = ancestor {
            if let found = box._dictionary.unsafelyUnwrapped.retainedRegistration(typeID: typeID, key: key) {
                return (found, Unmanaged.passRetained(box))
            }
            ancestor = box._parent
        }
        return (nil, nil)
    }

    /// Whether a resolve of `typeID` and `key` from this box would find a registration.
    ///
    /// - Complexity: O(1) on average per box searched, like a resolve; takes no lock.
    func _isRegistered(_ typeID: ObjectIdentifier, key: String?) -> Bool {
        let thread = cbox_thread_current()
        if _table != nil { cbox_read_begin(thread) }
        let (found, holder) =
            _table != nil
            ? _findInTables(_typeBits(typeID), key: key, thread: thread) : _findInDictionaries(typeID, key: key)
        defer { holder?.release() }
        guard let found else {
            if _table != nil { cbox_read_end(thread) }
            return false
        }
        _end(registration: found, thread: thread)
        return true
    }

    /// Ends what `_begin` started for the registration: the read section, or the Dictionary's retain.
    @inline(__always)
    private func _end(registration: UnsafeMutableRawPointer, thread: UnsafeMutablePointer<cbox_thread>) {
        if _table != nil {
            cbox_read_end(thread)
        } else {
            Unmanaged<_AnyServiceBox>.fromOpaque(registration).release()
        }
    }

    /// Ends a `.ready` or `.pending` lookup.
    @usableFromInline
    final func _endRead(_ lookup: _Lookup) {
        _end(registration: lookup.registration.unsafelyUnwrapped, thread: cbox_thread_current())
        lookup.holder?.release()
    }

    /// Ends an `.asyncFactory` lookup for an async resolve, which must not suspend inside a read section:
    /// returns the registration and the box holding it (`nil` for this one) as strong references, so that
    /// they outlive the lookup while the factory runs.
    @usableFromInline
    final func _endAsync(_ lookup: _Lookup) -> (registration: _AnyServiceBox, holder: Box?) {
        let raw = lookup.registration.unsafelyUnwrapped
        let registration = Unmanaged<_AnyServiceBox>.fromOpaque(raw).retain().takeRetainedValue()
        _end(registration: raw, thread: cbox_thread_current())
        return (registration, lookup.holder?.takeRetainedValue())
    }

    /// Ends a `.make` lookup: pops the chain entry `_begin` pushed (which held a hash table's registration
    /// while its factory ran), or gives back the Dictionary's retain.
    @usableFromInline
    final func _endMake(_ lookup: _Lookup) {
        _ResolutionThread.pop(lookup.value.unsafelyUnwrapped.assumingMemoryBound(to: cbox_thread.self))
        if _table == nil { Unmanaged<_AnyServiceBox>.fromOpaque(lookup.registration.unsafelyUnwrapped).release() }
        lookup.holder?.release()
    }

    /// Resolves one known registration (the type-erased `ServiceStoring.service(_:)` path).
    func _resolve<Service>(registration: _ServiceBox<Service>) -> Service {
        if registration.isReady { return registration.readyInstance }
        let thread = cbox_thread_current()
        let raw = Unmanaged.passUnretained(registration).toOpaque()
        _ResolutionThread.recordDependency(thread, raw)
        if let entry = cbox_chain_find(thread, raw) {
            if let pending = entry.pointee.pending { return pending.assumingMemoryBound(to: Service.self).pointee }
            _trap(_cycleError(registration))
        }
        if _ResolutionThread.isAtDepthLimit(thread) { _trap(_tooDeepError(registration)) }
        _ResolutionThread.push(thread, raw, records: registration.startsObserving())
        defer { _ResolutionThread.pop(cbox_thread_current()) }
        if registration.life == .transient || registration.life == .graph {
            return registration.make(resolvingFrom: self, holder: nil)
        }
        let holder = _holder(of: registration) ?? self
        return withExtendedLifetime(holder) {
            registration.make(resolvingFrom: self, holder: Unmanaged.passUnretained(holder))
        }
    }

    /// The box in this box's lineage that holds `registration`, if any.
    private func _holder(of registration: _AnyServiceBox) -> Box? {
        var current: Box? = self
        while let box = current {
            if box._storage.registrations.contains(where: { $0 === registration }) { return box }
            current = box._parent
        }
        return nil
    }

    /// Turns a `.missing`, `.cycle`, `.asyncFactory` or `.tooDeep` lookup into its error, ending the lookup.
    /// `arguments` are the types of the runtime arguments the resolve passed (none for a plain resolve).
    @usableFromInline
    final func _failure(_ lookup: _Lookup, type: Any.Type, key: String?, arguments: [Any.Type] = []) -> BoxError {
        guard lookup.state != .missing, let raw = lookup.registration else {
            return _missingError(type, key: key, arguments: arguments)
        }
        let registration = Unmanaged<_AnyServiceBox>.fromOpaque(raw).takeUnretainedValue()
        let error =
            switch lookup.state {
            case .cycle: _cycleError(registration)
            case .tooDeep: _tooDeepError(registration)
            default: _asyncFactoryError(registration)
            }
        _endRead(lookup)
        return error
    }
}

extension _ServiceHandle {
    /// The read side of a ``ServiceFactory`` call: `Box._begin` without the hash, the probe and the read
    /// section, for the registration the handle pinned.
    ///
    /// Returns `.object`, `.ready` or `.make` (then `endMake`) when the pin is vouched for by the write
    /// counters of the boxes searched to find it and the call needs no lock: a ready permanent instance, or a
    /// transient synchronous factory not already running on this thread. Anything else, including nothing
    /// registered, returns `.missing`: the caller then resolves through the box, which creates permanents
    /// exactly once, returns instances whose hooks are running, and reports cycles, async factories and
    /// missing registrations with BoxKit's messages.
    ///
    /// - Complexity: O(1): a few loads, no hash, no probe and no lock while no box searched has been written
    ///   to; after a write, one search.
    @usableFromInline
    final func begin() -> _Lookup {
        guard let pinned = _vouchedPin() ?? revalidate() else { return _Lookup(.missing) }
        return _classify(pinned)
    }

    /// The pin, when the write counters of the boxes searched to find it still add up to `vouched`.
    @inline(__always)
    private func _vouchedPin() -> UnsafeMutableRawPointer? {
        guard let pinned = pin.load(ordering: .acquiring) else { return nil }
        let binding = Unmanaged<_Binding>.fromOpaque(pinned)
        var sum = originGeneration.current
        if binding._withUnsafeGuaranteedRef({ $0.watchesAncestors }) {
            sum &+= binding._withUnsafeGuaranteedRef { $0.ancestorsGeneration }
        }
        return sum == vouched.load(ordering: .relaxed) ? pinned : nil
    }

    /// The decisions of `Box._begin` for the pinned registration, which the handle keeps alive.
    @inline(__always)
    private func _classify(_ pinned: UnsafeMutableRawPointer) -> _Lookup {
        let thread = cbox_thread_current()
        let binding = Unmanaged<_Binding>.fromOpaque(pinned)
        let raw = binding._withUnsafeGuaranteedRef { $0.registrationPointer }
        _ResolutionThread.recordDependency(thread, raw)
        let registration = Unmanaged<_AnyServiceBox>.fromOpaque(raw)
        if binding._withUnsafeGuaranteedRef({ $0.isPlainTransient }) {
            if cbox_chain_find(thread, raw) != nil || _ResolutionThread.isAtDepthLimit(thread) {
                return _Lookup(.missing)
            }
            _ResolutionThread.push(thread, raw, records: registration._withUnsafeGuaranteedRef { $0.startsObserving() })
            return _Lookup(.make, raw, value: UnsafeMutableRawPointer(thread))
        }
        if let instance = object.load(ordering: .acquiring) {
            _ = Unmanaged<AnyObject>.fromOpaque(instance).retain()
            return _Lookup(.object, value: instance)
        }
        if let instance = registration._withUnsafeGuaranteedRef({ $0._readyObject.load(ordering: .acquiring) }) {
            if !binding._withUnsafeGuaranteedRef({ $0.watchesAncestors }) {
                object.store(instance, ordering: .releasing)
            }
            _ = Unmanaged<AnyObject>.fromOpaque(instance).retain()
            return _Lookup(.object, value: instance)
        }
        if registration._withUnsafeGuaranteedRef({ $0.isReady }) { return _Lookup(.ready, raw) }
        return _Lookup(.missing)
    }

    /// Ends a `.make` lookup from `begin`: pops the chain entry it pushed.
    @usableFromInline
    final func endMake(_ lookup: _Lookup) {
        _ResolutionThread.pop(lookup.value.unsafelyUnwrapped.assumingMemoryBound(to: cbox_thread.self))
    }
}
