import Synchronization

/// An object made on first use by whichever thread gets there first, then shared.
///
/// A noncopyable struct, stored inline in the object that owns it: one word, and no allocation until the
/// object is made (a class here cost every registration an allocation per lazy field).
///
/// Used instead of `AtomicLazyReference`, whose atomics run inside the Synchronization library where
/// ThreadSanitizer cannot see them; these are inlined here. The pointer is published with a releasing
/// compare-exchange and read with an acquiring load.
struct _LazyReference<Object: AnyObject>: ~Copyable, @unchecked Sendable {
    private let pointer = Atomic<UnsafeMutableRawPointer?>(nil)

    init() {}

    deinit {
        if let object = pointer.load(ordering: .acquiring) { Unmanaged<Object>.fromOpaque(object).release() }
    }

    /// The object, if one was made.
    func load() -> Object? {
        pointer.load(ordering: .acquiring).map { Unmanaged<Object>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The object, made with `make` if no thread has made it yet (a thread that loses the race discards
    /// its own).
    func load(orMake make: () -> Object) -> Object {
        if let existing = load() { return existing }
        let fresh = Unmanaged.passRetained(make())
        let (exchanged, original) = pointer.compareExchange(
            expected: nil, desired: fresh.toOpaque(), ordering: .acquiringAndReleasing)
        if exchanged { return fresh.takeUnretainedValue() }
        fresh.release()
        return Unmanaged<Object>.fromOpaque(original.unsafelyUnwrapped).takeUnretainedValue()
    }
}
