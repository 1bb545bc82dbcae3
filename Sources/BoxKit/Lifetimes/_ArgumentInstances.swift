/// The instances a `.perArguments` registration keeps: one `_ArgumentInstance` per value of its arguments,
/// in an open-addressing hash set (linear probing over `_ArgumentSlots`) that resolves read without a lock.
///
/// Hashing and comparing arguments is the user's code (`hash(into:)`, `==`), so it runs outside every lock
/// and every read section: a resolve hashes first, then probes inside a short read section, where it only
/// compares hashes, copies out what it needs and retains it, then compares the arguments after leaving it.
/// Writers (a new value's entry, an eviction, a rebuild of the slots) hold `retired`'s lock and run no user
/// code under it: they compare entries by identity and count, never by value.
///
/// Invariants:
/// - A slot holds `empty`, `deleted` or an entry. A writer fills an empty or deleted slot, with a release
///   store, only with an entry already made; it marks a slot deleted only to evict its entry; no slot of a
///   published array ever becomes empty again. So a probe from a hash's home slot to the first empty slot
///   passes every entry with that hash that the array held when the probe began and still holds.
/// - At most half the slots are entries or deleted, so every probe ends.
/// - The store holds one reference to each entry of the current array. An entry leaves it only by eviction,
///   which retires it; a replaced array is retired. What is retired is released once every read section
///   that began before it was retired has ended: a reader may use what it found until its section ends, and
///   retains what it uses after.
/// - `version` counts inserts, each advanced (releasing) after its slot is stored. A reader that read it
///   (acquiring) before probing, and found no entry equal to its arguments, inserts only if `version` is
///   still what it read: otherwise it looks again. So two resolves of equal values never both insert.
/// - An entry being made (not ready) is never evicted.
@usableFromInline
final class _ArgumentInstances: @unchecked Sendable {
    /// The words of `Word`, read and written only through `words`.
    private final var _wordStorage: (UInt64, UInt64, UInt64) = (0, 0, 0)
    /// The `Hashable` conformances of the argument types after the first, in order: how those arguments are
    /// hashed and compared. The first is hashed and compared through `_hashable` and `_equalHashables`,
    /// which code specialised for its type resolves at compile time.
    @usableFromInline let restWitnesses: [any Hashable.Type]
    /// The most entries kept; `Int.max` for no bound.
    let limit: Int
    /// The seed of a `String` argument's hash (`_argumentHash(of:seed:)`): random, so that no one who chooses
    /// the arguments can know which of them collide.
    @usableFromInline let seed = UInt64.random(in: .min ... .max)
    /// What writers retired, and their lock.
    private let retired = _RetireList()
    /// The entries of the current array, the deleted slots there, and where the eviction's hand is: written
    /// under `retired`'s lock only.
    @exclusivity(unchecked) private var count = 0
    @exclusivity(unchecked) private var tombstones = 0
    @exclusivity(unchecked) private var hand = 0

    /// An empty store for arguments after the first hashed and compared by `restWitnesses`, keeping at most
    /// `limit` entries.
    init(restWitnesses: [any Hashable.Type], limit: Int) {
        self.restWitnesses = restWitnesses
        self.limit = limit
        assert(
            withUnsafeMutablePointer(to: &_wordStorage) { UnsafeMutableRawPointer($0) } == words.base,
            "the atomic words are not the store's first stored property")
    }

    /// Releases every entry and the slot array (retired ones go with `retired`). No reader may be using
    /// them: the registration that owns the store is gone.
    deinit {
        guard let slots = currentSlots else { return }
        slots.forEachEntry { _, entry in Unmanaged<_ArgumentInstance>.fromOpaque(entry).release() }
        Unmanaged.passUnretained(slots).release()
    }

    /// The store's atomic words, inside the object.
    @inlinable
    var words: _AtomicWords {
        @inline(__always) get { _AtomicWords(inObjectAt: _getUnsafePointerToStoredProperties(self)) }
    }

    /// The indices of `words`.
    @usableFromInline
    enum Word {
        /// The current `_ArgumentSlots`, retained; 0 before the first entry.
        @inlinable static var slots: Int { 0 }
        /// How many entries were ever inserted.
        static let version = 1
        /// How many entries were made for arguments that equal nothing (`scatteredHash()`).
        static let scattered = 2
    }

    /// The current slot array, or `nil` before the first entry; read acquiring, so that its slots read as
    /// the writer that published it left them.
    @inlinable
    var currentSlots: _ArgumentSlots? {
        words[Word.slots].loadPointer(ordering: .acquiring).map {
            Unmanaged<_ArgumentSlots>.fromOpaque($0).takeUnretainedValue()
        }
    }

    /// The first entry with `hash`, inside a read section: it stays valid until the section ends.
    ///
    /// - Complexity: O(1) on average: one probe.
    @inlinable
    func first(withHash hash: Int) -> UnsafeMutableRawPointer? {
        guard let raw = words[Word.slots].loadPointer(ordering: .acquiring) else { return nil }
        return Unmanaged<_ArgumentSlots>.fromOpaque(raw)._withUnsafeGuaranteedRef { $0.first(withHash: hash) }
    }

    /// Every entry with `hash` now, retained, and the `version` read before looking for them, for
    /// `insert(_:ifNoneInsertedSince:)`.
    ///
    /// - Complexity: O(1) on average: one probe, in a read section.
    func entries(withHash hash: Int) -> (entries: [_ArgumentInstance], version: UInt64) {
        let reader = _ReadSection.begin()
        defer { _ReadSection.end(reader) }
        let version = words[Word.version].load(ordering: .acquiring)
        var found: [_ArgumentInstance] = []
        currentSlots?.forEach(withHash: hash) { entry in
            found.append(Unmanaged<_ArgumentInstance>.fromOpaque(entry).takeUnretainedValue())
            return true
        }
        return (found, version)
    }

    /// Inserts `entry`, made for arguments that equal no entry the caller found with its hash, unless
    /// another entry was inserted since the caller read `version` as `seen` (`nil`: the arguments equal
    /// nothing, so no other entry can be theirs). At the bound, evicts the least recently used entry first.
    /// Returns whether it inserted; if not, the caller looks for the entries again.
    ///
    /// - Complexity: O(1) amortised; a growth rehashes every entry, under the lock, without user code.
    func insert(_ entry: _ArgumentInstance, ifNoneInsertedSince seen: UInt64?) -> Bool {
        retired.write { retire in
            let version = words[Word.version].load(ordering: .relaxed)
            if let seen, version != seen { return false }
            if count >= limit { evictOne(retire) }
            var slots = currentSlots
            if slots == nil || (count + tombstones + 1) * 2 > slots.unsafelyUnwrapped.mask + 1 {
                slots = rebuild(retire)
            }
            if slots.unsafelyUnwrapped.place(Unmanaged.passRetained(entry).toOpaque(), hash: entry.hash) {
                tombstones -= 1
            }
            count += 1
            words[Word.version].store(version &+ 1, ordering: .releasing)
            return true
        }
    }

    /// A hash for arguments that equal nothing: the hash of how many such entries came before.
    func scatteredHash() -> Int {
        var hasher = Hasher()
        hasher.combine(words[Word.scattered].wrappingAdd(1, ordering: .relaxed))
        return hasher.finalize()
    }

    /// How many entries the store keeps.
    var entryCount: Int { retired.write { _ in count } }

    /// Evicts one ready entry that no resolve found since the hand last passed it (CLOCK), marking its slot
    /// deleted and retiring it; none if every entry is being made. Under the lock.
    private func evictOne(_ retire: (Unmanaged<AnyObject>) -> Void) {
        guard let slots = currentSlots else { return }
        for _ in 0..<2 * (slots.mask + 1) {
            let index = hand
            hand = (hand + 1) & slots.mask
            guard let raw = _ArgumentSlots.entry(slots[index].load(ordering: .relaxed)) else { continue }
            let entry = Unmanaged<_ArgumentInstance>.fromOpaque(raw).takeUnretainedValue()
            guard entry.isReady, !entry.takeReferenced() else { continue }
            slots[index].store(_ArgumentSlots.deleted, ordering: .releasing)
            count -= 1
            tombstones += 1
            retire(Unmanaged.fromOpaque(raw))
            return
        }
    }

    /// Moves the entries into a new array with room for one more at a load of at most one half, without
    /// tombstones; publishes it and retires the old one. Under the lock.
    private func rebuild(_ retire: (Unmanaged<AnyObject>) -> Void) -> _ArgumentSlots {
        var capacity = 8
        while (count + 1) * 2 > capacity { capacity *= 2 }
        let fresh = _ArgumentSlots.make(capacity: capacity)
        let old = currentSlots
        old?.forEachEntry { _, entry in
            _ = fresh.place(
                entry, hash: Unmanaged<_ArgumentInstance>.fromOpaque(entry)._withUnsafeGuaranteedRef { $0.hash })
        }
        words[Word.slots].storePointer(Unmanaged.passRetained(fresh).toOpaque(), ordering: .releasing)
        if let old { retire(Unmanaged<AnyObject>.passUnretained(old)) }
        tombstones = 0
        hand &= fresh.mask
        return fresh
    }
}

extension _ArgumentInstances {
    /// The instance kept for arguments equal to `first` and `rest`, whose hash is `hash`, if the first entry
    /// with that hash is theirs and ready; otherwise `nil`, for the caller to look further. In a read section,
    /// it finds the entry, copies its arguments out and retains its instance; it compares the arguments
    /// after leaving it.
    ///
    /// - Complexity: O(1) on average: one probe, one comparison, one retain; no lock, no allocation.
    @inlinable @inline(__always)
    func cachedInstance<Service, First, each Rest>(
        as _: Service.Type, hash: Int, arguments first: First, _ rest: repeat each Rest
    ) -> Service? {
        let reader = _ReadSection.begin()
        guard let raw = self.first(withHash: hash) else {
            _ReadSection.end(reader)
            return nil
        }
        let entry = Unmanaged<_ArgumentInstanceOf<First, repeat each Rest>>.fromOpaque(raw)
        guard entry._withUnsafeGuaranteedRef({ $0.isReady }) else {
            _ReadSection.end(reader)
            return nil
        }
        let (service, storedFirst) = entry._withUnsafeGuaranteedRef {
            $0.markReferenced()
            return ($0.instance(as: Service.self), $0.first)
        }
        let storedRest = entry._withUnsafeGuaranteedRef { $0.rest }
        _ReadSection.end(reader)
        return equal(storedFirst, repeat each storedRest, to: first, repeat each rest) ? service : nil
    }
}
