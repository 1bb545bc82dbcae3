import BoxKitTestSupport
import CBoxTable
import Foundation
import Testing

extension CBoxTableSuite {
    /// The shared empty table, which an owner's readers load until its first insert makes it a table of its own.
    @Suite struct EmptyTable {
        let empty = cbox_table_empty()

        @Test func everyLookupInTheEmptyTableMisses() {
            let reader = cbox_reader_current()
            cbox_read_begin(reader)
            defer { cbox_read_end(reader) }
            let keys = [
                Key(TypeID.a, nil), Key(TypeID.a, []), Key(TypeID.a, "short"), Key(TypeID.b, "a key past seven bytes"),
            ]
            for key in keys {
                #expect(key.find(in: empty) == nil)
                #expect(key.findSlot(in: empty) == nil)
                #expect(cbox_table_index_entry(empty, key.type, key.word) == nil)
            }
            #expect(cbox_table_find_type(empty, TypeID.int) == nil)
            var hash: UInt64 = 0
            #expect(!cbox_table_noted_hash(empty, TypeID.a, 1, 2, &hash))
        }

        @Test func theEmptyTableHoldsNothingAndKeepsItsInvariants() {
            #expect(cbox_table_count(empty) == 0)
            #expect(cbox_table_check_invariants(empty) == nil)
            #expect(!cbox_table_collect_is_due(empty))
            var stats = cbox_table_stats()
            cbox_table_get_stats(empty, &stats)
            #expect(stats.count == 0 && stats.tombstones == 0 && stats.retired == 0)
        }

        @Test func everyCallReturnsTheSameTable() {
            #expect(cbox_table_empty() == empty)
        }

        /// In a process of its own, where no call has made the table yet.
        @Test func firstCallsOnManyThreadsAtOnceReturnOneTable() async {
            await #expect(processExitsWith: .success) {
                let tables = Mutexed<Set<UInt>>([])
                let go = DispatchSemaphore(value: 0)
                let done = DispatchGroup()
                for _ in 0..<8 {
                    spawn(done) {
                        go.wait()
                        tables.mutate { $0.insert(UInt(bitPattern: UnsafeRawPointer(cbox_table_empty()))) }
                    }
                }
                for _ in 0..<8 { go.signal() }
                done.wait()
                exit(tables.value.count == 1 ? 0 : 1)
            }
        }
    }
}
