/// An object made on first use by whichever thread gets there first, then shared.
///
/// A view of one of its owner's atomic words, which holds the object: no allocation until the object is made
/// (a class here would cost every registration an allocation per lazy field). Copies are views of the same
/// word.
/// The owner calls `releaseObject()` in its `deinit`.
///
/// The pointer is published with a releasing compare-exchange and read with an acquiring load.
struct _LazyReference<Object: AnyObject>: @unchecked Sendable {
    /// The object, retained, or `nil`.
    private let pointer: _AtomicWord

    /// A reference kept in `word`, which must start at 0, be used for nothing else, and outlive it.
    init(_ word: _AtomicWord) {
        pointer = word
    }

    /// Releases the object, if one was made; the owner's `deinit` calls it, once.
    func releaseObject() {
        if let object = pointer.loadPointer(ordering: .acquiring) { Unmanaged<Object>.fromOpaque(object).release() }
    }

    /// The object, if one was made.
    func load() -> Object? {
        pointer.loadPointer(ordering: .acquiring).map { Unmanaged<Object>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The object, made with `make` if no thread has made it yet (a thread that loses the race discards
    /// its own).
    func load(orMake make: () -> Object) -> Object {
        if let existing = load() { return existing }
        let fresh = Unmanaged.passRetained(make())
        let (exchanged, original) = pointer.compareExchangePointer(
            expected: nil, desired: fresh.toOpaque(), ordering: .acquiringAndReleasing)
        if exchanged { return fresh.takeUnretainedValue() }
        fresh.release()
        return Unmanaged<Object>.fromOpaque(original.unsafelyUnwrapped).takeUnretainedValue()
    }
}
