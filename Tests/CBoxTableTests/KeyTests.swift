import CBoxTable
import Testing

extension CBoxTableSuite {
    /// Keys are byte strings: every byte counts, NUL included, whatever their length.
    @Suite struct Keys {
        let fixture = TableFixture()

        @Test func keysWithEmbeddedNULBytesAreComparedByEveryByte() {
            let keys = ["a\0b", "a\0c", "a", "a\0", "\0", "\0\0", "", "0"].map { Key(TypeID.a, $0) }
            #expect(Set(keys).count == keys.count)
            for key in keys {
                #expect(!fixture.insert(key), "\(key)")
            }
            fixture.expectMatchesModel()

            #expect(fixture.remove(Key(TypeID.a, "a\0b")))
            #expect(fixture.find(Key(TypeID.a, "a\0b")) == nil)
            #expect(fixture.find(Key(TypeID.a, "a\0c")) === fixture.model[Key(TypeID.a, "a\0c")])
            #expect(fixture.find(Key(TypeID.a, "a")) === fixture.model[Key(TypeID.a, "a")])
            fixture.expectMatchesModel()
        }

        @Test func longKeysWithEmbeddedNULBytesAreComparedByEveryByte() {
            let keys = ["prefix\0suffix-1", "prefix\0suffix-2", "prefix\0", "prefix\0\0", "prefix\0suffix-1\0"]
                .map { Key(TypeID.b, $0) }
            for key in keys {
                #expect(!fixture.insert(key), "\(key)")
            }
            fixture.expectMatchesModel()

            #expect(fixture.remove(keys[0]))
            #expect(fixture.find(keys[1]) === fixture.model[keys[1]])
            #expect(fixture.find(keys[4]) === fixture.model[keys[4]])
            fixture.expectMatchesModel()
        }

        @Test func aZeroByteKeyIsOneEntryWhetherOrNotItsPointerIsNull() {
            let value = fixture.makeProbe(for: Key(TypeID.a, []))
            let replacement = fixture.makeProbe(for: Key(TypeID.a, []))
            let hash = cbox_hash(TypeID.a, nil, 0)
            let word = cbox_key_word(nil, 0, true)
            var byte: UInt8 = 0x7F

            #expect(!cbox_table_insert(fixture.handle, hash, TypeID.a, nil, 0, word, value.retainedForTable()))
            fixture.expectInvariants()
            let replaced = withUnsafePointer(to: &byte) {
                cbox_table_insert(fixture.handle, hash, TypeID.a, $0, 0, word, replacement.retainedForTable())
            }
            fixture.expectInvariants()

            #expect(replaced, "a non-NULL pointer with no bytes names the same empty key")
            #expect(fixture.count == 1)
            let reader = cbox_reader_current()
            cbox_read_begin(reader)
            let foundWithNull = cbox_table_find(fixture.handle, hash, TypeID.a, nil, 0, word)
            let foundWithPointer = withUnsafePointer(to: &byte) {
                cbox_table_find(fixture.handle, hash, TypeID.a, $0, 0, word)
            }
            cbox_read_end(reader)
            #expect(foundWithNull == Unmanaged.passUnretained(replacement).toOpaque())
            #expect(foundWithPointer == foundWithNull)
            #expect(fixture.find(Key(TypeID.a, nil)) == nil, "the empty key is not the absent key")
        }

        @Test func keysOfUpToSevenBytesAreStoredInlineAndLongerOnesOutOfLine() {
            #expect(CBOX_KEY_INLINE_MAX == 7)
            #expect(CBOX_KEY_INLINE_BIT == 1 << 63, "Swift must import the inline bit as its C value")
            for length in 0...7 {
                let word = Key(TypeID.a, number: 0x0102_0304_0506_0708, length: length).word
                #expect(word & CBOX_KEY_INLINE_BIT != 0, "length \(length)")
                #expect((word >> 56) & 0x7F == UInt64(length), "length \(length)")
            }
            #expect(Key(TypeID.a, number: 1, length: 8).word == CBOX_KEY_LONG)
            #expect(Key(TypeID.a, nil).word == CBOX_KEY_NONE)

            let outOfLineKeySize = MemoryLayout<cbox_key>.size
            let empty = fixture.stats.bytes
            fixture.insert(Key(TypeID.a, "1234567"))
            #expect(fixture.stats.bytes == empty, "a 7-byte key takes no memory of its own")
            fixture.insert(Key(TypeID.a, "12345678"))
            #expect(fixture.stats.bytes == empty + outOfLineKeySize + 8, "an 8-byte key is copied out of line")
            #expect(fixture.capacity == 8, "the measurements above shared one slot array")
        }

        @Test func sevenAndEightByteKeysSharingAPrefixAreDifferentEntries() {
            let keys = [
                Key(TypeID.a, "abcdefg"), Key(TypeID.a, "abcdefg\0"), Key(TypeID.a, "abcdefgh"),
                Key(TypeID.a, "abcdef"), Key(TypeID.a, "abcdefghi"), Key(TypeID.b, "abcdefg"),
                Key(TypeID.b, "abcdefgh"), Key(TypeID.a, [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]),
                Key(TypeID.a, [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]),
            ]
            for key in keys {
                #expect(!fixture.insert(key), "\(key)")
            }
            fixture.expectMatchesModel()

            for key in keys where key.bytes?.count == 8 {
                #expect(fixture.remove(key), "\(key)")
                fixture.expectMatchesModel()
            }
            for key in keys where key.bytes?.count == 7 {
                #expect(fixture.insert(key), "\(key) is still there to replace")
            }
            fixture.expectMatchesModel()
        }

        @Test(arguments: ["short", "a key longer than seven"])
        func theTableKeepsItsOwnCopyOfTheKeyBytes(original: String) {
            let key = Key(TypeID.a, original)
            let value = fixture.makeProbe(for: key)
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: original.utf8.count)
            defer { buffer.deallocate() }
            _ = buffer.initialize(from: original.utf8)

            let replaced = cbox_table_insert(
                fixture.handle, key.hash, key.type, buffer.baseAddress, buffer.count,
                cbox_key_word(buffer.baseAddress, buffer.count, true), value.retainedForTable())
            fixture.expectInvariants()
            buffer.update(repeating: 0x2A)

            #expect(!replaced)
            #expect(fixture.brokenInvariant == nil, "the stored key still matches its hash")
            #expect(fixture.find(key) === value)
            #expect(fixture.find(Key(TypeID.a, Array(buffer))) == nil)
        }

        @Test func aHundredThousandByteKeyIsFoundOnlyByItsExactBytes() {
            let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
            let key = Key(TypeID.c, bytes)
            let before = fixture.stats.bytes
            let value = fixture.makeProbe(for: key)

            #expect(!fixture.insert(key, value))

            #expect(fixture.stats.bytes >= before + 100_000)
            #expect(fixture.find(Key(TypeID.c, Array(bytes))) === value)
            var lastByteChanged = bytes
            lastByteChanged[99_999] &+= 1
            var firstByteChanged = bytes
            firstByteChanged[0] &+= 1
            #expect(fixture.find(Key(TypeID.c, lastByteChanged)) == nil)
            #expect(fixture.find(Key(TypeID.c, firstByteChanged)) == nil)
            #expect(fixture.find(Key(TypeID.c, Array(bytes.dropLast()))) == nil)
            #expect(fixture.find(Key(TypeID.c, bytes + [0])) == nil)
            #expect(fixture.find(Key(TypeID.a, bytes)) == nil)

            #expect(fixture.remove(key))
            #expect(fixture.find(key) == nil)
            #expect(fixture.stats.bytes < before + 100_000)
            fixture.drain()
            #expect(value.releaseCount == 1)
        }
    }
}
