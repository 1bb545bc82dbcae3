import CBoxRuntime
import CBoxTable
import Dispatch
import Foundation
import Testing

/// What reader threads saw, gathered for the test thread to judge (expectations are recorded there only).
final class ReaderTally: Sendable {
    let finds = RelaxedCounter()
    let hits = RelaxedCounter()
    let errors = RelaxedCounter()
    let firstError = Locked<String?>(nil)

    func fail(_ message: String) {
        errors.add(1)
        firstError.withLock { first in
            if first == nil { first = message }
        }
    }

    /// Counts a hit when `found` is `key`'s value and not released yet; otherwise fails with `message`.
    func judge(_ found: UnsafeMutableRawPointer?, for key: Key, otherwise message: String) {
        if let found, Probe.from(found).releaseCount == 0, Probe.from(found).key == key {
            hits.add(1)
        } else {
            fail(message)
        }
    }
}

/// What the writer thread hands back to the test thread.
final class WriterReport: Sendable {
    let failures = Locked<[String]>([])
    let probes = Locked<[Probe]>([])
}

/// Starts `body` on a new thread, entering `group` until it returns.
func spawn(_ group: DispatchGroup, _ body: @escaping @Sendable () -> Void) {
    group.enter()
    Thread {
        body()
        group.leave()
    }.start()
}

/// Waits up to `seconds` for `group`; records an issue when it times out (its threads are then left running).
func finished(
    _ group: DispatchGroup, within seconds: Int, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
    guard group.wait(timeout: .now() + .seconds(seconds)) == .timedOut else { return true }
    Issue.record("\(what) did not finish within \(seconds) s", sourceLocation: sourceLocation)
    return false
}

extension CBoxTableSuite {
    /// Lock-free readers on other threads while one writer mutates the table.
    @TableTestThread @Suite struct Concurrency {
        @Test func aCollectionWaitsForAReaderOnAnotherThreadToLeaveItsReadSection() {
            let fixture = TableFixture()
            let key = Key(TypeID.a, "read on another thread")
            let value = fixture.makeProbe(for: key)
            fixture.insert(key, value)
            let shared = SharedTable(pointer: fixture.handle)
            let entered = DispatchSemaphore(value: 0)
            let mayLeave = DispatchSemaphore(value: 0)
            let reader = DispatchGroup()
            let collector = DispatchGroup()
            let tally = ReaderTally()

            spawn(reader) {
                let reader = cbox_reader_current()
                cbox_read_begin(reader)
                let found = key.find(in: shared.pointer)
                entered.signal()
                mayLeave.wait()
                tally.judge(found, for: key, otherwise: "the value found was gone before the read section ended")
                cbox_read_end(reader)
            }
            entered.wait()
            fixture.remove(key)
            spawn(collector) {
                if let batch = cbox_table_collect(shared.pointer) { cbox_batch_dispose(batch) }
            }
            #expect(collector.wait(timeout: .now() + .milliseconds(100)) == .timedOut, "it waits for the reader")
            #expect(value.releaseCount == 0, "a reader on another thread is still inside its read section")
            mayLeave.signal()
            guard finished(reader, within: 60, "the reader thread") else { return fixture.abandon() }
            guard finished(collector, within: 60, "the collection") else { return fixture.abandon() }

            #expect(value.releaseCount == 1, "released as soon as the reader left")
            #expect(tally.hits.value == 1)
            #expect(tally.errors.value == 0, "\(tally.firstError.withLock { $0 } ?? "")")
        }

        @Test func aValueOnAnotherThreadsChainOutlivesItsReadSectionUntilPopped() {
            let fixture = TableFixture()
            let key = Key(TypeID.a, "held on a chain")
            let value = fixture.makeProbe(for: key)
            fixture.insert(key, value)
            let shared = SharedTable(pointer: fixture.handle)
            let pushed = DispatchSemaphore(value: 0)
            let mayPop = DispatchSemaphore(value: 0)
            let holder = DispatchGroup()
            let tally = ReaderTally()

            spawn(holder) {
                let thread = cbox_thread_current()
                let reader = cbox_thread_reader(thread)
                cbox_read_begin(reader)
                let found = key.find(in: shared.pointer)
                if let found { cbox_chain_push(thread, found, false) }
                cbox_read_end(reader)
                pushed.signal()
                mayPop.wait()
                tally.judge(found, for: key, otherwise: "the value held on the chain was gone before it was popped")
                if found != nil { _ = cbox_chain_pop(thread) }
            }
            pushed.wait()
            fixture.remove(key)
            #expect(fixture.collect() == 0, "held on the chain: neither released nor waited for")
            #expect(value.releaseCount == 0 && fixture.stats.retired >= 1, "it stays retired")
            mayPop.signal()
            guard finished(holder, within: 60, "the holding thread") else { return fixture.abandon() }

            fixture.drain()
            #expect(value.releaseCount == 1)
            #expect(tally.hits.value == 1)
            #expect(tally.errors.value == 0, "\(tally.firstError.withLock { $0 } ?? "")")
        }

        static let keys: [Key] =
            [Key(TypeID.a, nil), Key(TypeID.b, nil), Key(TypeID.a, []), Key(TypeID.a, "a\0b"), Key(TypeID.a, "a\0c")]
            + (0..<27).map { Key(TypeID.numbered($0 % 4), number: $0, length: 2 + $0 % 14) }
            + TypeID.sharingABucket(3).map { Key($0, nil) }
        static let neverInserted: [Key] = [Key(TypeID.c, nil), Key(TypeID.a, "never"), Key(TypeID.a, "never, ever")]

        @Test func readersOnlyEverSeeValuesInsertedForTheirKeyWhileAWriterMutates() {
            let fixture = TableFixture()
            let missing = Self.neverInserted
            guard
                let (tally, report) = Self.race(
                    fixture, keys: Self.keys, readers: 3, rounds: 30_000,
                    alsoEachPass: { shared, tally in
                        for key in missing {
                            let reader = cbox_reader_current()
                            cbox_read_begin(reader)
                            let found = key.find(in: shared.pointer)
                            let indexed =
                                cbox_key_word_is_indexed(key.word)
                                ? cbox_table_index_entry(shared.pointer, key.type, key.word) : nil
                            cbox_read_end(reader)
                            if found != nil { tally.fail("found a value for \(key), which was never inserted") }
                            if indexed != nil {
                                tally.fail("the type index found a value for \(key), which was never inserted")
                            }
                        }
                    })
            else { return fixture.abandon() }

            #expect(report.failures.withLock { $0 } == [])
            #expect(tally.errors.value == 0, "\(tally.firstError.withLock { $0 } ?? "")")
            #expect(tally.hits.value > 0, "readers overlapped the writer")
            fixture.drain()
            fixture.destroy()
            let probes = report.probes.withLock { $0 }
            #expect(probes.count == 30_000 * 7 / 10, "one value per insert")
            #expect(probes.allSatisfy { $0.releaseCount == 1 }, "every value is released exactly once")
            #expect(fixture.ledger.released.value == probes.count)
        }

        @Test func readersOnlyEverSeeValuesInsertedForTheirKeyWhileTheOverflowIndexIsMadeAndUsed() {
            let keys =
                TypeID.sharingABucket(3).map { Key($0, nil) }
                + (0..<500).map { Key(TypeID.numbered(200_000 + $0), nil) }
                + (0..<400).map { Key(TypeID.a, "k\($0)") }
                + (0..<20).map { Key(TypeID.b, "a key too long for the indexes, number \($0)") }
            let fixture = TableFixture()
            guard let (tally, report) = Self.race(fixture, keys: keys, readers: 2, rounds: 10_000) else {
                return fixture.abandon()
            }

            #expect(report.failures.withLock { $0 } == [])
            #expect(tally.errors.value == 0, "\(tally.firstError.withLock { $0 } ?? "")")
            #expect(tally.hits.value > 0, "readers overlapped the writer")
            #expect(fixture.overflowIndexEntries != nil, "the writer made the overflow index")
            fixture.drain()
            fixture.destroy()
            #expect(report.probes.withLock { $0 }.allSatisfy { $0.releaseCount == 1 }, "released exactly once")
        }

        /// Runs `readers` threads that read every key of `keys` (`read`), then do `alsoEachPass`, until one
        /// writer thread has run `rounds` rounds of `write` over them; returns what they saw, or `nil` when a
        /// thread did not finish in time (the caller then abandons the fixture).
        nonisolated static func race(
            _ fixture: TableFixture, keys: [Key], readers: Int, rounds: Int,
            alsoEachPass: @escaping @Sendable (SharedTable, ReaderTally) -> Void = { _, _ in }
        ) -> (tally: ReaderTally, report: WriterReport)? {
            let shared = SharedTable(pointer: fixture.handle)
            let ledger = fixture.ledger
            let writerDone = Flag()
            let tally = ReaderTally()
            let report = WriterReport()
            let readerGroup = DispatchGroup()
            let writerGroup = DispatchGroup()
            for _ in 0..<readers {
                spawn(readerGroup) {
                    var lastSerial = [Int](repeating: 0, count: keys.count)
                    var lastIndexedSerial = [Int](repeating: 0, count: keys.count)
                    var lastReadySerial = [Int](repeating: 0, count: keys.count)
                    var lastSlotReadySerial = [Int](repeating: 0, count: keys.count)
                    while !writerDone.isRaised {
                        for (index, key) in keys.enumerated() {
                            read(
                                key, at: index, in: shared, lastSerial: &lastSerial,
                                lastIndexedSerial: &lastIndexedSerial, lastReadySerial: &lastReadySerial,
                                lastSlotReadySerial: &lastSlotReadySerial, tally: tally)
                        }
                        alsoEachPass(shared, tally)
                    }
                }
            }
            spawn(writerGroup) {
                write(rounds: rounds, keys: keys, to: shared, ledger: ledger, report: report)
                writerDone.raise()
            }
            guard finished(writerGroup, within: 300, "the writer thread"),
                finished(readerGroup, within: 60, "the reader threads")
            else { return nil }
            return (tally, report)
        }

        /// One find of the key's slot (and, for an unkeyed or short key, a look in the type index first), in its
        /// own read section, judged while the section still protects what it found: each value and each ready
        /// object found. Each value found (the index's, the slot's) is then published as its own ready object.
        nonisolated static func read(
            _ key: Key, at index: Int, in shared: SharedTable, lastSerial: inout [Int],
            lastIndexedSerial: inout [Int], lastReadySerial: inout [Int], lastSlotReadySerial: inout [Int],
            tally: ReaderTally
        ) {
            let reader = cbox_reader_current()
            cbox_read_begin(reader)
            defer { cbox_read_end(reader) }
            tally.finds.add(1)
            // The type index follows the slot within the same write, so it may lag what a find saw: each keeps
            // its own last serial, and each only ever advances. A ready object published for a value that was
            // replaced meanwhile would be found released, or older than one found before.
            if cbox_key_word_is_indexed(key.word),
                let entry = cbox_table_index_entry(shared.pointer, key.type, key.word)
            {
                if let ready = cbox_type_entry_ready(entry) {
                    guard check(ready, for: key, foundBy: "a ready object", last: &lastReadySerial[index], tally: tally)
                    else { return }
                }
                if let indexed = cbox_type_entry_value(entry) {
                    guard
                        check(
                            indexed, for: key, foundBy: "the type index", last: &lastIndexedSerial[index], tally: tally)
                    else { return }
                    _ = key.publish(indexed, for: indexed, in: shared.pointer)
                }
            }
            guard let slot = key.findSlot(in: shared.pointer) else { return }
            if let ready = cbox_slot_ready(slot) {
                guard
                    check(
                        ready, for: key, foundBy: "a slot's ready object", last: &lastSlotReadySerial[index],
                        tally: tally)
                else { return }
            }
            let found = cbox_slot_value(slot)
            guard check(found, for: key, foundBy: "a find", last: &lastSerial[index], tally: tally) else { return }
            _ = key.publish(found, for: found, in: shared.pointer)
            tally.hits.add(1)
        }

        /// Whether `found`, which `finder` found for `key`, is a value inserted for `key`, not yet released and
        /// no older than `last` (it then becomes `last`); otherwise records why not.
        nonisolated static func check(
            _ found: UnsafeMutableRawPointer, for key: Key, foundBy finder: String, last: inout Int, tally: ReaderTally
        ) -> Bool {
            let probe = Probe.from(found)
            guard probe.magic == Probe.expectedMagic, probe.key == key else {
                tally.fail("\(finder) found a value inserted for another key under \(key)")
                return false
            }
            guard probe.releaseCount == 0 else {
                tally.fail("\(finder) found value #\(probe.serial) for \(key) after the table released it")
                return false
            }
            guard probe.serial >= last else {
                tally.fail("\(finder) found value #\(probe.serial) for \(key) after #\(last)")
                return false
            }
            last = probe.serial
            return true
        }

        /// The single writer: inserts (or replaces), removes and now and then clears, in a fixed pseudo-random
        /// order, checking each result and every invariant; collects every 32 mutations. Reports what failed and
        /// every value it made.
        nonisolated static func write(
            rounds: Int, keys: [Key], to shared: SharedTable, ledger: Ledger, report: WriterReport
        ) {
            var failures: [String] = []
            var present = Set<Int>()
            var probes: [Probe] = []
            var random: UInt64 = 0x9E37_79B9_7F4A_7C15
            func check(_ what: @autoclosure () -> String) {
                if let broken = cbox_table_check_invariants(shared.pointer) {
                    failures.append("\(what()): \(String(cString: broken))")
                }
            }
            for round in 0..<rounds {
                random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let index = Int((random >> 33) % UInt64(keys.count))
                let key = keys[index]
                if round % 10 < 7 {
                    let probe = Probe(ledger, key: key, serial: probes.count + 1)
                    probes.append(probe)
                    let replaced = key.withBytes {
                        cbox_table_insert(
                            shared.pointer, key.hash, key.type, $0, $1, cbox_key_word($0, $1, $2),
                            probe.retainedForTable())
                    }
                    if replaced != present.contains(index) { failures.append("insert \(key) replaced \(replaced)") }
                    present.insert(index)
                    check("insert \(key)")
                } else if round % 2_500 != 2_499 {
                    let removed = key.withBytes {
                        cbox_table_remove(shared.pointer, key.hash, key.type, $0, $1, cbox_key_word($0, $1, $2))
                    }
                    if removed != present.contains(index) { failures.append("remove \(key) returned \(removed)") }
                    present.remove(index)
                    check("remove \(key)")
                } else {
                    cbox_table_clear(shared.pointer)
                    present.removeAll()
                    check("clear")
                }
                if round % 32 == 31 {
                    let batch = cbox_table_collect(shared.pointer)
                    check("collect")
                    if let batch { cbox_batch_dispose(batch) }
                }
            }
            if cbox_table_count(shared.pointer) != present.count { failures.append("the count drifted") }
            report.probes.withLock { $0 = probes }
            report.failures.withLock { $0 = failures }
        }
    }
}
