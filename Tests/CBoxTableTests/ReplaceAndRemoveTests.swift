import CBoxTable
import Testing

extension CBoxTableSuite {
    /// Replacing and removing entries, and when their values are released.
    @Suite struct ReplaceAndRemove {
        let fixture = TableFixture()

        @Test func insertingAnExistingKeyReplacesItsValue() {
            let key = Key(TypeID.a, "service")
            let old = fixture.makeProbe(for: key)
            let new = fixture.makeProbe(for: key)

            #expect(!fixture.insert(key, old))
            #expect(fixture.insert(key, new))

            #expect(fixture.find(key) === new)
            #expect(fixture.count == 1)
        }

        @Test func aReplacedValueIsReleasedOnlyAfterCollectAndDispose() {
            let key = Key(TypeID.a, "a key stored out of line")
            let old = fixture.makeProbe(for: key)
            let new = fixture.makeProbe(for: key)
            fixture.insert(key, old)
            fixture.insert(key, new)
            #expect(old.releaseCount == 0)
            #expect(fixture.stats.retired >= 1)

            let batch = fixture.collectBatch()
            #expect(old.releaseCount == 0, "collect must leave releasing to the batch")
            #expect(batch != nil)
            if let batch { cbox_batch_dispose(batch) }

            #expect(old.releaseCount == 1)
            #expect(new.releaseCount == 0)
            #expect(fixture.find(key) === new)

            fixture.collect()
            fixture.destroy()
            #expect(old.releaseCount == 1, "an old value is released once, never again")
            #expect(new.releaseCount == 1)
        }

        @Test func replacingRepeatedlyReleasesEachOldValueOnce() {
            let key = Key(TypeID.b, nil)
            let values = (0..<10).map { _ in fixture.makeProbe(for: key) }
            #expect(!fixture.insert(key, values[0]))
            for value in values.dropFirst() {
                #expect(fixture.insert(key, value))
            }
            #expect(values.allSatisfy { $0.releaseCount == 0 })

            fixture.drain()

            #expect(values.dropLast().allSatisfy { $0.releaseCount == 1 })
            #expect(values.last!.releaseCount == 0)
            #expect(fixture.find(key) === values.last)
        }

        @Test func removeReturnsTrueOnceAndFalseAfterwards() {
            let key = Key(TypeID.a, "service")
            fixture.insert(key)

            #expect(fixture.remove(key))
            #expect(!fixture.remove(key))
            #expect(!fixture.remove(key))
            #expect(fixture.count == 0)
        }

        @Test func aRemovedKeyIsNotFoundAndOtherKeysStay() {
            let keys = (0..<12).map { Key(TypeID.a, number: $0, length: $0) }
            for key in keys { fixture.insert(key) }

            #expect(fixture.remove(keys[5]))

            #expect(fixture.find(keys[5]) == nil)
            fixture.expectMatchesModel()
        }

        @Test func aRemovedValueIsReleasedOnlyAfterCollectAndDispose() {
            let key = Key(TypeID.c, "gone")
            let value = fixture.makeProbe(for: key)
            fixture.insert(key, value)

            fixture.remove(key)
            #expect(value.releaseCount == 0)

            let batch = fixture.collectBatch()
            #expect(value.releaseCount == 0, "collect must leave releasing to the batch")
            #expect(batch != nil)
            if let batch { cbox_batch_dispose(batch) }
            #expect(value.releaseCount == 1)

            fixture.collect()
            fixture.destroy()
            #expect(value.releaseCount == 1, "a removed value is released once, never again")
        }

        @Test func aRemovedValueWithNoOtherOwnerIsDeallocatedAfterCollect() {
            let key = Key(TypeID.a, nil)
            weak var weakValue: Probe?
            do {
                let value = fixture.makeProbe(for: key)
                weakValue = value
                fixture.insert(key, value)
            }
            #expect(weakValue != nil, "the table keeps its value alive")

            fixture.remove(key)
            #expect(weakValue != nil, "a removed value lives until it is collected")

            fixture.drain()
            #expect(weakValue == nil)
        }

        @Test func removingAMissingKeyRetiresNothing() {
            fixture.insert(Key(TypeID.a, "present"))
            fixture.drain()

            #expect(!fixture.remove(Key(TypeID.a, "absent")))
            #expect(!fixture.remove(Key(TypeID.b, "present")))

            #expect(fixture.stats.retired == 0)
            #expect(fixture.count == 1)
            #expect(fixture.ledger.released.value == 0)
        }

        @Test func aRemovedKeyCanBeInsertedAgainAsANewEntry() {
            let key = Key(TypeID.a, "again and again")
            fixture.insert(key)
            fixture.remove(key)

            let value = fixture.makeProbe(for: key)
            #expect(!fixture.insert(key, value), "re-inserting a removed key is not a replacement")
            #expect(fixture.find(key) === value)
            #expect(fixture.count == 1)
        }
    }
}
