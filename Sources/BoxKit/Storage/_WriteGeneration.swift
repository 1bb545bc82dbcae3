/// A registry's write counter: every insert, remove and clear advances it after the change is made (with
/// release ordering), and so does destroying the registry. A reader that loads the same value before and
/// after finding a registration (acquiring) knows the registry has not changed in between.
///
/// Its own object, rather than a field of the storage, so that a ``ServiceProvider`` can keep watching an
/// ancestor's counter without keeping the ancestor box or its registrations alive. Copies share the counter.
@usableFromInline
struct _WriteGeneration: Sendable {
    @usableFromInline let counter = _AtomicWords(count: 1)

    /// The current count.
    @inlinable
    var current: UInt64 { counter.word.load(ordering: .acquiring) }

    /// Counts one write; call after the write is visible to readers.
    ///
    /// Only the registry's writer advances its counter, under the registry's lock or in its `deinit`, so a
    /// load and a releasing store count as an atomic add would, without its locked instruction.
    func advance() {
        let word = counter.word
        word.store(word.load(ordering: .relaxed) &+ 1, ordering: .releasing)
    }
}
