/// What a box's descendants need of it to resolve: its registry (the hash table, or the Dictionary
/// baseline), its parent's `_Registry`, and a weak reference to the box itself.
///
/// A child box holds its parent's `_Registry` strongly, not the parent box: so a child keeps resolving its
/// ancestors' registrations for as long as it lives, whether or not the app keeps the ancestors, while a box
/// holds its children and no child holds a box, so there is no reference cycle and a released tree frees
/// everything.
///
/// `@unchecked Sendable`: every field but `box` is immutable; `box` is set once, by the box's initialiser,
/// before the box can be shared.
final class _Registry: @unchecked Sendable {
    /// The hash-table registry (`nil` for the Dictionary baseline).
    let table: _HashTableStorage?
    /// The Dictionary-baseline registry (`nil` for the hash table).
    let dictionary: _DictionaryStorage?
    /// The registry of the parent box, whose registrations a resolve falls back to.
    let parent: _Registry?
    /// The box whose registrations these are, while it lives. A permanent factory found here receives it as
    /// its resolver; once it is gone, the box the resolve started from.
    weak var box: Box?

    init(table: _HashTableStorage?, dictionary: _DictionaryStorage?, parent: _Registry?) {
        self.table = table
        self.dictionary = dictionary
        self.parent = parent
    }

    /// Stores `registration` for its type identity and key, replacing (and releasing) any previous one. A hash
    /// table's first insert publishes the table it makes in `tableWord` too (`Box._table`'s word), within the
    /// write. The backend is borrowed, as in `withStorage`.
    @inline(__always)
    func insert(_ registration: _AnyRegistration, typeID: ObjectIdentifier, publishingTableIn tableWord: _AtomicWord) {
        if let table = table.map(Unmanaged.passUnretained) {
            return table._withUnsafeGuaranteedRef {
                $0.insert(registration, typeID: typeID, publishingTableIn: tableWord)
            }
        }
        dictionary.unsafelyUnwrapped.insert(registration, typeID: typeID)
    }

    /// The registry, whichever backend it is.
    var storage: any _ServiceStorage { withStorage { $0 } }

    /// Runs `body` with the registry, whichever backend it is, borrowed: this registry's `let` fields keep it
    /// alive, so no reference is taken, where `storage`, a new reference, costs a retain and a release (two
    /// atomic operations, which every registration would pay).
    @inline(__always)
    func withStorage<R>(_ body: (any _ServiceStorage) -> R) -> R {
        if let table = table.map(Unmanaged.passUnretained) {
            return table._withUnsafeGuaranteedRef { body($0) }
        }
        return Unmanaged.passUnretained(dictionary.unsafelyUnwrapped)._withUnsafeGuaranteedRef { body($0) }
    }
}
