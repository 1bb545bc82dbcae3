/// Calls `body` with the UTF-8 bytes of `key` in Unicode Normalization Form C, so that canonically
/// equivalent keys ("caf\u{E9}" and "cafe\u{301}") hash and compare as one key, as Swift's `==` does.
///
/// ASCII keys and keys that pass the quick NFC check are used as they are, without copying; only keys
/// that may not be in NFC are normalised.
///
/// - Complexity: O(n) in the key's length; no allocation unless the key needs normalising.
@inline(__always)
func _withCanonicalUTF8<R>(_ key: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    let span = key.utf8Span
    if span.isKnownASCII { return span.span.withUnsafeBufferPointer(body) }
    return _withNonASCIICanonicalUTF8(key, body)
}

/// The slow path of `_withCanonicalUTF8`: keys that are not ASCII.
@inline(never)
func _withNonASCIICanonicalUTF8<R>(_ key: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    var span = key.utf8Span
    if span.checkForNFC(quickCheck: true) {
        return span.span.withUnsafeBufferPointer(body)
    }
    return key._nfcCodeUnits.withUnsafeBufferPointer(body)
}
