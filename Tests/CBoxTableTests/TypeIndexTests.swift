import CBoxTable
import Testing

extension CBoxTableSuite {
    /// The type index, which finds an unkeyed or short-keyed entry without a hash or a probe, and follows
    /// every write to it; and the ready objects published there for the values it holds. (The fixture checks
    /// after each write that the index holds exactly the values of the entries of the identities it holds.)
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

        @Test func aThirdTypeInAFullBucketOfASmallTableIsNotIndexedButIsStillFound() {
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
                brokenInvariant(whileTheEntryOf: TypeID.a) {
                    $0.value = stranger
                    $0.ready = Self.token(of: stranger)
                }
                    == "the type index holds another value than its entry")
        }

        @Test func theInvariantCheckNoticesAnUnkeyedEntryMissingFromABucketWithRoom() {
            fixture.insert(Key(TypeID.a, nil))

            #expect(
                brokenInvariant(whileTheEntryOf: TypeID.a) { $0 = cbox_type_entry() }
                    == "an unkeyed or short-keyed entry is missing from a bucket with room for it")
        }

        @Test func theInvariantCheckNoticesAValueHeldForATypeWithoutAnUnkeyedEntry() {
            fixture.insert(Key(TypeID.a, nil))
            fixture.remove(Key(TypeID.a, nil))
            let stranger = Unmanaged.passUnretained(fixture.makeProbe(for: nil)).toOpaque()

            #expect(
                brokenInvariant(whileTheEntryOf: TypeID.a) {
                    $0.value = stranger
                    $0.ready = Self.token(of: stranger)
                }
                    == "the type index holds a value for an identity without an entry")
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

        // MARK: Short keys

        @Test func aShortKeyedEntryIsFoundThroughTheIndexByItsTypeAndKey() {
            let key = Key(TypeID.a, "BMW")
            let value = fixture.makeProbe(for: key)
            fixture.insert(key, value)

            #expect(fixture.findThroughIndex(key) === value)
            #expect(fixture.findThroughIndex(TypeID.a) == nil, "the type's unkeyed entry is another")
            #expect(fixture.findThroughIndex(Key(TypeID.a, "BMX")) == nil)
        }

        @Test func theUnkeyedAndTheShortKeyedEntriesOfATypeAreIndexedApart() {
            let (unkeyed, keyed, empty) = (Key(TypeID.b, nil), Key(TypeID.b, "k1"), Key(TypeID.b, []))
            let values = [unkeyed, keyed, empty].map { fixture.makeProbe(for: $0) }
            for (key, value) in zip([unkeyed, keyed, empty], values) { fixture.insert(key, value) }
            let object = fixture.makeProbe(for: nil)
            fixture.publish(object, for: values[1], of: keyed)

            #expect(fixture.findThroughIndex(unkeyed) === values[0])
            #expect(fixture.findThroughIndex(keyed) === values[1])
            #expect(fixture.findThroughIndex(empty) === values[2], "the empty key is a key, not none")
            #expect(fixture.readyThroughIndex(unkeyed) == nil && fixture.readyThroughIndex(empty) == nil)
            #expect(fixture.readyThroughIndex(keyed) === object)
        }

        @Test func anUnkeyedAndAKeyedEntryInOneBucketAreToldApartByTheirKeys() {
            let type = TypeID.a
            let key = try! #require(
                (0..<10_000).lazy.map { Key(type, "k\($0)") }.first {
                    cbox_index_bucket(type, $0.word) == cbox_type_bucket(type)
                })
            let (unkeyed, keyed) = (fixture.makeProbe(for: Key(type, nil)), fixture.makeProbe(for: key))
            fixture.insert(Key(type, nil), unkeyed)
            fixture.insert(key, keyed)
            let object = fixture.makeProbe(for: nil)
            fixture.publish(object, for: keyed, of: key)

            #expect(fixture.findThroughIndex(Key(type, nil)) === unkeyed)
            #expect(fixture.findThroughIndex(key) === keyed)
            #expect(fixture.readyThroughIndex(Key(type, nil)) == nil)
            #expect(fixture.readyThroughIndex(key) === object)
            #expect(!fixture.publish(object, for: keyed, of: Key(type, nil)), "the unkeyed entry holds another value")
        }

        @Test func aNonASCIIShortKeyIsNotIndexed() {
            let key = Key(TypeID.a, "é")
            fixture.insert(key)

            #expect(!cbox_key_word_is_indexed(key.word))
            #expect(fixture.findThroughIndex(key) == nil)
        }

        @Test func aKeyLongerThanSevenBytesIsNeverIndexed() {
            let key = Key(TypeID.a, "eight888")
            let value = fixture.makeProbe(for: key)
            fixture.insert(key, value)
            fixture.publish(fixture.makeProbe(for: nil), for: value, of: key)

            #expect(!cbox_key_word_is_indexed(key.word))
            #expect(fixture.findThroughIndex(key) == nil)
            #expect(fixture.readyThroughIndex(key) == nil)
        }

        // MARK: Ready objects (`cbox_table_publish_ready`, `cbox_type_entry_ready`)

        @Test func anObjectPublishedForTheIndexedValueIsReadFromTheIndex() {
            let (value, object) = (fixture.makeProbe(for: Key(TypeID.a, nil)), fixture.makeProbe(for: nil))
            fixture.insert(Key(TypeID.a, nil), value)
            #expect(fixture.readyThroughIndex(Key(TypeID.a, nil)) == nil, "nothing is published by an insert")

            #expect(fixture.publish(object, for: value, of: Key(TypeID.a, nil)))
            #expect(fixture.readyThroughIndex(Key(TypeID.a, nil)) === object)
            #expect(fixture.findThroughIndex(TypeID.a) === value, "the value stays indexed")
        }

        @Test func aSecondPublicationKeepsTheFirstObject() {
            let value = fixture.makeProbe(for: Key(TypeID.a, nil))
            let (first, second) = (fixture.makeProbe(for: nil), fixture.makeProbe(for: nil))
            fixture.insert(Key(TypeID.a, nil), value)
            fixture.publish(first, for: value, of: Key(TypeID.a, nil))

            #expect(!fixture.publish(second, for: value, of: Key(TypeID.a, nil)))
            #expect(fixture.readyThroughIndex(Key(TypeID.a, nil)) === first)
        }

        @Test func anObjectForAValueNoLongerIndexedIsNotPublished() {
            let key = Key(TypeID.b, nil)
            let (old, replacement) = (fixture.makeProbe(for: key), fixture.makeProbe(for: key))
            fixture.insert(key, old)
            fixture.insert(key, replacement)

            #expect(!fixture.publish(fixture.makeProbe(for: nil), for: old, of: Key(TypeID.b, nil)))
            #expect(fixture.readyThroughIndex(Key(TypeID.b, nil)) == nil)
            let object = fixture.makeProbe(for: nil)
            #expect(fixture.publish(object, for: replacement, of: Key(TypeID.b, nil)))
            #expect(fixture.readyThroughIndex(Key(TypeID.b, nil)) === object)
        }

        @Test func aReplacementWithdrawsThePublishedObject() {
            let key = Key(TypeID.b, nil)
            let value = fixture.makeProbe(for: key)
            fixture.insert(key, value)
            fixture.publish(fixture.makeProbe(for: nil), for: value, of: Key(TypeID.b, nil))
            fixture.insert(key)

            #expect(fixture.readyThroughIndex(Key(TypeID.b, nil)) == nil)
        }

        @Test func aRemovalOrAClearWithdrawsThePublishedObject() {
            for empty: () -> Void in [{ _ = fixture.remove(Key(TypeID.c, nil)) }, { fixture.clear() }] {
                let value = fixture.makeProbe(for: Key(TypeID.c, nil))
                fixture.insert(Key(TypeID.c, nil), value)
                fixture.publish(fixture.makeProbe(for: nil), for: value, of: Key(TypeID.c, nil))
                empty()

                #expect(fixture.readyThroughIndex(Key(TypeID.c, nil)) == nil)
                #expect(!fixture.publish(fixture.makeProbe(for: nil), for: value, of: Key(TypeID.c, nil)))
            }
        }

        @Test func aTypeNeitherIndexHoldsHasItsObjectPublishedInItsSlotAlone() {
            let types = TypeID.sharingABucket(3)
            for type in types { fixture.insert(Key(type, nil)) }
            let third = fixture.model[Key(types[2], nil)]!
            let object = fixture.makeProbe(for: nil)

            #expect(fixture.publish(object, for: third, of: Key(types[2], nil)))
            #expect(fixture.readyThroughIndex(Key(types[2], nil)) == nil)
            #expect(fixture.readyThroughSlot(Key(types[2], nil)) === object)
        }

        @Test func anObjectWhoseLowBitIsSetIsNotPublished() {
            let value = fixture.makeProbe(for: Key(TypeID.a, nil))
            fixture.insert(Key(TypeID.a, nil), value)
            let tagged = UnsafeRawPointer(bitPattern: 0x1001)!

            #expect(
                !Key(TypeID.a, nil).publish(tagged, for: Unmanaged.passUnretained(value).toOpaque(), in: fixture.handle)
            )
            #expect(fixture.readyThroughIndex(Key(TypeID.a, nil)) == nil)
            #expect(fixture.readyThroughSlot(Key(TypeID.a, nil)) == nil)
        }

        @Test func theInvariantCheckNoticesAReadyWordLeftWithoutAValue() {
            let value = fixture.makeProbe(for: Key(TypeID.a, nil))
            fixture.insert(Key(TypeID.a, nil), value)
            fixture.publish(fixture.makeProbe(for: nil), for: value, of: Key(TypeID.a, nil))
            fixture.remove(Key(TypeID.a, nil))

            #expect(
                brokenInvariant(whileTheEntryOf: TypeID.a) { $0.ready = 0x1000 }
                    == "a type-index entry's ready word is stale")
        }

        @Test func theInvariantCheckNoticesAKeyLeftInAnUnusedEntry() {
            #expect(
                brokenInvariant(whileTheEntryOf: nil) { $0.key = 0x8300_0000_0041_4141 }
                    == "an unused type-index entry holds a value or a key")
        }

        @Test func theInvariantCheckNoticesAnotherValuesToken() {
            fixture.insert(Key(TypeID.a, nil))
            let stranger = Unmanaged.passUnretained(fixture.makeProbe(for: nil)).toOpaque()

            #expect(
                brokenInvariant(whileTheEntryOf: TypeID.a) { $0.ready = Self.token(of: stranger) }
                    == "a type-index entry's token is another value's")
        }

        /// The ready word a writer stores with `value`: its unpublished token.
        static func token(of value: UnsafeMutableRawPointer) -> UInt64 {
            UInt64(UInt(bitPattern: value)) | UInt64(CBOX_READY_TOKEN)
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

        /// The invariant the check finds broken while the type index's entry of `type`'s unkeyed identity (or,
        /// with `nil`, the first unused entry) is changed by `change` in place (to break it on purpose); the
        /// entry is restored afterwards.
        func brokenInvariant(
            whileTheEntryOf type: UnsafeRawPointer?, _ change: (inout cbox_type_entry) -> Void
        ) -> String? {
            fixture.brokenInvariant(whileTheEntryOf: type, in: fixture.typeIndexEntries, change)
        }
    }
}
