/// The slot array of an `_ArgumentInstances`: a power-of-two number of atomic words, each `empty`, `deleted`
/// (a tombstone) or an entry's address (an `_ArgumentInstance`). The header is the mask (the count less one).
/// Replaced whole when the store grows or sheds tombstones; the old array is retired, not freed, so that a
/// reader inside a read section may go on probing it.
@usableFromInline
final class _ArgumentSlots: ManagedBuffer<Int, UInt64> {
    /// A slot never filled: a probe that reaches one stops.
    @inlinable static var empty: UInt64 { 0 }
    /// A slot whose entry was evicted: probes go past it; an insert may fill it again.
    @inlinable static var deleted: UInt64 { 1 }

    /// An array of `capacity` (a power of two) empty slots.
    static func make(capacity: Int) -> _ArgumentSlots {
        let slots = unsafeDowncast(
            create(minimumCapacity: capacity) { _ in capacity - 1 }, to: _ArgumentSlots.self)
        slots.withUnsafeMutablePointerToElements { $0.initialize(repeating: Self.empty, count: capacity) }
        return slots
    }

    /// The number of slots less one. Read through the header's address: the `header` property would check
    /// exclusive access on every read.
    @inlinable
    var mask: Int { withUnsafeMutablePointerToHeader { $0.pointee } }

    /// Slot `index`, valid while the array lives.
    @inlinable
    subscript(_ index: Int) -> _AtomicWord {
        @inline(__always) get { _AtomicWord(withUnsafeMutablePointerToElements { $0 } + index) }
    }

    /// The entry a slot word holds, or `nil` for `empty` and `deleted`.
    @inlinable @inline(__always)
    static func entry(_ word: UInt64) -> UnsafeMutableRawPointer? {
        word > deleted ? UnsafeMutableRawPointer(bitPattern: UInt(truncatingIfNeeded: word)) : nil
    }

    /// The first entry with `hash` in its probe sequence (from its home slot to the first empty slot), or
    /// `nil`. Inside a read section, or by a writer; the entry stays valid as long as the array does.
    ///
    /// - Complexity: O(1) on average: the array is at most half full.
    @inlinable
    func first(withHash hash: Int) -> UnsafeMutableRawPointer? {
        var found: UnsafeMutableRawPointer?
        forEach(withHash: hash) { entry in
            found = entry
            return false
        }
        return found
    }

    /// Calls `body` with each entry with `hash` in its probe sequence, in order, while it returns true.
    @inlinable
    func forEach(withHash hash: Int, _ body: (UnsafeMutableRawPointer) -> Bool) {
        let mask = self.mask
        var index = hash & mask
        while true {
            let word = self[index].load(ordering: .acquiring)
            if word == Self.empty { return }
            if let entry = Self.entry(word),
                Unmanaged<_ArgumentInstance>.fromOpaque(entry)._withUnsafeGuaranteedRef({ $0.hash }) == hash
            {
                guard body(entry) else { return }
            }
            index = (index + 1) & mask
        }
    }

    /// Stores `entry` in the first empty or deleted slot of `hash`'s probe sequence (releasing, so that a
    /// reader that loads the slot sees the entry as it was made); returns whether that slot was deleted.
    /// Writers only; the array has an empty slot besides.
    func place(_ entry: UnsafeMutableRawPointer, hash: Int) -> Bool {
        var index = hash & mask
        while Self.entry(self[index].load(ordering: .relaxed)) != nil { index = (index + 1) & mask }
        let wasDeleted = self[index].load(ordering: .relaxed) == Self.deleted
        self[index].storePointer(entry, ordering: .releasing)
        return wasDeleted
    }

    /// Calls `body` with each entry the array holds, in slot order. Writers only.
    func forEachEntry(_ body: (_ index: Int, _ entry: UnsafeMutableRawPointer) -> Void) {
        for index in 0...mask {
            if let entry = Self.entry(self[index].load(ordering: .relaxed)) { body(index, entry) }
        }
    }
}
