// Wraps the C atomics (CBoxAtomics: cbox_atomic_*), the operations on the words Swift state shares across
// threads. A public import: the inlinable hot paths (a resolve, a provider call) load words with them.
public import CBoxAtomics

/// The memory ordering of an atomic operation, named as `Synchronization`'s are. The raw value is the C
/// compiler's `__ATOMIC_*` constant, which the C operations take (`cbox_atomic_order`; a test checks the two
/// agree).
@usableFromInline
enum _AtomicOrdering: Int32 {
    case relaxed = 0
    case acquiring = 2
    case releasing = 3
    case acquiringAndReleasing = 4
    case sequentiallyConsistent = 5

    /// Whether a load may take this ordering.
    @inlinable
    var isForLoads: Bool { self == .relaxed || self == .acquiring || self == .sequentiallyConsistent }

    /// Whether a store may take this ordering.
    @inlinable
    var isForStores: Bool { self == .relaxed || self == .releasing || self == .sequentiallyConsistent }
}

/// What an `_Atomic` may hold: a 64-bit word or a byte, the widths the C operations have.
@usableFromInline
protocol _AtomicStorage: FixedWidthInteger, UnsignedInteger {}

extension UInt64: _AtomicStorage {}
extension UInt8: _AtomicStorage {}

/// A value updated atomically, at a stable address, valid while whatever holds it lives: a 64-bit word
/// (`_AtomicWord`: one of an `_AtomicWords` object's words, or a word inside an object that outlives it) or
/// one byte of such a word (`_AtomicByte`).
///
/// BoxKit's platform floor (iOS 17, macOS 14) is below that of `Synchronization.Atomic`; this is its stand-in.
@usableFromInline
struct _Atomic<Storage: _AtomicStorage>: @unchecked Sendable {
    @usableFromInline let address: UnsafeMutablePointer<Storage>

    /// A view of the value at `address`.
    @inlinable
    init(_ address: UnsafeMutablePointer<Storage>) {
        self.address = address
    }

    /// The value. `ordering` is `.relaxed`, `.acquiring` or `.sequentiallyConsistent`.
    ///
    /// - Complexity: O(1): one load; the width is known where the view is specialised.
    @inlinable @inline(__always)
    func load(ordering: _AtomicOrdering) -> Storage {
        assert(ordering.isForLoads, "a load cannot be \(ordering)")
        let raw = UnsafeMutableRawPointer(address)
        guard Storage.bitWidth == 64 else {
            let byte = cbox_atomic_load_u8(raw.assumingMemoryBound(to: UInt8.self), ordering.rawValue)
            return Storage(truncatingIfNeeded: byte)
        }
        let word = cbox_atomic_load(raw.assumingMemoryBound(to: UInt64.self), ordering.rawValue)
        return Storage(truncatingIfNeeded: word)
    }

    /// Stores `value`. `ordering` is `.relaxed`, `.releasing` or `.sequentiallyConsistent`.
    @inlinable @inline(__always)
    func store(_ value: Storage, ordering: _AtomicOrdering) {
        assert(ordering.isForStores, "a store cannot be \(ordering)")
        let raw = UnsafeMutableRawPointer(address)
        guard Storage.bitWidth == 64 else {
            let byte = UInt8(truncatingIfNeeded: value)
            return cbox_atomic_store_u8(raw.assumingMemoryBound(to: UInt8.self), byte, ordering.rawValue)
        }
        let word = UInt64(truncatingIfNeeded: value)
        cbox_atomic_store(raw.assumingMemoryBound(to: UInt64.self), word, ordering.rawValue)
    }

    /// The value as a flag: raised when nonzero.
    @inlinable @inline(__always)
    func loadFlag(ordering: _AtomicOrdering) -> Bool { load(ordering: ordering) != 0 }

    /// Stores a flag as 1 or 0.
    @inlinable @inline(__always)
    func storeFlag(_ flag: Bool, ordering: _AtomicOrdering) { store(flag ? 1 : 0, ordering: ordering) }
}

/// A 64-bit word updated atomically. Pointers and flags are stored as their bit patterns.
@usableFromInline
typealias _AtomicWord = _Atomic<UInt64>

/// An atomic flag in one byte of an `_AtomicWord`: several flags share a word and are still separate memory
/// locations (only the C side reads and writes them). Valid while the word lives.
@usableFromInline
typealias _AtomicByte = _Atomic<UInt8>

extension _Atomic where Storage == UInt64 {
    /// Adds `value`, wrapping, and returns the value the word held before; any `ordering`.
    @discardableResult
    func wrappingAdd(_ value: UInt64, ordering: _AtomicOrdering) -> UInt64 {
        cbox_atomic_add(address, value, ordering.rawValue)
    }

    /// Stores `desired` if the word holds `expected`. Returns whether it did, and the value the word held.
    /// `ordering` is `.acquiringAndReleasing` or `.sequentiallyConsistent`.
    func compareExchange(
        expected: UInt64, desired: UInt64, ordering: _AtomicOrdering
    ) -> (exchanged: Bool, original: UInt64) {
        assert(ordering == .acquiringAndReleasing || ordering == .sequentiallyConsistent)
        var original = expected
        let exchanged = cbox_atomic_compare_exchange(address, &original, desired, ordering.rawValue)
        return (exchanged, original)
    }

    // MARK: Pointers and bytes

    /// The word as a pointer.
    @inlinable @inline(__always)
    func loadPointer(ordering: _AtomicOrdering) -> UnsafeMutableRawPointer? {
        UnsafeMutableRawPointer(bitPattern: UInt(truncatingIfNeeded: load(ordering: ordering)))
    }

    /// Stores a pointer.
    @inlinable @inline(__always)
    func storePointer(_ pointer: UnsafeMutableRawPointer?, ordering: _AtomicOrdering) {
        store(UInt64(UInt(bitPattern: pointer)), ordering: ordering)
    }

    /// Byte `index` (0 to 7) of this word, as an atomic flag of its own.
    @inlinable @inline(__always)
    func byte(_ index: Int) -> _AtomicByte {
        _AtomicByte(UnsafeMutableRawPointer(address).advanced(by: index).assumingMemoryBound(to: UInt8.self))
    }

    /// `compareExchange` of pointers.
    func compareExchangePointer(
        expected: UnsafeMutableRawPointer?, desired: UnsafeMutableRawPointer?, ordering: _AtomicOrdering
    ) -> (exchanged: Bool, original: UnsafeMutableRawPointer?) {
        let (exchanged, original) = compareExchange(
            expected: UInt64(UInt(bitPattern: expected)), desired: UInt64(UInt(bitPattern: desired)),
            ordering: ordering)
        return (exchanged, UnsafeMutableRawPointer(bitPattern: UInt(truncatingIfNeeded: original)))
    }
}

extension _Atomic where Storage == UInt8 {
    /// Raises the flag if it is down, sequentially consistent; returns whether it did.
    func claim() -> Bool { cbox_atomic_claim_u8_seq_cst(address) }

    /// Sets the bits of `bits`, sequentially consistent; returns the byte as it was.
    @discardableResult
    func setBits(_ bits: UInt8) -> UInt8 { cbox_atomic_or_u8_seq_cst(address, bits) }

    /// Clears the bits of `bits`, sequentially consistent.
    func clearBits(_ bits: UInt8) { cbox_atomic_clear_u8_seq_cst(address, bits) }
}
