/// One value of a `.perArguments` registration's arguments and the instance made for it: an entry of the
/// registration's `_ArgumentInstances`.
///
/// The first resolve that passes a value makes the entry, without an instance, and publishes it at once, so
/// that a resolve of an equal value on another thread finds it and waits for its creation (`creation`, as a
/// permanent registration's first creation is waited for) instead of making another. Then the thread that
/// claims `creation` first makes the instance, keeps it here and sets `ready`; from then on the entry changes
/// only in its `referenced` flag, until the store evicts it or goes. `hash` and the arguments never change.
///
/// The fields threads share are atomic words (`Word`), the first stored property, as a registration's are.
@usableFromInline
class _ArgumentInstance: @unchecked Sendable {
    /// The words of `Word`, read and written only through `words`.
    private final var _wordStorage: (UInt64, UInt64, UInt64) = (0, 0, 0)
    /// The hash of the arguments (`_ArgumentInstances.hash`), which places the entry in the store; for
    /// arguments that equal nothing, not even themselves (a `NaN`), a hash of a count of such entries
    /// (`_ArgumentInstances.scatteredHash()`), so that they, which no lookup can find, spread over the slots.
    @usableFromInline final let hash: Int

    @usableFromInline
    init(hash: Int) {
        self.hash = hash
        assert(
            withUnsafeMutablePointer(to: &_wordStorage) { UnsafeMutableRawPointer($0) } == words.base,
            "the atomic words are not the entry's first stored property")
    }

    /// Releases the instance, if it was made.
    deinit {
        if isReady { Unmanaged<AnyObject>.fromOpaque(instanceWord).release() }
    }

    /// The entry's atomic words, inside the object.
    @inlinable
    final var words: _AtomicWords {
        @inline(__always) get { _AtomicWords(inObjectAt: _getUnsafePointerToStoredProperties(self)) }
    }

    /// The indices of `words`.
    @usableFromInline
    enum Word {
        /// The flags, a byte each (see `Flag`).
        @inlinable static var flags: Int { 0 }
        /// The identity (`_ResolutionThread.identity`) of the thread making the instance while it holds
        /// `creation`, 0 otherwise.
        static let creator = 1
        /// Once `ready`: the object that keeps the instance (`_InstanceStorage.object(keeping:)`), retained.
        /// Before: while the creating thread runs the hooks, the address of the instance they receive, which
        /// only that thread reads (`pending`); 0 otherwise.
        @inlinable static var instance: Int { 2 }
    }

    /// The bytes of the `Word.flags` word.
    @usableFromInline
    enum Flag {
        /// `creation`'s claim.
        static let creation = 0
        /// Set (releasing) once the instance is kept; readers check it (acquiring) before reading it.
        @inlinable static var ready: Int { 1 }
        /// Set by a resolve that found the instance, cleared by an eviction that passed over it: the
        /// store's approximation of least-recently-used eviction (CLOCK).
        @inlinable static var referenced: Int { 2 }
        /// Set when the instance is kept in a `Cell`; stored before `ready`, read after it.
        @inlinable static var inCell: Int { 3 }
    }

    /// Held by the thread that makes the instance, while it runs the factory and the hooks.
    final var creation: _CreationClaim { _CreationClaim(words[Word.flags].byte(Flag.creation)) }

    /// Whether the instance is kept, to be read without locking.
    @inlinable
    final var isReady: Bool { words[Word.flags].byte(Flag.ready).loadFlag(ordering: .acquiring) }

    /// The thread making the instance (`_ResolutionThread.identity`), or 0: written by that thread while it
    /// holds `creation`, so a thread that reads its own identity here is that thread.
    final var creator: UInt64 {
        get { creatorWord.load(ordering: .relaxed) }
        set { creatorWord.store(newValue, ordering: .relaxed) }
    }

    /// The word `creator` is kept in, which a verification that abandons the creating thread clears
    /// (`_ResolutionThread.withCreationClaim`).
    final var creatorWord: _AtomicWord { words[Word.creator] }

    /// The instance the hooks run on, while the creating thread runs them; read and written by that thread
    /// only, before `ready`.
    final var pending: UnsafeRawPointer? {
        get { UnsafeRawPointer(words[Word.instance].loadPointer(ordering: .relaxed)) }
        set { words[Word.instance].storePointer(UnsafeMutableRawPointer(mutating: newValue), ordering: .relaxed) }
    }

    /// Notes that a resolve found the instance: one load, and a store only when the flag is down.
    @inlinable
    final func markReferenced() {
        let flag = words[Word.flags].byte(Flag.referenced)
        if !flag.loadFlag(ordering: .relaxed) { flag.storeFlag(true, ordering: .relaxed) }
    }

    /// Whether a resolve found the instance since the last call, which lowers the flag again. Writers only.
    final func takeReferenced() -> Bool {
        let flag = words[Word.flags].byte(Flag.referenced)
        guard flag.loadFlag(ordering: .relaxed) else { return false }
        flag.storeFlag(false, ordering: .relaxed)
        return true
    }

    /// Keeps `made` as the instance and sets `ready`; by the thread holding `creation`, once.
    final func keep<Service>(_ made: Service) {
        let (object, inCell) = _InstanceStorage.object(keeping: made)
        words[Word.flags].byte(Flag.inCell).storeFlag(inCell, ordering: .relaxed)
        words[Word.instance].storePointer(Unmanaged.passRetained(object).toOpaque(), ordering: .relaxed)
        words[Word.flags].byte(Flag.ready).storeFlag(true, ordering: .releasing)
    }

    /// The instance `keep(_:)` kept, read as the same `Service`, once `isReady` was read true.
    ///
    /// - Complexity: O(1): the note, then the instance or the value its `Cell` holds.
    @inlinable
    final func instance<Service>(as _: Service.Type) -> Service {
        let inCell = words[Word.flags].byte(Flag.inCell).loadFlag(ordering: .relaxed)
        return Unmanaged<AnyObject>.fromOpaque(instanceWord)._withUnsafeGuaranteedRef {
            _InstanceStorage.instance(in: $0, as: Service.self, inCell: inCell)
        }
    }

    /// `Word.instance` as a pointer; that of the kept object once `ready`.
    @inlinable
    final var instanceWord: UnsafeMutableRawPointer {
        words[Word.instance].loadPointer(ordering: .relaxed).unsafelyUnwrapped
    }
}

/// An `_ArgumentInstance` with the argument values it was made for, of the registration's argument types
/// (`First`, then `Rest`, as `_ArgumentRegistration` has them).
@usableFromInline
final class _ArgumentInstanceOf<First, each Rest>: _ArgumentInstance, @unchecked Sendable {
    /// The first argument, as the resolve that made the entry passed it.
    @usableFromInline let first: First
    /// The other arguments, as that resolve passed them.
    @usableFromInline let rest: (repeat each Rest)

    @usableFromInline
    init(hash: Int, arguments first: First, _ rest: repeat each Rest) {
        self.first = first
        self.rest = (repeat each rest)
        super.init(hash: hash)
    }
}
