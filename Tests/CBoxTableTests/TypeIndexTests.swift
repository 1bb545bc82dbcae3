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

            let indexed = Self.firstTwoOfEachBucket(types)
            #expect(types.suffix(50).contains { indexed.contains($0) }, "some survivors are indexed")
            for type in types {
                let expected =
                    types.prefix(150).contains(type) || !indexed.contains(type) ? nil : fixture.model[Key(type, nil)]
                #expect(fixture.findThroughIndex(type) === expected, "type \(type)")
            }
        }

        @Test func aClearedTypeIsIndexedAgainWhenItIsInsertedAgain() {
            fixture.insert(Key(TypeID.a, nil))
            fixture.clear()
            let again = fixture.makeProbe(for: Key(TypeID.a, nil))
            fixture.insert(Key(TypeID.a, nil), again)

            #expect(fixture.findThroughIndex(TypeID.a) === again)
        }

        @Test func aClearedBucketKeepsItsTypesSoAThirdTypeStaysUnindexed() {
            let types = TypeID.sharingABucket(3)
            fixture.insert(Key(types[0], nil))
            fixture.insert(Key(types[1], nil))
            fixture.clear()
            fixture.insert(Key(types[2], nil))

            #expect(fixture.findThroughIndex(types[2]) == nil)
            #expect(fixture.find(Key(types[2], nil)) === fixture.model[Key(types[2], nil)])
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

        @Test func theInvariantCheckNoticesAnIndexValueThatIsNotTheUnkeyedEntrys() {
            fixture.insert(Key(TypeID.a, nil))
            let stranger = Unmanaged.passUnretained(fixture.makeProbe(for: nil)).toOpaque()

            #expect(
                brokenInvariant(whileTheEntryOf: TypeID.a) { $0.value = stranger }
                    == "the type index holds another value than the unkeyed entry")
        }

        @Test func theInvariantCheckNoticesAnUnkeyedEntryMissingFromABucketWithRoom() {
            fixture.insert(Key(TypeID.a, nil))

            #expect(
                brokenInvariant(whileTheEntryOf: TypeID.a) { $0 = cbox_type_entry(type: nil, value: nil) }
                    == "an unkeyed entry is missing from a bucket with room for it")
        }

        @Test func theInvariantCheckNoticesAValueHeldForATypeWithoutAnUnkeyedEntry() {
            fixture.insert(Key(TypeID.a, nil))
            fixture.remove(Key(TypeID.a, nil))
            let stranger = Unmanaged.passUnretained(fixture.makeProbe(for: nil)).toOpaque()

            #expect(
                brokenInvariant(whileTheEntryOf: TypeID.a) { $0.value = stranger }
                    == "the type index holds a value for a type without an unkeyed entry")
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

        /// The types of `types`, inserted in order into an empty table, that the index holds: the first two
        /// of each bucket.
        static func firstTwoOfEachBucket(_ types: [UnsafeRawPointer]) -> Set<UnsafeRawPointer> {
            var seen: [Int: Int] = [:]
            return Set(
                types.filter { type in
                    seen[cbox_type_bucket(type), default: 0] += 1
                    return seen[cbox_type_bucket(type)]! <= 2
                })
        }

        /// The invariant the check finds broken while the index entry of `type` is changed by `change` in place
        /// (to break it on purpose); the entry is restored afterwards.
        func brokenInvariant(
            whileTheEntryOf type: UnsafeRawPointer, _ change: (inout cbox_type_entry) -> Void
        ) -> String? {
            let start = UnsafeMutableRawPointer(fixture.handle) + MemoryLayout<cbox_table_head>.offset(of: \.types)!
            let entries = UnsafeMutableBufferPointer(
                start: start.assumingMemoryBound(to: cbox_type_entry.self), count: Int(CBOX_TYPE_INDEX))
            guard let index = entries.firstIndex(where: { $0.type == type }) else { return "\(type) is not indexed" }
            let kept = entries[index]
            defer { entries[index] = kept }
            change(&entries[index])
            return fixture.brokenInvariant
        }
    }
}
