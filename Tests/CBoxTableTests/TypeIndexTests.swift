import CBoxTable
import Testing

extension CBoxTableSuite {
    /// `cbox_table_find_type`: the type index, which finds a type's unkeyed entry without a hash or a probe,
    /// and follows every write to it. (The fixture checks after each write that the index holds exactly the
    /// values of the unkeyed entries of the types it holds.)
    @Suite struct TypeIndex {
        let fixture = TableFixture()

        @Test func anUnkeyedEntryIsFoundByItsTypeAlone() {
            let value = fixture.makeProbe(for: Key(TypeID.a, nil))
            fixture.insert(Key(TypeID.a, nil), value)

            #expect(fixture.findThroughIndex(TypeID.a) === value)
        }

        @Test func aTypeWithOnlyKeyedEntriesIsNotFoundByTypeAlone() {
            fixture.insert(Key(TypeID.a, "BMW"))
            fixture.insert(Key(TypeID.a, []))

            #expect(fixture.findThroughIndex(TypeID.a) == nil)
        }

        @Test func aKeyedEntryLeavesItsTypesUnkeyedEntryInTheIndex() {
            let unkeyed = fixture.makeProbe(for: Key(TypeID.a, nil))
            fixture.insert(Key(TypeID.a, nil), unkeyed)
            fixture.insert(Key(TypeID.a, "BMW"))
            fixture.remove(Key(TypeID.a, "BMW"))

            #expect(fixture.findThroughIndex(TypeID.a) === unkeyed)
        }

        @Test func aReplacementIsFoundByTypeAlone() {
            let key = Key(TypeID.b, nil)
            fixture.insert(key)
            let replacement = fixture.makeProbe(for: key)
            fixture.insert(key, replacement)

            #expect(fixture.findThroughIndex(TypeID.b) === replacement)
        }

        @Test func aRemovedEntryIsNotFoundByTypeAloneUntilItIsInsertedAgain() {
            let key = Key(TypeID.c, nil)
            fixture.insert(key)
            fixture.remove(key)
            #expect(fixture.findThroughIndex(TypeID.c) == nil)

            let again = fixture.makeProbe(for: key)
            fixture.insert(key, again)
            #expect(fixture.findThroughIndex(TypeID.c) === again)
        }

        @Test func clearingEmptiesTheIndex() {
            fixture.insert(Key(TypeID.a, nil))
            fixture.insert(Key(TypeID.b, nil))
            fixture.clear()

            #expect(fixture.findThroughIndex(TypeID.a) == nil)
            #expect(fixture.findThroughIndex(TypeID.b) == nil)
        }

        @Test func theIndexFollowsItsEntriesWhenTheTableGrowsAndShedsTombstones() {
            let types = (0..<200).map(TypeID.numbered)
            for type in types { fixture.insert(Key(type, nil)) }
            for type in types.prefix(150) { fixture.remove(Key(type, nil)) }

            for type in types {
                let found = fixture.findThroughIndex(type)
                #expect(found == nil || found === fixture.model[Key(type, nil)])
            }
            #expect(types.suffix(50).contains { fixture.findThroughIndex($0) != nil })
        }

        @Test func twoTypesThatShareABucketAreBothIndexed() {
            let types = TypeID.sharingABucket(2)
            let values = types.map { fixture.makeProbe(for: Key($0, nil)) }
            for (type, value) in zip(types, values) { fixture.insert(Key(type, nil), value) }

            #expect(fixture.findThroughIndex(types[0]) === values[0])
            #expect(fixture.findThroughIndex(types[1]) === values[1])
        }

        @Test func aThirdTypeInAFullBucketIsNotIndexedButIsStillFound() {
            let types = TypeID.sharingABucket(3)
            for type in types { fixture.insert(Key(type, nil)) }
            let third = Key(types[2], nil)

            #expect(fixture.findThroughIndex(types[2]) == nil)
            #expect(fixture.find(third) === fixture.model[third])
        }

        @Test func aBucketKeepsItsTypesAfterTheirEntriesAreRemoved() {
            let types = TypeID.sharingABucket(3)
            fixture.insert(Key(types[0], nil))
            fixture.insert(Key(types[1], nil))
            fixture.remove(Key(types[0], nil))
            fixture.insert(Key(types[2], nil))

            #expect(fixture.findThroughIndex(types[2]) == nil)
            let back = fixture.makeProbe(for: Key(types[0], nil))
            fixture.insert(Key(types[0], nil), back)
            #expect(fixture.findThroughIndex(types[0]) === back)
        }
    }
}
