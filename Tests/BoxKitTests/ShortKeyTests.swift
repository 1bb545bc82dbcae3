import BoxKitTestSupport
import Testing

@testable import BoxKit

/// `_shortASCIIKey`, which lets a lookup with a short ASCII key skip reading the string through a view: it
/// must recognise exactly the keys whose bytes the string value holds in its first word.
@Suite("Short keys")
struct ShortKeyTests {
    @Test(
        "an ASCII key of at most 7 bytes held inline is recognised, with its bytes packed little-endian",
        arguments: ["", "a", "\u{0}", "\u{7F}", "BMW", "k12345", "seven77", "a\u{0}b"])
    func recognisesShortASCII(key: String) throws {
        let short = try #require(_shortASCIIKey(_stringWords(key)))
        let bytes = Array(key.utf8)
        #expect(short.count == bytes.count)
        #expect(short.bytes == bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) })
    }

    @Test("keys made at run time of up to 7 ASCII bytes are recognised, as the keyed behaviour tests assume")
    func recognisesKeysMadeAtRunTime() {
        for length in 0...7 {
            #expect(_shortASCIIKey(_stringWords(String(repeating: "k", count: length)))?.count == length)
            #expect(_shortASCIIKey(_stringWords("k" + String(length)))?.count == 2)
        }
    }

    @Test(
        "a key of 8 bytes or more, or with a byte outside ASCII, is left to the general path",
        arguments: [
            "eight888", "fifteen-bytes!!", "é", "aé", "\u{80}", "👩‍👩‍👧‍👦", String(repeating: "x", count: 40),
        ])
    func rejectsLongOrNonASCII(key: String) {
        #expect(_shortASCIIKey(_stringWords(key)) == nil)
    }

    @Test("a short ASCII key whose bytes live in heap storage is left to the general path")
    func rejectsKeysInStorage() {
        for key in ["", "a", "BMW", "seven77"] {
            #expect(_shortASCIIKey(_stringWords(inStorage(key))) == nil, "\(key)")
        }
    }
}
