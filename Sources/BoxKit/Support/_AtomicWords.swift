/// Atomic words at stable addresses, each read and written through `_AtomicWord`. Copies share the words.
///
/// The words are either allocated for this value, after the header of one object it keeps (a stored
/// property's address obtained with `&` is not guaranteed to be stable), or held by an object that outlives
/// every use of this value (`init(inObjectAt:)`). An owner with several atomic fields keeps one
/// `_AtomicWords` with a word per field, so that they cost at most one allocation, and releases what its
/// words hold in its own `deinit`. Words start at 0.
///
/// `@unchecked Sendable`: the words are only read and written atomically.
@usableFromInline
struct _AtomicWords: @unchecked Sendable {
    /// The object whose elements are the words, for words allocated by `init(count:)`.
    @usableFromInline
    final class Storage: ManagedBuffer<Void, UInt64> {}

    /// Keeps allocated words alive; `nil` when an object that outlives this value holds them.
    @usableFromInline let storage: Storage?
    /// The first word.
    @usableFromInline let base: UnsafeMutablePointer<UInt64>

    /// `count` words, each 0, allocated together.
    init(count: Int) {
        let storage = unsafeDowncast(Storage.create(minimumCapacity: count) { _ in () }, to: Storage.self)
        base = storage.withUnsafeMutablePointerToElements { $0 }
        base.initialize(repeating: 0, count: count)
        self.storage = storage
    }

    /// The words that start at `base`, inside an object that outlives every use of this value: the first
    /// stored property of a class instance, say, a tuple of `UInt64` that nothing reads as a property
    /// (see `_AnyRegistration.words`).
    @inlinable
    init(inObjectAt base: UnsafeMutableRawPointer) {
        self.storage = nil
        self.base = base.assumingMemoryBound(to: UInt64.self)
    }

    /// Word `index`, valid while the words live.
    @inlinable
    subscript(_ index: Int) -> _AtomicWord {
        @inline(__always) get { _AtomicWord(base + index) }
    }

    /// Word 0: the word of an owner that has one.
    @inlinable
    var word: _AtomicWord {
        @inline(__always) get { self[0] }
    }
}
