/// Atomic words at stable addresses: allocated after the header of one object (a stored property's address
/// is not guaranteed to be stable), which this struct refers to. Copies share the words.
///
/// An owner with several atomic fields keeps one `_AtomicWords` with a word per field, so that they cost one
/// allocation, and releases what its words hold in its own `deinit`. Words start at 0.
///
/// `@unchecked Sendable`: the words are only read and written atomically, through `_AtomicWord`.
@usableFromInline
struct _AtomicWords: @unchecked Sendable {
    /// The object whose elements are the words.
    @usableFromInline
    final class Storage: ManagedBuffer<Void, UInt64> {}

    @usableFromInline let storage: Storage

    /// `count` words, each 0.
    init(count: Int) {
        storage = unsafeDowncast(Storage.create(minimumCapacity: count) { _ in () }, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { $0.initialize(repeating: 0, count: count) }
    }

    /// Word `index`, valid while any copy of this value lives.
    @inlinable
    subscript(_ index: Int) -> _AtomicWord {
        @inline(__always) get { _AtomicWord(storage.withUnsafeMutablePointerToElements { $0 + index }) }
    }

    /// Word 0: the word of an owner that has one.
    @inlinable
    var word: _AtomicWord {
        @inline(__always) get { self[0] }
    }
}
