/// The cache of a ``Boxed`` or ``BoxedIfRegistered`` property: where to resolve from, and the value once
/// resolved. A class, so that the property wrapper's getter does not mutate (it works in `let` structs) and
/// copies of the wrapper share one value.
///
/// The value is made outside any lock: a factory that reads the same property then reaches the box's cycle
/// check instead of a deadlock. Of several threads that make it at once, the first to store it wins and
/// all of them return that value.
@usableFromInline
final class _LazyService<Value>: @unchecked Sendable {
    /// The explicit box, or the box `withBox` put in place where the property was created (`.atCreation`), or
    /// `nil` for `Box.shared` at first access.
    let box: Box?
    let key: String?
    /// Set (releasing) once `value` is stored; never cleared.
    @usableFromInline let ready = _AtomicWords(count: 1)
    /// Written once, under `storing`, before `ready` is set; then only read.
    @usableFromInline @exclusivity(unchecked) var value: Value?
    /// Serialises the one store. (Its accesses to `value` are also ordered by `ready`, which sanitizers see.)
    private let storing = _Lock()

    /// A cache resolving from `box`, or, when it is `nil`, from `Box.shared` as `binding` settles it.
    ///
    /// - Complexity: O(1): with `.atCreation` and no box, one task-local read.
    init(box: Box?, key: String?, binding: SharedBoxBinding) {
        self.box = box ?? (binding == .atCreation ? Box._taskShared : nil)
        self.key = key
    }

    /// The value, made with `make` on the first call.
    @inlinable
    func get(_ make: (Box, String?) -> Value) -> Value {
        if ready.word.loadFlag(ordering: .acquiring) { return value.unsafelyUnwrapped }
        return fill(make)
    }

    @usableFromInline
    func fill(_ make: (Box, String?) -> Value) -> Value {
        let made = make(box ?? Box.shared, key)
        storing.withLock {
            guard !ready.word.loadFlag(ordering: .acquiring) else { return }
            value = made
            ready.word.storeFlag(true, ordering: .releasing)
        }
        return value.unsafelyUnwrapped
    }
}
