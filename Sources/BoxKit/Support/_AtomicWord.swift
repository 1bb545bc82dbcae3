// Wraps the C atomics (CBoxAtomics: cbox_atomic_*), the operations on the words Swift state shares across
// threads. A public import: the inlinable hot paths (a resolve, a handle call) load words with them.
public import CBoxAtomics

/// The memory ordering of an operation on an `_AtomicWord`, named as `Synchronization`'s are.
@usableFromInline
enum _AtomicOrdering {
    case relaxed
    case acquiring
    case releasing
    case acquiringAndReleasing
    case sequentiallyConsistent

    /// The C ordering (a constant wherever the ordering is, so that the C operation compiles to its one
    /// instruction).
    @inlinable @inline(__always)
    var c: cbox_atomic_order {
        switch self {
        case .relaxed: CBOX_ATOMIC_RELAXED
        case .acquiring: CBOX_ATOMIC_ACQUIRE
        case .releasing: CBOX_ATOMIC_RELEASE
        case .acquiringAndReleasing: CBOX_ATOMIC_ACQ_REL
        case .sequentiallyConsistent: CBOX_ATOMIC_SEQ_CST
        }
    }
}

/// A value updated atomically, at a stable address, valid while whatever holds it lives: a 64-bit word
/// (`_AtomicWord`, one of an `_AtomicWords` object's words) or one byte of such a word (`_AtomicByte`).
///
/// BoxKit's platform floor (iOS 17, macOS 14) is below that of `Synchronization.Atomic`; this is its stand-in.
@usableFromInline
struct _Atomic<Storage: FixedWidthInteger & UnsignedInteger>: @unchecked Sendable {
    @usableFromInline let address: UnsafeMutablePointer<Storage>

    /// A view of the value at `address`, a `UInt64` or a `UInt8` (the widths the C operations have).
    @inlinable
    init(_ address: UnsafeMutablePointer<Storage>) {
        assert(Storage.bitWidth == 64 || Storage.bitWidth == 8, "an atomic word or byte")
        self.address = address
    }

    /// The value. `ordering` is `.relaxed`, `.acquiring` or `.sequentiallyConsistent`.
    ///
    /// - Complexity: O(1): one load; the width is known where the view is specialised.
    @inlinable @inline(__always)
    func load(ordering: _AtomicOrdering) -> Storage {
        let raw = UnsafeMutableRawPointer(address)
        guard Storage.bitWidth == 64 else {
            return Storage(truncatingIfNeeded: cbox_atomic_load_u8(raw.assumingMemoryBound(to: UInt8.self), ordering.c))
        }
        let word = cbox_atomic_load(raw.assumingMemoryBound(to: UInt64.self), ordering.c)
        return Storage(truncatingIfNeeded: word)
    }

    /// Stores `value`. `ordering` is `.relaxed`, `.releasing` or `.sequentiallyConsistent`.
    @inlinable @inline(__always)
    func store(_ value: Storage, ordering: _AtomicOrdering) {
        let raw = UnsafeMutableRawPointer(address)
        guard Storage.bitWidth == 64 else {
            let byte = UInt8(truncatingIfNeeded: value)
            return cbox_atomic_store_u8(raw.assumingMemoryBound(to: UInt8.self), byte, ordering.c)
        }
        cbox_atomic_store(raw.assumingMemoryBound(to: UInt64.self), UInt64(truncatingIfNeeded: value), ordering.c)
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
    /// Adds `value`, wrapping; `ordering` is `.relaxed` or `.releasing`.
    func wrappingAdd(_ value: UInt64, ordering: _AtomicOrdering) {
        _ = ordering == .relaxed ? cbox_atomic_add_relaxed(address, value) : cbox_atomic_add_release(address, value)
    }

    /// Stores `desired` if the word holds `expected`. Returns whether it did, and the value the word held.
    /// `ordering` is `.acquiringAndReleasing` or `.sequentiallyConsistent`.
    func compareExchange(
        expected: UInt64, desired: UInt64, ordering: _AtomicOrdering
    ) -> (exchanged: Bool, original: UInt64) {
        var original = expected
        let exchanged =
            ordering == .sequentiallyConsistent
            ? cbox_atomic_compare_exchange_seq_cst(address, &original, desired)
            : cbox_atomic_compare_exchange_acq_rel(address, &original, desired)
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
}
