import CBoxTable
import Testing

extension CBoxTableSuite {
    /// The ready objects published in the slots (`cbox_table_publish_ready`, `cbox_slot_ready`), which a lookup
    /// that no index answers reads without reading the value; they follow every write as the type index's do.
    /// (The fixture checks after each write that every live slot's ready word is its value's token or an
    /// object published for it.)
    @Suite struct SlotReady {
        let fixture = TableFixture()

        /// A key that no index holds: longer than an inline key.
        static let longKey = Key(TypeID.a, "a key of more than seven bytes")

        @Test func anObjectPublishedForAValueIsReadFromItsSlot() {
            let (value, object) = (fixture.makeProbe(for: Self.longKey), fixture.makeProbe(for: nil))
            fixture.insert(Self.longKey, value)
            #expect(fixture.readyThroughSlot(Self.longKey) == nil, "nothing is published by an insert")

            #expect(fixture.publish(object, for: value, of: Self.longKey))
            #expect(fixture.readyThroughSlot(Self.longKey) === object)
            #expect(fixture.find(Self.longKey) === value, "the slot keeps its value")
        }

        @Test func anIndexedEntryHasItsObjectPublishedInItsSlotAndInTheIndex() {
            let key = Key(TypeID.b, nil)
            let (value, object) = (fixture.makeProbe(for: key), fixture.makeProbe(for: nil))
            fixture.insert(key, value)

            #expect(fixture.publish(object, for: value, of: key))
            #expect(fixture.readyThroughSlot(key) === object)
            #expect(fixture.readyThroughIndex(key) === object)
        }

        @Test func aSecondPublicationKeepsTheFirstObject() {
            let value = fixture.makeProbe(for: Self.longKey)
            let (first, second) = (fixture.makeProbe(for: nil), fixture.makeProbe(for: nil))
            fixture.insert(Self.longKey, value)
            fixture.publish(first, for: value, of: Self.longKey)

            #expect(!fixture.publish(second, for: value, of: Self.longKey))
            #expect(fixture.readyThroughSlot(Self.longKey) === first)
        }

        @Test func aGrowthCarriesThePublishedObjectIntoTheNewArray() {
            let (value, object) = (fixture.makeProbe(for: Self.longKey), fixture.makeProbe(for: nil))
            fixture.insert(Self.longKey, value)
            fixture.publish(object, for: value, of: Self.longKey)
            let capacity = fixture.capacity
            for index in 0..<100 { fixture.insert(Key(TypeID.numbered(index), nil)) }

            #expect(fixture.capacity > capacity, "the table grew")
            #expect(fixture.readyThroughSlot(Self.longKey) === object)
            fixture.expectMatchesModel()
        }

        @Test func aRebuildThatShedsTombstonesCarriesThePublishedObject() {
            let (value, object) = (fixture.makeProbe(for: Self.longKey), fixture.makeProbe(for: nil))
            fixture.insert(Self.longKey, value)
            fixture.publish(object, for: value, of: Self.longKey)
            let others = (0..<40).map { Key(TypeID.numbered($0), nil) }
            for key in others { fixture.insert(key) }
            for key in others { fixture.remove(key) }

            #expect(fixture.stats.tombstones < others.count, "a rebuild shed tombstones")
            #expect(fixture.readyThroughSlot(Self.longKey) === object)
        }

        @Test func aReplacementWithdrawsThePublishedObject() {
            let (old, object) = (fixture.makeProbe(for: Self.longKey), fixture.makeProbe(for: nil))
            fixture.insert(Self.longKey, old)
            fixture.publish(object, for: old, of: Self.longKey)
            let replacement = fixture.makeProbe(for: Self.longKey)
            fixture.insert(Self.longKey, replacement)

            #expect(fixture.readyThroughSlot(Self.longKey) == nil)
            #expect(!fixture.publish(fixture.makeProbe(for: nil), for: old, of: Self.longKey), "the old value's")
            #expect(fixture.publish(object, for: replacement, of: Self.longKey))
            #expect(fixture.readyThroughSlot(Self.longKey) === object)
        }

        @Test func aRemovalOrAClearLeavesNothingToPublishIn() {
            for empty: () -> Void in [{ _ = fixture.remove(Self.longKey) }, { fixture.clear() }] {
                let value = fixture.makeProbe(for: Self.longKey)
                fixture.insert(Self.longKey, value)
                fixture.publish(fixture.makeProbe(for: nil), for: value, of: Self.longKey)
                empty()

                #expect(fixture.readyThroughSlot(Self.longKey) == nil)
                #expect(!fixture.publish(fixture.makeProbe(for: nil), for: value, of: Self.longKey))
            }
        }

        @Test func theInvariantCheckNoticesAnotherValuesTokenInASlot() {
            fixture.insert(Self.longKey)
            let stranger = Unmanaged.passUnretained(fixture.makeProbe(for: nil)).toOpaque()

            #expect(
                brokenInvariant(whileTheSlotOf: Self.longKey) { $0.ready = TypeIndex.token(of: stranger) }
                    == "a slot's ready token is another value's")
        }

        @Test func theInvariantCheckNoticesAnEmptyReadyWordInALiveSlot() {
            fixture.insert(Self.longKey)

            #expect(
                brokenInvariant(whileTheSlotOf: Self.longKey) { $0.ready = 0 } == "a live slot's ready word is empty")
        }

        /// The invariant the check finds broken while `key`'s slot is changed by `change` in place (to break it
        /// on purpose); the slot is restored afterwards.
        func brokenInvariant(whileTheSlotOf key: Key, _ change: (inout cbox_slot) -> Void) -> String? {
            let reader = cbox_reader_current()
            cbox_read_begin(reader)
            defer { cbox_read_end(reader) }
            guard let found = key.findSlot(in: fixture.handle) else { return "\(key) has no slot" }
            let slot = UnsafeMutablePointer(mutating: found)
            let kept = slot.pointee
            defer { slot.pointee = kept }
            change(&slot.pointee)
            return fixture.brokenInvariant
        }
    }
}
