import CBoxTable
import Testing

extension CBoxTableSuite {
    /// Which entry a (type id, key) names.
    @Suite struct Lookup {
        let fixture = TableFixture()

        @Test func anInsertedValueIsFoundUnderItsKey() {
            let key = Key(TypeID.a, "service")
            let value = fixture.makeProbe(for: key)

            #expect(!fixture.insert(key, value))
            #expect(fixture.find(key) === value)
            #expect(fixture.count == 1)
            #expect(value.releaseCount == 0)
        }

        @Test func findingAKeyThatWasNeverInsertedReturnsNil() {
            #expect(fixture.find(Key(TypeID.a, "missing")) == nil)
            #expect(fixture.find(Key(TypeID.a, nil)) == nil)

            fixture.insert(Key(TypeID.a, "present"))
            fixture.insert(Key(TypeID.b, "missing"))

            #expect(fixture.find(Key(TypeID.a, "missing")) == nil)
            #expect(fixture.find(Key(TypeID.a, "presen")) == nil)
            #expect(fixture.find(Key(TypeID.a, "present!")) == nil)
            #expect(fixture.find(Key(TypeID.a, nil)) == nil)
            #expect(fixture.find(Key(TypeID.c, "present")) == nil)
        }

        @Test func noKeyAndTheEmptyKeyAreDifferentEntries() {
            let noKey = Key(TypeID.a, nil)
            let emptyKey = Key(TypeID.a, [])
            let noKeyValue = fixture.makeProbe(for: noKey)
            let emptyKeyValue = fixture.makeProbe(for: emptyKey)

            #expect(!fixture.insert(noKey, noKeyValue))
            #expect(!fixture.insert(emptyKey, emptyKeyValue))

            #expect(fixture.count == 2)
            #expect(fixture.find(noKey) === noKeyValue)
            #expect(fixture.find(emptyKey) === emptyKeyValue)

            #expect(fixture.remove(noKey))
            #expect(fixture.find(noKey) == nil)
            #expect(fixture.find(emptyKey) === emptyKeyValue)
        }

        @Test func theSameKeyUnderTwoTypeIdsNamesTwoEntries() {
            let keys = [
                Key(TypeID.int, "name"), Key(TypeID.string, "name"),
                Key(TypeID.int, nil), Key(TypeID.string, nil),
                Key(TypeID.int, "a long key past the inline limit"),
                Key(TypeID.string, "a long key past the inline limit"),
            ]
            for key in keys {
                #expect(!fixture.insert(key))
            }

            #expect(fixture.count == keys.count)
            fixture.expectMatchesModel()

            #expect(fixture.remove(Key(TypeID.int, "name")))
            #expect(fixture.find(Key(TypeID.string, "name")) === fixture.model[Key(TypeID.string, "name")])
            fixture.expectMatchesModel()
        }

        @Test func valueAtEnumeratesEveryLiveValueExactlyOnce() {
            for index in 0..<40 {
                fixture.insert(Key(TypeID.numbered(index % 5), number: index, length: index % 11))
            }
            for index in stride(from: 0, to: 40, by: 3) {
                #expect(fixture.remove(Key(TypeID.numbered(index % 5), number: index, length: index % 11)))
            }

            let values = fixture.values
            #expect(values.count == fixture.model.count)
            fixture.expectMatchesModel()
            #expect(cbox_table_value_at(fixture.handle, fixture.capacity) == nil)
        }
    }
}
