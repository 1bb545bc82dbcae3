import CBoxTable
import Testing

extension CBoxTableSuite {
    /// The overflow index, which a table makes once it holds as many entries as the type index has, for the
    /// unkeyed and short-keyed identities whose type-index bucket is full. (The fixture checks after each
    /// write that both indexes hold exactly the values of the entries of the identities they hold, and that
    /// every identity a full bucket turned away is in the overflow index while its overflow bucket has room.)
    @Suite struct OverflowIndex {
        let fixture = TableFixture()

        /// Three types that share a type-index bucket, then enough others (none in that bucket) that the table
        /// holds `CBOX_TYPE_OVERFLOW_AFTER` entries before the third is inserted.
        static var crowd: (sharing: [UnsafeRawPointer], others: [UnsafeRawPointer]) {
            let sharing = TypeID.sharingABucket(3)
            let bucket = cbox_type_bucket(sharing[0])
            let others = (0...).lazy.map { TypeID.numbered(100_000 + $0) }.filter { cbox_type_bucket($0) != bucket }
            return (sharing, Array(others.prefix(Int(CBOX_TYPE_OVERFLOW_AFTER))))
        }

        /// Inserts the crowd: the two types that fill their bucket, the others, then the third.
        func insertTheCrowd() -> Probe {
            let (sharing, others) = Self.crowd
            fixture.insert(Key(sharing[0], nil))
            fixture.insert(Key(sharing[1], nil))
            for type in others { fixture.insert(Key(type, nil)) }
            let third = fixture.makeProbe(for: Key(sharing[2], nil))
            fixture.insert(Key(sharing[2], nil), third)
            return third
        }

        @Test func aThirdTypeInAFullBucketOfALargeTableIsFoundThroughTheOverflowIndex() {
            let third = insertTheCrowd()

            #expect(fixture.findThroughIndex(Self.crowd.sharing[2]) === third)
            #expect(fixture.findThroughIndex(Self.crowd.sharing[0]) === fixture.model[Key(Self.crowd.sharing[0], nil)])
        }

        @Test func theOverflowIndexTakesInWhatFullBucketsTurnedAwayBeforeItWasMade() {
            let types = (0..<Int(CBOX_TYPE_OVERFLOW_AFTER) + 200).map(TypeID.numbered)
            for type in types { fixture.insert(Key(type, nil)) }

            let inTypeIndex = TypeIndex.firstTwoOfEachBucket(types)
            let turnedAway = types.filter { !inTypeIndex.contains($0) }
            var sharingAnOverflowBucket: [Int: Int] = [:]
            for type in turnedAway {
                sharingAnOverflowBucket[cbox_overflow_bucket(type, UInt64(CBOX_KEY_NONE)), default: 0] += 1
            }
            #expect(turnedAway.count > 20, "some types were turned away before the overflow index was made")
            for type in turnedAway
            where sharingAnOverflowBucket[cbox_overflow_bucket(type, UInt64(CBOX_KEY_NONE))]! <= 2 {
                #expect(fixture.findThroughIndex(type) === fixture.model[Key(type, nil)], "type \(type)")
            }
        }

        /// Type ids spread as a binary's type metadata is: aligned, irregularly spaced (steps of 16 to 512 bytes,
        /// a reproducible pseudo-random walk within a megabyte), unlike `TypeID.numbered`'s even steps.
        static func metadataLike(_ count: Int) -> [UnsafeRawPointer] {
            var state: UInt64 = 0x5EED_B0C5
            var address = 0x40_0000
            return (0..<count).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                address += 16 * (1 + Int(state >> 59))
                return UnsafeRawPointer(bitPattern: address)!
            }
        }

        @Test func theIndexesHoldNearlyEveryTypeOfABoxOfThreeThousand() {
            let types = Self.metadataLike(3_000)
            for type in types { fixture.insert(Key(type, nil)) }

            let indexed = types.filter { fixture.findThroughIndex($0) === fixture.model[Key($0, nil)] }
            // The type index holds 512 of them; of the 2,488 it turns away, the overflow index's 2,048 buckets
            // of two hold about 2,170. The bound sits between that and what 1,024 buckets would hold (about
            // 1,650, so 2,162 in all).
            #expect(indexed.count >= 2_550, "\(indexed.count) of 3,000 types are found without a probe")
        }

        @Test func aShortKeyTurnedAwayByItsBucketIsFoundThroughTheOverflowIndex() {
            let keys = (0..<Int(CBOX_TYPE_OVERFLOW_AFTER) + 200).map { Key(TypeID.a, Array("k\($0)".utf8)) }
            for key in keys { fixture.insert(key) }

            let found = keys.filter { fixture.findThroughIndex($0) === fixture.model[$0] }
            #expect(found.count > Int(CBOX_TYPE_INDEX), "more keys are indexed than the type index has entries")
        }

        @Test func aReplacementAndARemovalReachTheOverflowIndex() {
            _ = insertTheCrowd()
            let key = Key(Self.crowd.sharing[2], nil)
            let replacement = fixture.makeProbe(for: key)
            fixture.insert(key, replacement)
            #expect(fixture.findThroughIndex(Self.crowd.sharing[2]) === replacement)

            fixture.remove(key)
            #expect(fixture.findThroughIndex(Self.crowd.sharing[2]) == nil)
            let again = fixture.makeProbe(for: key)
            fixture.insert(key, again)
            #expect(fixture.findThroughIndex(Self.crowd.sharing[2]) === again)
        }

        @Test func clearingEmptiesTheOverflowIndexWhichTakesTheTypeBackWhenItIsInsertedAgain() {
            _ = insertTheCrowd()
            fixture.clear()
            #expect(fixture.findThroughIndex(Self.crowd.sharing[2]) == nil)

            let again = fixture.makeProbe(for: Key(Self.crowd.sharing[2], nil))
            fixture.insert(Key(Self.crowd.sharing[2], nil), again)
            #expect(fixture.findThroughIndex(Self.crowd.sharing[2]) === again)
        }

        @Test func aReadyObjectIsPublishedInTheOverflowIndex() {
            let third = insertTheCrowd()
            let key = Key(Self.crowd.sharing[2], nil)
            let object = fixture.makeProbe(for: nil)

            #expect(fixture.publish(object, for: third, of: key))
            #expect(fixture.readyThroughIndex(key) === object)
            #expect(!fixture.publish(fixture.makeProbe(for: nil), for: third, of: key), "published once")
        }

        @Test func theInvariantCheckNoticesAnOverflowValueThatIsNotItsEntrys() {
            _ = insertTheCrowd()
            let stranger = Unmanaged.passUnretained(fixture.makeProbe(for: nil)).toOpaque()

            #expect(
                brokenInvariant(whileTheOverflowEntryOf: Self.crowd.sharing[2]) {
                    $0.value = stranger
                    $0.ready = UInt64(UInt(bitPattern: stranger)) | UInt64(CBOX_READY_TOKEN)
                } == "the type index holds another value than its entry")
        }

        @Test func theInvariantCheckNoticesAnEntryMissingFromTheOverflowIndex() {
            _ = insertTheCrowd()

            #expect(
                brokenInvariant(whileTheOverflowEntryOf: Self.crowd.sharing[2]) { $0 = cbox_type_entry() }
                    == "an entry turned away by a full type-index bucket is missing from the overflow index")
        }

        @Test func theInvariantCheckNoticesAnIdentityInBothIndexes() {
            _ = insertTheCrowd()
            let first = Self.crowd.sharing[0]
            let entries = fixture.overflowIndexEntries!
            let bucket = cbox_overflow_bucket(first, UInt64(CBOX_KEY_NONE))
            let copy = fixture.typeIndexEntries.first { $0.type == first && $0.key == UInt64(CBOX_KEY_NONE) }!
            guard let free = (2 * bucket..<2 * bucket + 2).first(where: { entries[$0].type == nil }) else {
                Issue.record("the overflow bucket of the first type has no room for a copy")
                return
            }

            entries[free] = copy
            defer { entries[free] = cbox_type_entry() }
            #expect(fixture.brokenInvariant == "an identity is in both the type index and the overflow index")
        }

        /// The invariant the check finds broken while the overflow index's entry of `type`'s unkeyed identity
        /// is changed by `change` in place (to break it on purpose); the entry is restored afterwards.
        func brokenInvariant(
            whileTheOverflowEntryOf type: UnsafeRawPointer, _ change: (inout cbox_type_entry) -> Void
        ) -> String? {
            guard let entries = fixture.overflowIndexEntries else { return "the table has no overflow index" }
            return fixture.brokenInvariant(whileTheEntryOf: type, in: entries, change)
        }
    }
}
