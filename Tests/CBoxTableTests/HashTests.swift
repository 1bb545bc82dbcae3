import CBoxTable
import Testing

extension CBoxTableSuite {
    /// `cbox_hash`: the hash every caller must give the table for a type id and key.
    @Suite struct Hash {
        static var types: [UnsafeRawPointer] {
            (0..<64).map(TypeID.numbered) + [TypeID.a, TypeID.b, TypeID.int, TypeID.string]
        }

        static let keys: [[UInt8]?] = [
            nil, [], [0], [0, 0], Array("a".utf8), Array("a\0b".utf8), Array("a\0c".utf8), Array("1234567".utf8),
            Array("12345678".utf8), Array(repeating: 0xFF, count: 200),
        ]

        @Test func theHashIsDeterministic() {
            for type in Self.types {
                for bytes in Self.keys {
                    let first = Key(type, bytes).hash
                    let again = Key(type, bytes.map { Array($0) }).hash
                    #expect(first == again)
                    #expect(Key(type, bytes).hash == first)
                }
            }
        }

        @Test func noKeyAndTheEmptyKeyHashAlikeAndTheTableTellsThemApart() {
            // As the header documents: "No key" and the empty key hash alike; slots tell them apart by their
            // key word (covered for the table by Lookup.noKeyAndTheEmptyKeyAreDifferentEntries).
            for type in Self.types {
                #expect(Key(type, nil).hash == Key(type, []).hash, "\(type)")
                #expect(Key(type, nil).word != Key(type, []).word, "\(type)")
            }
        }

        @Test func aZeroLengthKeyHashesTheSameWithOrWithoutAPointer() {
            var byte: UInt8 = 0x41
            for type in Self.types {
                let withPointer = withUnsafePointer(to: &byte) { cbox_hash(type, $0, 0) }
                #expect(cbox_hash(type, nil, 0) == withPointer)
            }
        }

        @Test func aTypeAloneHashesAsWithNoKey() {
            let spread = (1...1_000).map { UnsafeRawPointer(bitPattern: $0 &* 0x9E37_79B9).unsafelyUnwrapped }
            for type in Self.types + spread {
                #expect(cbox_hash_type(type) == cbox_hash(type, nil, 0))
            }
        }

        @Test func theHashDependsOnTheTypeId() {
            for bytes in Self.keys {
                let hashes = Self.types.map { Key($0, bytes).hash }
                #expect(Set(hashes).count == Self.types.count, "\(bytes?.count ?? -1) bytes")
            }
        }

        @Test func theHashDependsOnEveryKeyByteAndTheLength() {
            let keyed = Self.keys.compactMap { $0 }
            for type in Self.types {
                let hashes = keyed.map { Key(type, $0).hash }
                #expect(Set(hashes).count == keyed.count, "\(type)")
            }
        }
    }
}
