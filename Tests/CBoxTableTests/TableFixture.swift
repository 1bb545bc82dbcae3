// Shared fixtures for the C table's own tests: tracked values, keys, and a table wrapper that checks every
// structural invariant after every mutation.
import BoxKitTestSupport
import CBoxTable
import Foundation
import Testing

/// Every test in this target runs one at a time: the epoch and the reader records are process-wide, so a
/// reader section open in one test would otherwise hold back the reclamation another test is checking.
@Suite(.serialized) enum CBoxTableSuite {}

/// The thread the long suites of `CBoxTableSuite` run on (shape churn, concurrent readers and writers), off the
/// task pool: their million-step loops and their waits for threads of their own then hold no slot of the
/// pool (one per core, on Linux) that other tests' tasks need. Closures a suite isolated to it passes to C, to
/// run on another thread, must not be isolated to it.
@globalActor actor TableTestThread {
    static let shared = TableTestThread()
    private static let executor = ThreadExecutor(name: "CBoxTableTests")
    nonisolated var unownedExecutor: UnownedSerialExecutor { Self.executor.asUnownedSerialExecutor() }
}

// MARK: - Type ids

/// Distinct, stable type ids: the table only compares and hashes their bits.
enum TypeID {
    static var a: UnsafeRawPointer { UnsafeRawPointer(bitPattern: 0x1000)! }
    static var b: UnsafeRawPointer { UnsafeRawPointer(bitPattern: 0x2000)! }
    static var c: UnsafeRawPointer { UnsafeRawPointer(bitPattern: 0x3008)! }
    static var int: UnsafeRawPointer { unsafeBitCast(ObjectIdentifier(Int.self), to: UnsafeRawPointer.self) }
    static var string: UnsafeRawPointer { unsafeBitCast(ObjectIdentifier(String.self), to: UnsafeRawPointer.self) }

    /// The `index`th of many synthetic type ids (8-byte aligned, like real metadata pointers).
    static func numbered(_ index: Int) -> UnsafeRawPointer {
        UnsafeRawPointer(bitPattern: 0x10_0000 + index * 8)!
    }

    /// The first `count` synthetic type ids that share one bucket of the type index (`cbox_type_bucket`).
    static func sharingABucket(_ count: Int) -> [UnsafeRawPointer] {
        let bucket = cbox_type_bucket(numbered(0))
        return Array((0...).lazy.map(numbered).filter { cbox_type_bucket($0) == bucket }.prefix(count))
    }
}

// MARK: - Keys

/// A table key: a type id and either no key (`bytes == nil`) or a byte string, possibly empty.
struct Key: Hashable, Sendable, CustomStringConvertible {
    let typeBits: UInt
    let bytes: [UInt8]?

    init(_ type: UnsafeRawPointer, _ bytes: [UInt8]?) {
        typeBits = UInt(bitPattern: type)
        self.bytes = bytes
    }

    init(_ type: UnsafeRawPointer, _ string: String) {
        self.init(type, Array(string.utf8))
    }

    /// A key whose bytes are `index`'s little-endian bytes, `length` of them (repeating past eight).
    init(_ type: UnsafeRawPointer, number index: Int, length: Int) {
        let seed = withUnsafeBytes(of: UInt64(truncatingIfNeeded: index).littleEndian) { Array($0) }
        self.init(type, (0..<length).map { seed[$0 % 8] &+ UInt8(truncatingIfNeeded: $0 / 8) })
    }

    var type: UnsafeRawPointer { UnsafeRawPointer(bitPattern: typeBits)! }

    var description: String {
        guard let bytes else { return "(\(typeBits), no key)" }
        return "(\(typeBits), \(bytes.count) bytes)"
    }

    /// The hash the table expects for this key.
    var hash: UInt64 {
        withBytes { bytes, count, _ in cbox_hash(type, bytes, count) }
    }

    /// The key word a query for this key compares slots against.
    var word: UInt64 {
        withBytes { cbox_key_word($0, $1, $2) }
    }

    /// `cbox_table_find` for this key, probing from its own hash's home slot, or from `hash`'s (a probe from
    /// any slot compares the key with every entry up to the next empty slot). Call inside a read section.
    func find(in table: OpaquePointer, hash: UInt64? = nil) -> UnsafeMutableRawPointer? {
        withBytes { bytes, count, _ in cbox_table_find(table, hash ?? self.hash, type, bytes, count, word) }
    }

    /// `cbox_table_find_slot` for this key. Call inside a read section.
    func findSlot(in table: OpaquePointer) -> UnsafePointer<cbox_slot>? {
        withBytes { bytes, count, _ in cbox_table_find_slot(table, hash, type, bytes, count, word) }
    }

    /// `cbox_table_publish_ready` of `object` for `value` under this key, inside a read section: whether the
    /// slot took it.
    func publish(_ object: UnsafeRawPointer, for value: UnsafeRawPointer, in table: OpaquePointer) -> Bool {
        let reader = cbox_reader_current()
        cbox_read_begin(reader)
        defer { cbox_read_end(reader) }
        return withBytes { bytes, count, _ in
            cbox_table_publish_ready(table, hash, type, bytes, count, word, value, object)
        }
    }

    /// Calls `body` with the key's bytes (NULL when there are none), their count and whether there is a key.
    func withBytes<R>(_ body: (UnsafePointer<UInt8>?, Int, Bool) -> R) -> R {
        guard let bytes else { return body(nil, 0, false) }
        return bytes.withUnsafeBufferPointer { body($0.baseAddress, $0.count, true) }
    }
}

// MARK: - Values

/// Counts, for one test, how many values the table released and how many were deallocated.
final class Ledger: Sendable {
    let released = RelaxedCounter()
    let deallocated = RelaxedCounter()
    let made = RelaxedCounter()
}

/// A value stored in the table: remembers the key it was inserted under and how often the table released it.
final class Probe: Sendable {
    static let expectedMagic: UInt64 = 0xB0C5_7AB1_E5AF_E000

    let key: Key?
    let serial: Int
    let ledger: Ledger
    let magic = Probe.expectedMagic
    let releases = RelaxedCounter()

    init(_ ledger: Ledger, key: Key? = nil, serial: Int = 0) {
        self.key = key
        self.serial = serial
        self.ledger = ledger
        ledger.made.add(1)
    }

    deinit {
        ledger.deallocated.add(1)
    }

    var releaseCount: Int { releases.value }

    /// A +1 reference for the table to own.
    func retainedForTable() -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(self).toOpaque()
    }

    /// The probe behind a value pointer the table handed back (not retained).
    static func from(_ pointer: UnsafeMutableRawPointer) -> Probe {
        Unmanaged<Probe>.fromOpaque(pointer).takeUnretainedValue()
    }
}

/// The table's release function: notes the release on the probe, then balances the insert's retain.
let releaseProbe: cbox_release_fn = { pointer in
    let unmanaged = Unmanaged<Probe>.fromOpaque(pointer)
    let probe = unmanaged.takeUnretainedValue()
    probe.releases.add(1)
    probe.ledger.released.add(1)
    unmanaged.release()
}

/// A table pointer handed to other threads; the tests uphold the one-writer contract themselves.
struct SharedTable: @unchecked Sendable {
    let pointer: OpaquePointer
}

// MARK: - The fixture

/// One C table with tracked values. Every mutation (insert, remove, clear, collect) is followed by
/// `cbox_table_check_invariants`, recorded as an expectation at the caller's source location.
final class TableFixture {
    let ledger = Ledger()
    private(set) var table: OpaquePointer?
    /// What the table should hold: each key's current value.
    private(set) var model: [Key: Probe] = [:]
    private var serial = 0

    init() {
        table = cbox_table_create(releaseProbe)
    }

    deinit {
        if let table { cbox_table_destroy(table) }
    }

    var handle: OpaquePointer {
        guard let table else { fatalError("the table was destroyed") }
        return table
    }

    /// A fresh value for `key`.
    func makeProbe(for key: Key?) -> Probe {
        serial += 1
        return Probe(ledger, key: key, serial: serial)
    }

    // MARK: Mutations, each followed by the invariant check

    /// Inserts `value` (a fresh probe when `nil`) under `key`, returning whether an entry was replaced.
    @discardableResult
    func insert(_ key: Key, _ value: Probe? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let value = value ?? makeProbe(for: key)
        let replaced = key.withBytes { bytes, count, hasKey in
            cbox_table_insert(
                handle, key.hash, key.type, bytes, count, cbox_key_word(bytes, count, hasKey), value.retainedForTable())
        }
        model[key] = value
        expectInvariants(sourceLocation: sourceLocation)
        return replaced
    }

    /// Removes `key`, returning whether there was an entry.
    @discardableResult
    func remove(_ key: Key, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let removed = key.withBytes { bytes, count, hasKey in
            cbox_table_remove(handle, key.hash, key.type, bytes, count, cbox_key_word(bytes, count, hasKey))
        }
        model[key] = nil
        expectInvariants(sourceLocation: sourceLocation)
        return removed
    }

    /// Removes every entry.
    func clear(sourceLocation: SourceLocation = #_sourceLocation) {
        cbox_table_clear(handle)
        model.removeAll()
        expectInvariants(sourceLocation: sourceLocation)
    }

    /// One `cbox_table_collect` and, when it returns a batch, `cbox_batch_dispose`. Returns how many values
    /// were released.
    @discardableResult
    func collect(sourceLocation: SourceLocation = #_sourceLocation) -> Int {
        collectBatchOnce(sourceLocation: sourceLocation) ?? 0
    }

    /// One `cbox_table_collect`, disposing of what it returns; `nil` when it returned no batch.
    func collectBatchOnce(sourceLocation: SourceLocation = #_sourceLocation) -> Int? {
        let before = ledger.released.value
        guard let batch = cbox_table_collect(handle) else {
            expectInvariants(sourceLocation: sourceLocation)
            return nil
        }
        expectInvariants(sourceLocation: sourceLocation)
        cbox_batch_dispose(batch)
        return ledger.released.value - before
    }

    /// Collects until nothing is retired. With no reader in a read section the first collect does it; the
    /// retries only absorb readers of tests running elsewhere in the process (they delay, never prevent, it).
    func drain(sourceLocation: SourceLocation = #_sourceLocation) {
        let deadline = ContinuousClock.now + .seconds(30)
        collect(sourceLocation: sourceLocation)
        while stats.retired != 0 && ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.001)
            collect(sourceLocation: sourceLocation)
        }
        #expect(stats.retired == 0, "the retire list did not drain", sourceLocation: sourceLocation)
    }

    /// `cbox_table_collect` until it returns a batch (the first call does, unless a reader of a test running
    /// elsewhere in the process is in a read section), without disposing of it.
    func collectBatch(sourceLocation: SourceLocation = #_sourceLocation) -> OpaquePointer? {
        let deadline = ContinuousClock.now + .seconds(30)
        while true {
            let batch = cbox_table_collect(handle)
            expectInvariants(sourceLocation: sourceLocation)
            if batch != nil || ContinuousClock.now >= deadline { return batch }
            Thread.sleep(forTimeInterval: 0.001)
        }
    }

    /// Destroys the table; later calls that need it trap.
    func destroy() {
        cbox_table_destroy(handle)
        table = nil
        model.removeAll()
    }

    /// Leaks the table (and its values) without touching it: for a test whose threads may still be using it.
    func abandon() {
        table = nil
        model.removeAll()
    }

    // MARK: Reads

    /// The value found for `key`, inside a read section, as the caller would see it (probing from `hash`'s
    /// home slot, when given, instead of the key's own).
    func find(_ key: Key, hash: UInt64? = nil) -> Probe? {
        let reader = cbox_reader_current()
        cbox_read_begin(reader)
        defer { cbox_read_end(reader) }
        return key.find(in: handle, hash: hash).map(Probe.from)
    }

    /// The value `cbox_table_find_type` finds for `type` through the type index, inside a read section.
    func findThroughIndex(_ type: UnsafeRawPointer) -> Probe? {
        let reader = cbox_reader_current()
        cbox_read_begin(reader)
        defer { cbox_read_end(reader) }
        return cbox_table_find_type(handle, type).map(Probe.from)
    }

    /// The object the type index publishes for `key` (`cbox_type_entry_ready`), inside a read section.
    func readyThroughIndex(_ key: Key) -> Probe? {
        let reader = cbox_reader_current()
        cbox_read_begin(reader)
        defer { cbox_read_end(reader) }
        return cbox_table_index_entry(handle, key.type, key.word).flatMap(cbox_type_entry_ready).map(Probe.from)
    }

    /// The value the type index holds for `key` (`cbox_table_index_entry`), inside a read section.
    func findThroughIndex(_ key: Key) -> Probe? {
        let reader = cbox_reader_current()
        cbox_read_begin(reader)
        defer { cbox_read_end(reader) }
        return cbox_table_index_entry(handle, key.type, key.word).flatMap(cbox_type_entry_value).map(Probe.from)
    }

    /// The object published in `key`'s slot of the current array (`cbox_slot_ready`), inside a read section.
    func readyThroughSlot(_ key: Key) -> Probe? {
        let reader = cbox_reader_current()
        cbox_read_begin(reader)
        defer { cbox_read_end(reader) }
        return key.findSlot(in: handle).flatMap(cbox_slot_ready).map(Probe.from)
    }

    /// `cbox_table_publish_ready` of `object` for `value` under `key`, inside a read section, followed by the
    /// invariant check: whether the slot took it.
    @discardableResult
    func publish(
        _ object: Probe, for value: Probe, of key: Key, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        let published = key.publish(
            Unmanaged.passUnretained(object).toOpaque(), for: Unmanaged.passUnretained(value).toOpaque(), in: handle)
        expectInvariants(sourceLocation: sourceLocation)
        return published
    }

    var count: Int { cbox_table_count(handle) }

    var capacity: Int { cbox_table_capacity(handle) }

    var stats: cbox_table_stats {
        var stats = cbox_table_stats()
        cbox_table_get_stats(handle, &stats)
        return stats
    }

    /// Every live value, read slot by slot with `cbox_table_value_at`.
    var values: [Probe] {
        (0..<capacity).compactMap { cbox_table_value_at(handle, $0).map(Probe.from) }
    }

    // MARK: Checks

    /// The first broken invariant, or `nil`.
    var brokenInvariant: String? {
        cbox_table_check_invariants(handle).map { String(cString: $0) }
    }

    /// The type index's entries, in the table's head.
    var typeIndexEntries: UnsafeMutableBufferPointer<cbox_type_entry> {
        let start = UnsafeMutableRawPointer(handle) + MemoryLayout<cbox_table_head>.offset(of: \.types)!
        return UnsafeMutableBufferPointer(
            start: start.assumingMemoryBound(to: cbox_type_entry.self), count: Int(CBOX_TYPE_INDEX))
    }

    /// The overflow index's entries, or `nil` while the table has none.
    var overflowIndexEntries: UnsafeMutableBufferPointer<cbox_type_entry>? {
        UnsafeRawPointer(handle).assumingMemoryBound(to: cbox_table_head.self).pointee.overflow.map {
            UnsafeMutableBufferPointer(start: $0, count: Int(CBOX_TYPE_OVERFLOW))
        }
    }

    /// The invariant the check finds broken while the entry of `type`'s unkeyed identity among `entries` (or,
    /// with `nil`, the first unused one) is changed by `change` in place (to break it on purpose); the entry
    /// is restored afterwards.
    func brokenInvariant(
        whileTheEntryOf type: UnsafeRawPointer?, in entries: UnsafeMutableBufferPointer<cbox_type_entry>,
        _ change: (inout cbox_type_entry) -> Void
    ) -> String? {
        guard let index = entries.firstIndex(where: { $0.type == type && $0.key == UInt64(CBOX_KEY_NONE) }) else {
            return "\(String(describing: type)) is not indexed"
        }
        let kept = entries[index]
        defer { entries[index] = kept }
        change(&entries[index])
        return brokenInvariant
    }

    /// Records an issue when the invariant check finds a broken invariant.
    func expectInvariants(sourceLocation: SourceLocation = #_sourceLocation) {
        guard let broken = brokenInvariant else { return }
        Issue.record("cbox_table_check_invariants: \(broken)", sourceLocation: sourceLocation)
    }

    /// Checks the table against the model: the count, every key's value, the values `cbox_table_value_at`
    /// enumerates, and the shape (power-of-two capacity, load at most one half, an empty slot left).
    func expectMatchesModel(sourceLocation: SourceLocation = #_sourceLocation) {
        let stats = stats
        #expect(stats.count == model.count, sourceLocation: sourceLocation)
        #expect(count == model.count, sourceLocation: sourceLocation)
        #expect(stats.capacity.nonzeroBitCount == 1, sourceLocation: sourceLocation)
        #expect((stats.count + stats.tombstones) * 4 <= stats.capacity * 3, sourceLocation: sourceLocation)
        #expect(stats.count + stats.tombstones < stats.capacity, sourceLocation: sourceLocation)
        for (key, value) in model {
            #expect(find(key) === value, "\(key)", sourceLocation: sourceLocation)
        }
        let enumerated = Set(values.map(ObjectIdentifier.init))
        #expect(enumerated == Set(model.values.map(ObjectIdentifier.init)), sourceLocation: sourceLocation)
    }
}
