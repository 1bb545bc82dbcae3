// Keys and strings as bytes: canonical UTF-8, the words of a string value, and the hash of a string argument
// (cbox_hash_bytes).
internal import CBoxTable

/// Calls `body` with the UTF-8 bytes of `key` in Unicode Normalization Form C, so that canonically
/// equivalent keys ("caf\u{E9}" and "cafe\u{301}") hash and compare as one key, as Swift's `==` does, and
/// with whether those bytes are the string's own (it was canonical as it is) rather than a normalised copy.
///
/// ASCII keys and keys that pass the quick NFC check are used as they are, without copying; only keys
/// that may not be in NFC are normalised.
///
/// - Complexity: O(n) in the key's length; no allocation unless the key needs normalising.
@inline(__always)
func _withCanonicalUTF8<R>(_ key: String, _ body: (UnsafeBufferPointer<UInt8>, _ asStored: Bool) -> R) -> R {
    // Borrows the bytes where they are: copying the string first (as `withUTF8` on a `var` needs) would
    // retain its storage on every lookup.
    let direct = key.utf8.withContiguousStorageIfAvailable { bytes -> R? in
        _isASCII(bytes) ? body(bytes, true) : nil
    }
    if let direct = direct ?? nil { return direct }
    return _withNonASCIICanonicalUTF8(key, body)
}

/// Whether every byte is ASCII (and so the bytes are already in NFC), eight bytes at a time: whole words,
/// then one last word that overlaps the previous one instead of a byte loop for the tail. Keys shorter than
/// a word take two overlapping 4-byte loads (4 to 7 bytes) or their first, middle and last byte (1 to 3),
/// without a loop. `&+` and `&-` rather than `+` and `-`: no overflow check on this loop, whose offsets
/// stay below `count` and cannot overflow.
@inline(__always)
func _isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    let count = bytes.count
    var combined: UInt64 = 0
    if count >= 8 {
        let last = count &- 8
        var offset = 0
        while offset < last {
            combined |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset &+= 8
        }
        combined |= raw.loadUnaligned(fromByteOffset: last, as: UInt64.self)
    } else if count >= 4 {
        combined = UInt64(
            raw.loadUnaligned(as: UInt32.self) | raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))
    } else if count > 0 {
        combined = UInt64(base[0] | base[count &>> 1] | base[count &- 1])
    }
    return combined & 0x8080_8080_8080_8080 == 0
}

/// The slow path of `_withCanonicalUTF8`: keys that are not ASCII (or not stored as contiguous UTF-8).
@inline(never)
func _withNonASCIICanonicalUTF8<R>(_ key: String, _ body: (UnsafeBufferPointer<UInt8>, _ asStored: Bool) -> R) -> R {
    // Below the Swift 6.2 runtime, which brought UTF8Span's NFC check, every such key is normalised.
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
        var span = key.utf8Span  // floor: inside #available
        if span.checkForNFC(quickCheck: true) {  // floor: inside #available
            return span.span.withUnsafeBufferPointer { body($0, true) }  // floor: inside #available
        }
    }
    return key._nfcCodeUnits.withUnsafeBufferPointer { body($0, false) }
}

/// The type identity as the C table keys it.
@inline(__always)
func _typeBits(_ typeID: ObjectIdentifier) -> UnsafeRawPointer {
    unsafeBitCast(typeID, to: UnsafeRawPointer.self)
}

/// Keys at least this long have their hash noted at registration (`cbox_table_note_key`). Shorter keys
/// live inside the string value (a small string) and are hashed on each lookup, which reads no storage.
let _notedKeyLength = 16

/// The two words of a string value: they identify its storage (and, for a short string, its bytes), and
/// are only ever compared.
@inline(__always)
func _stringWords(_ key: String) -> (UInt64, UInt64) {
    #if _pointerBitWidth(_64)
        withUnsafeBytes(of: key) { ($0.load(as: UInt64.self), $0.load(fromByteOffset: 8, as: UInt64.self)) }
    #else
        // A string value is narrower than two words here: copy what there is.
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeBytes(of: key) { bytes in withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: bytes) } }
        return words
    #endif
}

/// The UTF-8 bytes of a key that is ASCII and at most 7 bytes long, as the string value holds them, packed
/// little-endian into a word (zero above the last byte), and their count; `nil` for any other key.
///
/// `words` are the key's `_stringWords`. Swift holds such a key inside the string value (a small string)
/// unless it has storage (reserved capacity, shortened in place, bridged lazily): on a 64-bit little-endian
/// platform its bytes then fill the first word from its low byte, and the second word is zero but for its
/// top byte, which is `0xE0 | count` (immortal, small, ASCII). Any other top byte (a longer or non-ASCII
/// small string) or a second word with other bits set (every string with storage keeps its address there)
/// answers `nil`, and so does a first word with a byte above 0x7F, so that a key this does not recognise
/// takes the lookup's general path (`Box._findKeyedThroughUTF8InTables`). The bytes past the count are masked
/// off, not trusted to be zero. Other platforms always answer `nil`.
///
/// - Complexity: O(1), with no access to the string's storage.
@inline(__always)
func _shortASCIIKey(_ words: (UInt64, UInt64)) -> (bytes: UInt64, count: Int)? {
    #if _endian(little) && _pointerBitWidth(_64)
        let top = words.1 >> 56
        guard top &- 0xE0 < 8, words.1 << 8 == 0, words.0 & 0x8080_8080_8080_8080 == 0 else { return nil }
        let count = top & 0x7
        return (words.0 & ((1 &<< (8 &* count)) &- 1), Int(truncatingIfNeeded: count))
    #else
        return nil
    #endif
}

/// Calls `body` with the canonical key bytes (empty for no key), whether there is a key, and whether the
/// bytes are the key string's own (it was canonical as it is).
@inline(__always)
func _withKeyBytes<R>(_ key: String?, _ body: (UnsafeBufferPointer<UInt8>, Bool, Bool) -> R) -> R {
    guard let key else { return body(UnsafeBufferPointer(start: nil, count: 0), false, false) }
    return _withCanonicalUTF8(key) { body($0, true, $1) }
}

/// The hash of `string` as a `.perArguments` argument, from its canonical bytes (`_withCanonicalUTF8`), so that
/// strings Swift's `==` calls equal, canonically equivalent ones included, hash alike: up to 16 bytes, XXH3
/// with `seed` (the store's own, random), without a `Hasher`'s seeding and finalisation; longer, a `Hasher`
/// over the same bytes. XXH3 of 16 bytes or fewer with an unknown seed gives whoever chooses the arguments no way to
/// make many of them collide; for longer inputs that is what `Hasher`'s keyed hash is for.
///
/// - Complexity: O(n) in the string's UTF-8 length; no allocation unless it needs normalising.
@usableFromInline
func _argumentHash(of string: String, seed: UInt64) -> Int {
    _withCanonicalUTF8(string) { bytes, _ in
        guard bytes.count > 16 else {
            return Int(truncatingIfNeeded: cbox_hash_bytes(seed, bytes.baseAddress, bytes.count))
        }
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        return hasher.finalize()
    }
}
