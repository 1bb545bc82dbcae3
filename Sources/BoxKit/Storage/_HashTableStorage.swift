// Wraps the C hash table (cbox_table_*): the registry a hash-table box keeps its registrations in.
internal import CBoxTable

/// The registry as BoxKit keeps it: a C open-addressing table keyed by (XXH3 hash, type id, key bytes)
/// whose values are retained registrations. Reads never lock; writes are serialised by `writer`.
///
/// A storage without registrations has no table of its own: `handle` is the shared empty table
/// (`cbox_table_empty`), in which every lookup misses, until the first insert makes one (under `writer`) and
/// publishes it, never to change again. So an empty box costs no table, and a reader that loaded the empty
/// table just before the first insert misses, as it would have before the insert.
///
/// `@unchecked Sendable`: `handle` changes once, atomically, from the empty table to this storage's own;
/// the table's concurrency contract (any number of readers, one writer at a time) this class upholds by
/// taking `writer` around every mutation.
final class _HashTableStorage: _ServiceStorage, @unchecked Sendable {
    /// The word of `handle`: the first stored property, so that it starts where
    /// `_getUnsafePointerToStoredProperties` says the stored properties do (`init` asserts it). Read and
    /// written only through `handle` and `ownTable(publishingIn:)`, atomically, after `init`.
    nonisolated(unsafe) private var handleWord: UInt64 = 0
    private let writer = _Lock()
    /// The next registration's `sequence`; guarded by `writer`.
    @exclusivity(unchecked) private var nextSequence: UInt64 = 0
    /// Whether the first insert has made this storage's own table (`handle` is no longer the empty one);
    /// guarded by `writer`.
    @exclusivity(unchecked) private var hasOwnTable = false
    /// The forwards whose target `publish(forwarded:of:)` published in their own entries; guarded by `writer`.
    /// Each write keeps what it says true (`withdrawStalePublications(in:)`): a forward listed here is the
    /// entry of its type and key, its entry holds at most the target it keeps, and that target is its target's
    /// ready object in this table.
    @exclusivity(unchecked) private var publishedForwards: [_AnyForwardRegistration] = []
    let generation = _WriteGeneration()

    init() {
        handleWord = UInt64(UInt(bitPattern: UnsafeRawPointer(cbox_table_empty())))
        assert(
            withUnsafeMutablePointer(to: &handleWord) { UnsafeMutableRawPointer($0) }
                == _getUnsafePointerToStoredProperties(self),
            "the handle word is not the storage's first stored property")
    }

    deinit {
        generation.advance()
        if hasOwnTable { cbox_table_destroy(handle) }
    }

    /// The table: the shared empty one until the first insert, then this storage's own. Loaded with acquiring
    /// ordering, so that a reader sees the table the first insert made as it was made.
    var handle: OpaquePointer {
        @inline(__always) get { OpaquePointer(_handleWord.loadPointer(ordering: .acquiring).unsafelyUnwrapped) }
    }

    @inline(__always)
    private var _handleWord: _AtomicWord { _AtomicWords(inObjectAt: _getUnsafePointerToStoredProperties(self)).word }

    /// This storage's own table, made and published (here, and in `boxWord`, where its box's resolves load it)
    /// if the storage has none yet. Under `writer`.
    private func ownTable(publishingIn boxWord: _AtomicWord) -> OpaquePointer {
        if hasOwnTable { return handle }
        // A value the table releases has left it, and no reader can still find it there.
        let made = cbox_table_create { value in
            let registration = Unmanaged<_AnyRegistration>.fromOpaque(value)
            registration._withUnsafeGuaranteedRef { $0.leftTable() }
            registration.release()
        }
        let pointer = UnsafeMutableRawPointer(made)
        _handleWord.storePointer(pointer, ordering: .releasing)
        boxWord.storePointer(pointer, ordering: .releasing)
        hasOwnTable = true
        return made
    }

    /// Runs `mutation` under the writer lock on the table, and advances the write generation; then collects
    /// what no reader can still hold (as `policy` says), and releases it after unlocking: a released permanent
    /// instance's `deinit` may itself use the box. With `boxWord` (an insert), the table is this storage's
    /// own, made if need be (`ownTable(publishingIn:)`).
    private func write<R>(
        collecting policy: _CollectPolicy = .whenDue, makingTableFor boxWord: _AtomicWord? = nil,
        _ mutation: (OpaquePointer) -> R
    ) -> R {
        let (result, batch) = writer.withLock {
            let table = if let boxWord { ownTable(publishingIn: boxWord) } else { handle }
            let result = mutation(table)
            if !publishedForwards.isEmpty { withdrawStalePublications(in: table) }
            generation.advance()
            let due = policy == .always || cbox_table_collect_is_due(table)
            return (result, due ? cbox_table_collect(table) : nil)
        }
        if let batch { cbox_batch_dispose(batch) }
        return result
    }

    /// Stores `registration`, replacing (and releasing) any previous one of its identity and key. The first
    /// insert makes this storage's table and publishes it in `boxWord` too, within the same write, so that a
    /// resolve from the box that registered finds the registration once `insert` returns.
    func insert(_ registration: _AnyRegistration, typeID: ObjectIdentifier, publishingTableIn boxWord: _AtomicWord) {
        let value = Unmanaged.passRetained(registration).toOpaque()
        let type = _typeBits(typeID)
        let words = registration.key.map(_stringWords)
        // `_withTableKey` spelled out, not called: the registration and the storage stay borrowed here, where
        // its nested closure would capture them, retaining and releasing each once more per registration.
        _withKeyBytes(registration.key) { bytes, hasKey, asStored in
            let hash = cbox_hash(type, bytes.baseAddress, bytes.count)
            let word = cbox_key_word(bytes.baseAddress, bytes.count, hasKey)
            _ = write(makingTableFor: boxWord) {
                nextSequence += 1
                registration.sequence = nextSequence
                let replaced = cbox_table_insert($0, hash, type, bytes.baseAddress, bytes.count, word, value)
                // A resolve with this very string value (a constant, a literal) may skip hashing: see
                // `Box._findKeyedThroughUTF8InTables`. Only for keys whose own bytes are canonical, which that
                // path uses.
                if asStored && bytes.count >= _notedKeyLength, let words {
                    cbox_table_note_key($0, type, words.0, words.1, hash)
                }
                return replaced
            }
        }
    }

    func replace(_ old: _AnyRegistration, with new: _AnyRegistration, typeID: ObjectIdentifier) -> Bool {
        let value = Unmanaged.passRetained(new).toOpaque()
        let type = _typeBits(typeID)
        let replaced = _withTableKey(type, new.key) { bytes, hash, word, _ in
            write { table in
                // The writer lock keeps other writers out, so the value found is the one stored until the insert.
                guard
                    cbox_table_find(table, hash, type, bytes.baseAddress, bytes.count, word)
                        == Unmanaged.passUnretained(old).toOpaque()
                else { return false }
                new.sequence = old.sequence
                _ = cbox_table_insert(table, hash, type, bytes.baseAddress, bytes.count, word, value)
                return true
            }
        }
        if !replaced { Unmanaged<_AnyRegistration>.fromOpaque(value).release() }
        return replaced
    }

    func remove(typeID: ObjectIdentifier, key: String?) -> Bool {
        let type = _typeBits(typeID)
        return _withTableKey(type, key) { bytes, hash, word, _ in
            write { cbox_table_remove($0, hash, type, bytes.baseAddress, bytes.count, word) }
        }
    }

    func removeAll() {
        write { table in
            if hasOwnTable { cbox_table_clear(table) }
        }
    }

    var count: Int { writer.withLock { cbox_table_count(handle) } }

    var registrations: [_AnyRegistration] {
        writer.withLock {
            (0..<cbox_table_capacity(handle)).compactMap { index in
                cbox_table_value_at(handle, index).map {
                    Unmanaged<_AnyRegistration>.fromOpaque($0).takeUnretainedValue()
                }
            }
        }
    }

    func registration(typeID: ObjectIdentifier, key: String?) -> _AnyRegistration? {
        let reader = cbox_reader_current()
        cbox_read_begin(reader)
        defer { cbox_read_end(reader) }
        let type = _typeBits(typeID)
        return _withTableKey(type, key) { bytes, hash, word, _ in
            cbox_table_find(handle, hash, type, bytes.baseAddress, bytes.count, word).map {
                Unmanaged<_AnyRegistration>.fromOpaque($0).takeUnretainedValue()  // retained before the section ends
            }
        }
    }

    /// Publishes `object`, the ready permanent instance of `registration`, in the table (its slot, and its
    /// type-index entry if it has one), unless `registration` is no longer the entry of its type and key. Under
    /// the writer lock, so that no rebuild copies the slot while the object is published (the new array would
    /// keep the token); it changes no registration, so it does not advance the write generation.
    ///
    /// - Complexity: One XXH3 hash of the key and one probe, once per permanent instance.
    func publish(readyObject object: UnsafeMutableRawPointer, of registration: _AnyRegistration) {
        let type = _typeBits(registration.registryTypeID)
        let value = Unmanaged.passUnretained(registration).toOpaque()
        _withTableKey(type, registration.key) { bytes, hash, word, _ in
            writer.withLock {
                _ = cbox_table_publish_ready(handle, hash, type, bytes.baseAddress, bytes.count, word, value, object)
            }
        }
    }

    /// Publishes `target`, the ready instance of `forward`'s target in this table, in `forward`'s own entry
    /// (its slot, and its type-index entry if it has one), as `publish(readyObject:of:)` publishes a
    /// permanent's; `forward` keeps `target` alive while its entry may hand it out (`keepPublished(_:)`).
    /// Nothing happens unless, under the writer lock, `forward` is still the entry of its type and key and
    /// `target` still its target's ready object here: no write can come between that check and the
    /// publication, and every later write withdraws the publication once it no longer holds
    /// (`withdrawStalePublications(in:)`). The caller holds `forward` and is in no read section.
    ///
    /// - Complexity: One XXH3 hash of the key and one probe, once per forward.
    func publish(forwarded target: Unmanaged<AnyObject>, of forward: _AnyForwardRegistration) {
        let type = _typeBits(forward.registryTypeID)
        let value = Unmanaged.passUnretained(forward).toOpaque()
        _withTableKey(type, forward.key) { bytes, hash, word, _ in
            writer.withLock {
                let table = handle
                guard
                    Self.indexedReadyObject(in: table, typeID: forward.targetTypeID, key: forward.key)
                        == target.toOpaque(),
                    cbox_table_find(table, hash, type, bytes.baseAddress, bytes.count, word) == value,
                    forward.keepPublished(target.takeUnretainedValue())
                else { return }
                publishedForwards.append(forward)
                _ = cbox_table_publish_ready(
                    table, hash, type, bytes.baseAddress, bytes.count, word, value, target.toOpaque())
            }
        }
    }

    /// Keeps what `publishedForwards` says true after a write (under `writer`): forgets each forward that is no
    /// longer the entry of its type and key, and replaces with a fresh copy (`unmade()`, which publishes nothing
    /// and records its dependency on the target again at its next resolve) each whose target's ready object here
    /// is no longer the one it keeps. A replaced forward is a
    /// change to the forwards to it, so this repeats until nothing changes. The replaced forward is released
    /// as a replaced registration is, once no reader can hold it, and its target with it.
    ///
    /// - Complexity: O(*f*) per pass, *f* the forwards published, and at most *f* passes; a pass reads one
    ///   type-index entry or two per unkeyed forward, and hashes only a keyed one or one that changed.
    private func withdrawStalePublications(in table: OpaquePointer) {
        var changed = true
        while changed {
            changed = false
            publishedForwards.removeAll { forward in
                let type = _typeBits(forward.registryTypeID)
                let value = Unmanaged.passUnretained(forward).toOpaque()
                let kept = forward.publishedTarget.map { Unmanaged.passUnretained($0).toOpaque() }
                let isCurrent =
                    kept != nil
                    && Self.indexedReadyObject(in: table, typeID: forward.targetTypeID, key: forward.key) == kept
                // An unkeyed forward that is still its type-index entry is found there, without a hash.
                if isCurrent, forward.key == nil, cbox_table_find_type(table, type) == value { return false }
                return _withTableKey(type, forward.key) { bytes, hash, word, _ in
                    guard cbox_table_find(table, hash, type, bytes.baseAddress, bytes.count, word) == value else {
                        return true
                    }
                    if isCurrent { return false }
                    let fresh = forward.unmade()
                    fresh.sequence = forward.sequence
                    let retained = Unmanaged.passRetained(fresh).toOpaque()
                    _ = cbox_table_insert(table, hash, type, bytes.baseAddress, bytes.count, word, retained)
                    changed = true
                    return true
                }
            }
        }
    }

    /// Makes every reader of every table fence itself, as on Apple platforms, which have no `membarrier`
    /// (`on`), or only where this platform needs it (`!on`); see `Box._fenceReaders(_:)`.
    static func fenceReaders(_ on: Bool) {
        cbox_readers_force_fence(on)
    }

    /// The ready object published in the type index of the table `handle` for `typeID` under `key` (none, or
    /// a short ASCII key: the identities the index holds), unretained, valid until the read section the caller
    /// is in ends; `nil` when the index holds no entry for them or no object is published for it.
    ///
    /// - Complexity: O(1): one entry of the type index, without a hash or a probe.
    @inline(__always)
    static func indexedReadyObject(in handle: OpaquePointer, typeID: ObjectIdentifier, key: String?)
        -> UnsafeMutableRawPointer?
    {
        guard let key else { return cbox_table_type_entry(handle, _typeBits(typeID)).flatMap(cbox_type_entry_ready) }
        return indexedReadyObject(in: handle, typeID: typeID, keyed: key)
    }

    /// `indexedReadyObject(in:typeID:key:)` with a key. Out of line: the key's words are read through their
    /// address in this frame of its own, so that the inlined caller's frame takes the address of no local.
    @inline(never)
    private static func indexedReadyObject(in handle: OpaquePointer, typeID: ObjectIdentifier, keyed key: String)
        -> UnsafeMutableRawPointer?
    {
        guard let short = _shortASCIIKey(_stringWords(key)) else { return nil }
        let word = cbox_key_word_inline(short.bytes, short.count)
        return cbox_table_index_entry(handle, _typeBits(typeID), word).flatMap(cbox_type_entry_ready)
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

/// Calls `body` with `key` as the C table takes it with `type`: its canonical bytes (empty for no key), their
/// `cbox_hash`, their `cbox_key_word`, and whether the bytes are the key string's own.
@inline(__always)
func _withTableKey<R>(
    _ type: UnsafeRawPointer, _ key: String?,
    _ body: (_ bytes: UnsafeBufferPointer<UInt8>, _ hash: UInt64, _ word: UInt64, _ asStored: Bool) -> R
) -> R {
    _withKeyBytes(key) { bytes, hasKey, asStored in
        body(
            bytes, cbox_hash(type, bytes.baseAddress, bytes.count),
            cbox_key_word(bytes.baseAddress, bytes.count, hasKey), asStored)
    }
}

/// When a write collects what it and earlier writes retired.
private enum _CollectPolicy {
    /// When `cbox_table_collect_is_due`: a retired registration waits (its release may run user code), or
    /// retired memory adds up to enough to be worth the grace period's barrier.
    case whenDue
    /// Whatever no reader can still hold.
    case always
}
