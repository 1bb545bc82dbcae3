/// The keys the keyed measurements use, and the numbered keys and random order of the scale measurements.
enum Keys {
    /// A short ASCII key.
    static let short = "BMW"
    /// A 40-byte ASCII key.
    static let ascii40 = "garage.vehicles.sports-car.turbo.v12.bmw"
    /// A 40-byte non-ASCII key, already in Unicode Normalization Form C.
    static let nonASCII40 = "Größe-Straße-Ölkühler-Übergrößen"

    /// Checks the keys are what their names say.
    static func validate() {
        precondition(
            ascii40.utf8.count == 40 && ascii40.utf8.allSatisfy { $0 < 0x80 }, "ascii40 must be 40 ASCII bytes")
        precondition(nonASCII40.utf8.count == 40 && !nonASCII40.utf8.allSatisfy { $0 < 0x80 }, "nonASCII40: 40 bytes")
    }

    /// "k0", "k1", ... : `count` distinct keys (all short enough to be stored inline, without allocating).
    static func numbered(_ count: Int) -> [String] {
        (0..<count).map { "k\($0)" }
    }

    /// A reproducible random sequence of indices below `count`, whose length is a power of two at least
    /// `count` (and at least 4,096), so that walking it touches every part of a large registry.
    static func randomIndices(below count: Int) -> [Int] {
        var generator = SplitMix64(seed: 0x5EED_B0C5)
        let length = Swift.max(4_096, count).nextPowerOfTwo
        return (0..<length).map { _ in Int.random(in: 0..<count, using: &generator) }
    }
}

/// A small, fast, seedable generator, so every run walks the keys in the same random order.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

extension Int {
    /// The smallest power of two not below `self` (`self` positive).
    fileprivate var nextPowerOfTwo: Int { 1 << (Int.bitWidth - (self - 1).leadingZeroBitCount) }
}
