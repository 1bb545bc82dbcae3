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

/// A 64-bit word updated atomically, at a stable address: one of an `_AtomicWords` object's words, valid
/// while that object lives. Pointers and flags are stored as their bit patterns.
///
/// BoxKit's platform floor (iOS 17, macOS 14) is below that of `Synchronization.Atomic`; this is its stand-in.
@usableFromInline
struct _AtomicWord: @unchecked Sendable {
    @usableFromInline let address: UnsafeMutablePointer<UInt64>

    @inlinable
    init(_ address: UnsafeMutablePointer<UInt64>) {
        self.address = address
    }

    /// The word. `ordering` is `.relaxed`, `.acquiring` or `.sequentiallyConsistent`.
    @inlinable @inline(__always)
    func load(ordering: _AtomicOrdering) -> UInt64 { cbox_atomic_load(address, ordering.c) }

    /// Stores `value`. `ordering` is `.relaxed`, `.releasing` or `.sequentiallyConsistent`.
    @inlinable @inline(__always)
    func store(_ value: UInt64, ordering: _AtomicOrdering) { cbox_atomic_store(address, value, ordering.c) }

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

    // MARK: Flags and pointers

    /// The word as a flag.
    @inlinable @inline(__always)
    func loadFlag(ordering: _AtomicOrdering) -> Bool { load(ordering: ordering) != 0 }

    /// Stores a flag.
    @inlinable @inline(__always)
    func storeFlag(_ flag: Bool, ordering: _AtomicOrdering) { store(flag ? 1 : 0, ordering: ordering) }

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

/// An atomic flag in one byte of an `_AtomicWord`: several flags share a word and are still separate memory
/// locations (only the C side reads and writes them). Valid while the word lives.
@usableFromInline
struct _AtomicByte: @unchecked Sendable {
    @usableFromInline let address: UnsafeMutablePointer<UInt8>

    @inlinable
    init(_ address: UnsafeMutablePointer<UInt8>) {
        self.address = address
    }

    /// The flag. `ordering` is `.relaxed`, `.acquiring` or `.sequentiallyConsistent`.
    @inlinable @inline(__always)
    func loadFlag(ordering: _AtomicOrdering) -> Bool { cbox_atomic_load_u8(address, ordering.c) }

    /// Stores the flag. `ordering` is `.relaxed`, `.releasing` or `.sequentiallyConsistent`.
    @inlinable @inline(__always)
    func storeFlag(_ flag: Bool, ordering: _AtomicOrdering) { cbox_atomic_store_u8(address, flag, ordering.c) }

    /// Raises the flag if it is down, sequentially consistent; returns whether it did.
    func claim() -> Bool { cbox_atomic_claim_u8_seq_cst(address) }
}
