import CBoxTable
import Testing

extension CBoxTableSuite {
    /// When values leave the table: after a grace period, through collect and dispose, on clear and destroy.
    @Suite struct Reclamation {
        let fixture = TableFixture()

        @Test func collectReturnsNoBatchWhenNoValueWasRetired() {
            #expect(fixture.collectBatchOnce() == nil)
            for index in 0..<100 { fixture.insert(Key(TypeID.a, number: index, length: 4)) }
            #expect(fixture.stats.retired > 0, "growing retired the old slot arrays")

            #expect(fixture.collectBatchOnce() == nil, "retired arrays are freed, not released")
            fixture.drain()
            #expect(fixture.ledger.released.value == 0)
        }

        @Test func growingASmallTableDoesNotMakeACollectionDue() {
            for index in 0..<200 { fixture.insert(Key(TypeID.a, number: index, length: 4)) }
            #expect(fixture.stats.retired > 0, "growing retired the old slot arrays")
            #expect(fixture.stats.retired_bytes > 0)
            #expect(!cbox_table_collect_is_due(fixture.handle), "a few small arrays are not worth a grace period")
            fixture.drain()
            #expect(fixture.stats.retired_bytes == 0)
        }

        @Test func aRetiredValueMakesACollectionDue() {
            let key = Key(TypeID.a, "replaced")
            fixture.insert(key)
            fixture.drain()
            #expect(!cbox_table_collect_is_due(fixture.handle))
            fixture.insert(key)
            #expect(cbox_table_collect_is_due(fixture.handle), "releasing the replaced value is never deferred")
            fixture.drain()
            #expect(!cbox_table_collect_is_due(fixture.handle))
        }

        @Test func retiredArraysPastTheSlackMakeACollectionDue() {
            var index = 0
            while !cbox_table_collect_is_due(fixture.handle) && index < 5_000 {
                fixture.insert(Key(TypeID.a, number: index, length: 4))
                index += 1
            }
            #expect(fixture.stats.retired_bytes >= 64 * 1_024)
            #expect(index < 5_000, "the arrays of a few thousand entries pass the slack")
            fixture.drain()
            #expect(fixture.stats.retired_bytes == 0)
            #expect(!cbox_table_collect_is_due(fixture.handle))
        }

        @Test func aValueFoundInAReadSectionOutlivesItsRemovalUntilTheSectionEnds() {
            let key = Key(TypeID.a, "held by a reader")
            let value = fixture.makeProbe(for: key)
            fixture.insert(key, value)

            let reader = cbox_reader_current()
            cbox_read_begin(reader)
            let found = key.find(in: fixture.handle)
            fixture.remove(key)
            fixture.collect()
            #expect(value.releaseCount == 0, "the reader may still use it")
            #expect(found.map(Probe.from)?.magic == Probe.expectedMagic)
            cbox_read_end(reader)

            fixture.drain()
            #expect(value.releaseCount == 1)
        }

        @Test func nestedReadSectionsHoldValuesUntilTheOutermostEnds() {
            let key = Key(TypeID.b, nil)
            let value = fixture.makeProbe(for: key)
            fixture.insert(key, value)

            let reader = cbox_reader_current()
            cbox_read_begin(reader)
            cbox_read_begin(reader)
            #expect(fixture.find(key) === value)
            fixture.insert(key)
            cbox_read_end(reader)
            fixture.collect()
            #expect(value.releaseCount == 0, "still inside the outer section")
            cbox_read_end(reader)

            fixture.drain()
            #expect(value.releaseCount == 1)
        }

        @Test func clearReleasesEveryValueAfterCollectAndDispose() {
            let keys = (0..<50).map { Key(TypeID.numbered($0 % 3), number: $0, length: 2 + $0 % 12) }
            for key in keys { fixture.insert(key) }
            let values = Array(fixture.model.values)

            fixture.clear()
            #expect(values.allSatisfy { $0.releaseCount == 0 }, "released only once collected")
            #expect(fixture.count == 0)

            fixture.drain()
            #expect(values.allSatisfy { $0.releaseCount == 1 })
            #expect(fixture.ledger.released.value == values.count)
        }

        @Test func aClearedTableIsEmptyAndStillWorks() {
            for index in 0..<50 { fixture.insert(Key(TypeID.a, number: index, length: 2 + index % 12)) }
            fixture.clear()

            #expect(fixture.count == 0)
            #expect(fixture.values.isEmpty)
            #expect(fixture.stats.tombstones == 0)
            #expect(fixture.find(Key(TypeID.a, number: 3, length: 5)) == nil)

            #expect(!fixture.insert(Key(TypeID.a, number: 3, length: 5)), "a cleared key is new again")
            for index in 100..<150 { fixture.insert(Key(TypeID.b, number: index, length: 2 + index % 12)) }
            #expect(fixture.remove(Key(TypeID.b, number: 120, length: 2 + 120 % 12)))
            fixture.expectMatchesModel()

            fixture.clear()
            fixture.clear()
            #expect(fixture.count == 0)
            fixture.drain()
            #expect(fixture.ledger.released.value == 101)
        }

        @Test func destroyReleasesEveryLiveAndRetiredValueOnce() {
            var values: [Probe] = []
            func insert(_ key: Key) {
                let value = fixture.makeProbe(for: key)
                values.append(value)
                fixture.insert(key, value)
            }
            for index in 0..<40 { insert(Key(TypeID.a, number: index, length: 2 + index % 12)) }
            fixture.drain()
            for index in 0..<10 { insert(Key(TypeID.a, number: index, length: 2 + index % 12)) }  // replaced
            for index in 10..<20 { fixture.remove(Key(TypeID.a, number: index, length: 2 + index % 12)) }
            fixture.collect()  // some released now, the rest left for destroy
            for index in 20..<25 { fixture.remove(Key(TypeID.a, number: index, length: 2 + index % 12)) }
            for index in 0..<5 { insert(Key(TypeID.a, number: index, length: 2 + index % 12)) }  // replaced again
            #expect(fixture.stats.retired > 0)
            #expect(fixture.count == 25)

            weak let weakValue = values.last
            fixture.destroy()

            #expect(values.allSatisfy { $0.releaseCount == 1 })
            #expect(fixture.ledger.released.value == values.count)
            values.removeAll()
            #expect(weakValue == nil)
            #expect(fixture.ledger.deallocated.value == 55)
        }

        @Test func destroyReleasesValuesRetiredWhileAReaderWasInside() {
            let key = Key(TypeID.c, "retired under a reader")
            let value = fixture.makeProbe(for: key)
            fixture.insert(key, value)
            let reader = cbox_reader_current()
            cbox_read_begin(reader)
            fixture.remove(key)
            fixture.collect()
            cbox_read_end(reader)
            #expect(value.releaseCount == 0)

            fixture.destroy()
            #expect(value.releaseCount == 1)
        }
    }
}
