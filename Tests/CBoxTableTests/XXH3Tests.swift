import BoxKitTestSupport
import CBoxTable
import Testing

extension CBoxTableSuite {
    /// `cbox_xxh3_64`: the project's own XXH3-64, which `cbox_hash` uses where the xxHash library's header is
    /// missing (an app built by Xcode without Homebrew) or `CBOX_OWN_XXH3` is defined. It must give the
    /// library's hash bit for bit, or a table built one way would not find what the other filed.
    @Suite struct XXH3 {
        /// The published sanity vectors: XXH3-64 of the first `length` bytes of the generated sanity buffer,
        /// with seed 0 and with seed PRIME64 (0x9E3779B185EBCA8D).
        static let vectors: [(length: Int, unseeded: UInt64, seeded: UInt64)] = [
            (0, 0x2D06_8005_38D3_94C2, 0xA8A6_B918_B2F0_364A),
            (1, 0xC44B_DFF4_074E_ECDB, 0x032B_E332_DD76_6EF8),
            (6, 0x27B5_6A84_CD2D_7325, 0x8458_9C11_6AB5_9AB9),
            (12, 0xA713_DAF0_DFBB_77E7, 0xE730_3E1B_2336_DE0E),
            (24, 0xA3FE_70BF_9D35_10EB, 0x850E_80FC_35BD_D690),
            (48, 0x397D_A259_ECBA_1F11, 0xADC2_CBAA_44AC_C616),
            (80, 0xBCDE_FBBB_2C47_C90A, 0xC6DD_0CB6_9953_2E73),
            (195, 0xCD94_217E_E362_EC3A, 0xBA68_003D_370C_B3D9),
            (403, 0xCDEB_804D_65C6_DEA4, 0x6259_F6EC_FD64_43FD),
            (512, 0x617E_4959_9013_CB6B, 0x3CE4_57DE_14C2_7708),
            (2048, 0xDD59_E2C3_A5F0_38E0, 0x66F8_1670_669A_BABC),
            (2240, 0x6E73_A905_39CF_2948, 0x757B_A848_7D1B_5247),
            (2367, 0xCB37_AEB9_E5D3_61ED, 0xD2DB_3415_B942_B42A),
        ]

        /// The sanity buffer: each byte the top byte of a generator that starts at PRIME32 and is multiplied
        /// by PRIME64 after each byte.
        static let sanityBuffer: [UInt8] = {
            var generator: UInt64 = 2_654_435_761
            return (0..<2_367).map { _ in
                defer { generator &*= 11_400_714_785_074_694_797 }
                return UInt8(truncatingIfNeeded: generator >> 56)
            }
        }()

        /// Bytes from a fixed-seed generator, so that a failure reproduces.
        static func randomBytes(_ count: Int, seed: UInt64) -> [UInt8] {
            var generator = SeededGenerator(seed: seed)
            return (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        }

        /// XXH3-64 as the xxHash library computes it, reached through `cbox_hash`, whose seed is the type id's
        /// bits (so the seed cannot be 0 here).
        static func library(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64 {
            cbox_hash(UnsafeRawPointer(bitPattern: UInt(seed)).unsafelyUnwrapped, bytes.baseAddress, bytes.count)
        }

        @Test func theOwnHashGivesThePublishedVectors() {
            Self.sanityBuffer.withUnsafeBytes { buffer in
                for vector in Self.vectors {
                    let base = buffer.baseAddress
                    #expect(cbox_xxh3_64(base, vector.length, 0) == vector.unseeded, "\(vector.length) bytes")
                    #expect(
                        cbox_xxh3_64(base, vector.length, 0x9E37_79B1_85EB_CA8D) == vector.seeded,
                        "\(vector.length) bytes, seeded")
                }
            }
        }

        @Test func theTableHashIsTheOwnHashWhicheverImplementationItUses() {
            // Whether it calls the library or the project's own code, `cbox_hash` is XXH3 seeded with the type.
            let bytes = Self.randomBytes(300, seed: 7)
            bytes.withUnsafeBufferPointer { buffer in
                for length in [0, 1, 3, 4, 8, 9, 16, 17, 128, 129, 240, 241, 300] {
                    let prefix = UnsafeBufferPointer(rebasing: buffer[..<length])
                    let own = cbox_xxh3_64(prefix.baseAddress, length, 0x1234_5678)
                    #expect(Self.library(prefix, seed: 0x1234_5678) == own)
                }
            }
        }

        @Test(.enabled(if: cbox_hash_uses_xxhash_library(), "built without the xxHash library"))
        func theOwnHashMatchesTheLibraryForEveryLengthUpTo4096() {
            let bytes = Self.randomBytes(4_096 + 8, seed: 1)
            var seeds = SeededGenerator(seed: 2)
            bytes.withUnsafeBufferPointer { buffer in
                for length in 0...4_096 {
                    // An unaligned start too: the hash reads its input a word at a time.
                    for offset in [0, 3] {
                        let input = UnsafeBufferPointer(rebasing: buffer[offset..<(offset + length)])
                        let seed = seeds.next() | 1
                        let own = cbox_xxh3_64(input.baseAddress, length, seed)
                        let library = Self.library(input, seed: seed)
                        if own != library {
                            Issue.record("\(length) bytes at offset \(offset), seed \(seed): \(own) != \(library)")
                            return
                        }
                    }
                }
            }
        }

        @Test(.enabled(if: cbox_hash_uses_xxhash_library(), "built without the xxHash library"))
        func theOwnHashMatchesTheLibraryForLongInputs() {
            let bytes = Self.randomBytes(1 << 20, seed: 3)
            var seeds = SeededGenerator(seed: 4)
            bytes.withUnsafeBufferPointer { buffer in
                // Around the 1,024-byte block and the 64-byte stripe, and up to 1 MiB.
                for length in [4_097, 5_000, 8_191, 8_192, 8_193, 65_536, 100_003, 524_288, (1 << 20) - 1, 1 << 20] {
                    let input = UnsafeBufferPointer(rebasing: buffer[..<length])
                    let seed = seeds.next() | 1
                    let own = cbox_xxh3_64(input.baseAddress, length, seed)
                    #expect(own == Self.library(input, seed: seed), "\(length)")
                }
            }
        }

        @Test(.enabled(if: cbox_hash_uses_xxhash_library(), "built without the xxHash library"))
        func theOwnHashMatchesTheLibraryForRandomLengthsAndSeeds() {
            let bytes = Self.randomBytes(1 << 16, seed: 5)
            var generator = SeededGenerator(seed: 6)
            bytes.withUnsafeBufferPointer { buffer in
                for _ in 0..<2_000 {
                    let length = Int(generator.next() % UInt64(buffer.count))
                    let start = Int(generator.next() % UInt64(buffer.count - length + 1))
                    let input = UnsafeBufferPointer(rebasing: buffer[start..<(start + length)])
                    let seed = generator.next() | 1
                    #expect(cbox_xxh3_64(input.baseAddress, length, seed) == Self.library(input, seed: seed))
                }
            }
        }
    }
}
