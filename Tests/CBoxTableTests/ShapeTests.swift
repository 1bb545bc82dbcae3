import BoxKitTestSupport
import CBoxTable
import Testing

extension CBoxTableSuite {
    /// Growth, shrinking, collisions and churn: the table's shape stays sound and bounded.
    @TableTestThread @Suite struct Shape {
        let fixture = TableFixture()

        /// How many cycles the churn tests run: enough that a slow leak of slots, tombstones or retired
        /// memory shows in the bounds they check. Under ThreadSanitizer, fewer: it makes every cycle many
        /// times slower, and this suite runs one test at a time.
        static let churnCycles = Sanitizer.isThread ? 50_000 : 1_000_000

        /// A mix of key kinds, all distinct: no key and the empty key under 16 type ids, then inline and
        /// out-of-line keys (2 to 13 bytes) spread over the same type ids.
        static func mixedKey(_ index: Int) -> Key {
            let type = TypeID.numbered(index % 16)
            if index < 16 { return Key(type, nil) }
            if index < 32 { return Key(type, []) }
            return Key(type, number: index, length: 2 + index % 12)
        }

        @Test func tenThousandEntriesAreAllFoundAfterGrowing() {
            let keys = (0..<10_000).map(Self.mixedKey)
            #expect(Set(keys).count == keys.count)
            var capacities: [Int] = [fixture.capacity]
            for key in keys {
                #expect(!fixture.insert(key), "\(key)")
                if fixture.capacity != capacities.last { capacities.append(fixture.capacity) }
            }

            for key in keys {
                #expect(fixture.find(key) === fixture.model[key], "\(key)")
            }
            let stats = fixture.stats
            #expect(stats.count == 10_000)
            #expect(stats.capacity.nonzeroBitCount == 1, "capacity \(stats.capacity) is a power of two")
            #expect(stats.count * 2 <= stats.capacity, "load \(stats.count)/\(stats.capacity) <= 1/2")
            #expect(capacities.allSatisfy { $0.nonzeroBitCount == 1 })
            #expect(capacities == capacities.sorted(), "inserting never shrinks the array: \(capacities)")
            #expect(fixture.values.count == 10_000)
        }

        @Test func aSmallTableGrowsFourfoldAndALargeOneTwofold() {
            var capacities: [Int] = [fixture.capacity]
            for key in (0..<5_000).map(Self.mixedKey) {
                fixture.insert(key)
                if fixture.capacity != capacities.last { capacities.append(fixture.capacity) }
            }
            // Each growth into an array of up to 2,048 slots (CBOX_QUADRUPLE_MAX_SLOTS) quadruples; then each
            // doubles, at a load of one half.
            #expect(capacities == [8, 32, 128, 512, 2_048, 4_096, 8_192, 16_384])
        }

        @Test(arguments: [5, 20, 100, 300, 500])
        func removingEveryEntryOfATableThatGrewFourfoldShrinksItBack(entries: Int) {
            let keys = (0..<entries).map(Self.mixedKey)
            for key in keys { fixture.insert(key) }
            let grown = fixture.capacity

            for key in keys { #expect(fixture.remove(key)) }

            #expect(fixture.count == 0)
            #expect(fixture.capacity <= 16, "\(entries) entries: capacity \(fixture.capacity), grown to \(grown)")
            fixture.expectMatchesModel()
            fixture.drain()
            #expect(fixture.ledger.released.value == entries)
        }

        @Test func removingEveryEntryShrinksTheArrayBack() {
            let keys = (0..<2_000).map(Self.mixedKey)
            for key in keys { fixture.insert(key) }
            let grown = fixture.capacity

            for (index, key) in keys.enumerated() {
                #expect(fixture.remove(key))
                if index % 250 == 0 { fixture.expectMatchesModel() }
            }

            #expect(fixture.count == 0)
            #expect(fixture.capacity <= 16, "capacity \(fixture.capacity), grown to \(grown)")
            fixture.drain()
            #expect(fixture.ledger.released.value == keys.count)
        }

        /// Keys (of several types and kinds) whose real hashes agree in their low 12 bits, so that they share
        /// one home slot in every array of up to 4,096 slots.
        static func keysSharingAHomeSlot(_ count: Int) -> [Key] {
            let first = Key(TypeID.a, nil)
            let homeBits = first.hash & 0xFFF
            var keys = [first]
            var index = 0
            while keys.count < count {
                let type = [TypeID.a, TypeID.b, TypeID.c, TypeID.int][index % 4]
                let candidate = Key(type, number: index, length: 1 + index % 12)
                if candidate.hash & 0xFFF == homeBits { keys.append(candidate) }
                index += 1
            }
            return keys
        }

        @Test func entriesSharingAHomeSlotAreEachFoundAndRemoved() {
            let keys = Self.keysSharingAHomeSlot(32)
            for key in keys {
                #expect(!fixture.insert(key))
                fixture.expectMatchesModel()
            }
            let stats = fixture.stats
            #expect(stats.max_probe == keys.count, "all \(keys.count) entries probe from one home slot")
            #expect(stats.total_probe == keys.count * (keys.count + 1) / 2)

            for index in [0, 31, 15, 1, 30, 7, 8, 16] {
                #expect(fixture.find(keys[index]) != nil)
                #expect(fixture.remove(keys[index]), "\(keys[index])")
                #expect(fixture.find(keys[index]) == nil)
                fixture.expectMatchesModel()
            }
            for key in keys where fixture.model[key] != nil {
                #expect(fixture.insert(key), "replacing \(key) behind removed neighbours")
                fixture.expectMatchesModel()
            }
        }

        /// Keys that differ only in the ways the slot comparison must notice once the type agrees.
        static let lookalikeKeys: [Key] = [
            Key(TypeID.a, nil), Key(TypeID.b, nil), Key(TypeID.a, []), Key(TypeID.b, []),
            Key(TypeID.a, "x"), Key(TypeID.a, "y"), Key(TypeID.a, "a"), Key(TypeID.a, "a\0"),
            Key(TypeID.a, "a\0b"), Key(TypeID.a, "a\0c"), Key(TypeID.a, "abcdefg"), Key(TypeID.b, "abcdefg"),
            Key(TypeID.a, "abcdefgh"), Key(TypeID.a, "abcdefgi"), Key(TypeID.b, "abcdefgh"),
            Key(TypeID.a, "bbcdefgh"), Key(TypeID.a, "abcdefghij"), Key(TypeID.a, "abcdefgh\0\0"),
            Key(TypeID.c, "abcdefg"), Key(TypeID.c, nil),
        ]

        @Test func lookalikeEntriesAreToldApartByTypeAndKey() {
            // A slot keeps no hash: a probe compares the type id, then the key word, then a long key's length
            // and bytes, of every slot it passes. Probing from every slot of the array makes every key meet
            // every entry.
            let keys = Self.lookalikeKeys
            #expect(Set(keys).count == keys.count)
            for key in keys {
                #expect(!fixture.insert(key), "\(key)")
                fixture.expectMatchesModel()
            }
            let missing = [
                Key(TypeID.int, nil), Key(TypeID.a, "z"), Key(TypeID.a, "abcdefgj"), Key(TypeID.a, "abcdef"),
                Key(TypeID.a, "abcdefghi"), Key(TypeID.c, []), Key(TypeID.a, "a\0d"),
            ]
            for start in 0..<UInt64(fixture.capacity) {
                for key in keys {
                    let found = fixture.find(key, hash: start)
                    #expect(found == nil || found === fixture.model[key], "\(key) from slot \(start)")
                }
                for key in missing { #expect(fixture.find(key, hash: start) == nil, "\(key) from slot \(start)") }
            }

            #expect(fixture.insert(keys[12]), "replaces (a, \"abcdefgh\") only")
            fixture.expectMatchesModel()

            for key in keys.reversed() where key.typeBits != UInt(bitPattern: TypeID.c) {
                #expect(fixture.remove(key), "\(key)")
                #expect(!fixture.remove(key), "\(key)")
                fixture.expectMatchesModel()
            }
            #expect(fixture.count == 2)
            fixture.clear()
            fixture.drain()
            #expect(fixture.ledger.released.value == keys.count + 1)
        }

        @Test func insertRemoveChurnKeepsTheShapeBounded() {
            let residents = (0..<3).map { Key(TypeID.numbered(100 + $0), "resident \($0)") }
            for key in residents { fixture.insert(key) }
            let types = [TypeID.a, TypeID.b, TypeID.c]
            var worst = cbox_table_stats()
            var retiredAfterCollect = 0

            for cycle in 0..<Self.churnCycles {
                let key = Key(types[cycle % 3], number: cycle, length: cycle % 12)
                let inserted = !fixture.insert(key)
                let removed = fixture.remove(key)
                if !inserted || !removed {
                    Issue.record("cycle \(cycle): inserted \(inserted), removed \(removed)")
                    break
                }
                let stats = fixture.stats
                worst.capacity = max(worst.capacity, stats.capacity)
                worst.max_probe = max(worst.max_probe, stats.max_probe)
                worst.tombstones = max(worst.tombstones, stats.tombstones)
                worst.bytes = max(worst.bytes, stats.bytes)
                if cycle % 1_000 == 999 {
                    fixture.collect()
                    retiredAfterCollect = max(retiredAfterCollect, fixture.stats.retired)
                }
            }

            #expect(fixture.count == residents.count)
            #expect(worst.capacity <= 16, "capacity stays small: \(worst.capacity)")
            #expect(worst.max_probe <= 8, "probes stay short: \(worst.max_probe)")
            #expect(worst.tombstones * 4 <= worst.capacity, "tombstones are shed: \(worst.tombstones)")
            // The slot array, the residents' keys and a retire list sized for one period between collects
            // (1,000 cycles retire up to 3,000 items of 24 bytes, in a list whose capacity doubles).
            #expect(worst.bytes <= 128 * 1_024, "memory stays bounded: \(worst.bytes) bytes")
            // A period of 1,000 cycles retires up to 3,000 items; what a collect leaves must not pile up.
            #expect(retiredAfterCollect < 3_000, "the retire list is drained: \(retiredAfterCollect)")
            fixture.drain()
            #expect(
                fixture.ledger.released.value == Self.churnCycles,
                "every churned value is released exactly once")
            fixture.expectMatchesModel()
        }

        @Test func insertClearChurnKeepsTheShapeBounded() {
            var worst = cbox_table_stats()
            var retiredAfterCollect = 0

            for cycle in 0..<Self.churnCycles {
                let key = Key(TypeID.numbered(cycle % 7), number: cycle, length: cycle % 10)
                fixture.insert(key)
                fixture.clear()
                let stats = fixture.stats
                worst.capacity = max(worst.capacity, stats.capacity)
                worst.count = max(worst.count, stats.count)
                worst.bytes = max(worst.bytes, stats.bytes)
                if cycle % 1_000 == 999 {
                    fixture.collect()
                    retiredAfterCollect = max(retiredAfterCollect, fixture.stats.retired)
                }
            }

            #expect(worst.count == 0)
            #expect(worst.capacity <= 16, "capacity stays small: \(worst.capacity)")
            // The slot array and a retire list sized for one period between collects (see above).
            #expect(worst.bytes <= 128 * 1_024, "memory stays bounded: \(worst.bytes) bytes")
            #expect(retiredAfterCollect < 3_000, "the retire list is drained: \(retiredAfterCollect)")
            fixture.drain()
            #expect(fixture.ledger.released.value == Self.churnCycles)
        }
    }
}
