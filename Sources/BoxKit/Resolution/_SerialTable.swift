/// The live boxes by serial, for `_LiveBoxes`: an open-addressing table of weak references in an array,
/// probed linearly, with backward-shift deletion (no tombstones), and no `Dictionary`, whose metadata
/// would make the Swift runtime search every loaded image for `UInt64`'s `Hashable` conformance when the
/// first box of a process is made.
///
/// Invariants: `slots.count` is a power of two and at least `smallestRoom`; an empty slot has serial 0
/// (serials start at 1); every entry sits at or after its home slot with no empty slot between them; at most
/// three quarters of the slots are used. Moving an entry copies its weak reference as it is: it never reads
/// the box, so no strong reference to a box is taken or dropped here.
struct _SerialTable {
    /// One box, while it lives (a weak reference reads `nil` from the moment its `deinit` starts).
    struct Entry {
        /// The box's serial; 0 for an empty slot.
        var serial: UInt64
        weak var box: Box?
    }

    /// The room a table starts with, and never goes below.
    static var smallestRoom: Int { 64 }

    private(set) var slots: [Entry]
    /// The number of entries.
    private(set) var count = 0

    /// An empty table with room for at least `room` slots (a power of two, at least `smallestRoom`).
    init(room: Int = smallestRoom) {
        var size = Self.smallestRoom
        while size < room { size *= 2 }
        slots = Array(repeating: Entry(serial: 0, box: nil), count: size)
    }

    /// The number of slots.
    var capacity: Int { slots.count }

    /// The box with `serial`, or `nil` when it is not entered or is gone (or going).
    ///
    /// - Complexity: O(1) on average.
    func box(_ serial: UInt64) -> Box? {
        guard let index = index(of: serial) else { return nil }
        return slots[index].box
    }

    /// Whether an entry with `serial` is here.
    ///
    /// - Complexity: O(1) on average.
    func contains(_ serial: UInt64) -> Bool { index(of: serial) != nil }

    /// Enters `box` under `serial`, which no entry has: doubles the room first if the table would pass three
    /// quarters full, and returns the old slots then, for the caller to destroy after unlocking.
    ///
    /// - Complexity: O(1) amortised.
    mutating func insert(_ box: Box, serial: UInt64) -> [Entry]? {
        precondition(serial != 0, "serial 0 marks an empty slot")
        let old = (count + 1) * 4 > slots.count * 3 ? moveEntries(room: slots.count * 2) : nil
        slots[emptySlot(for: serial)] = Entry(serial: serial, box: box)
        count += 1
        return old
    }

    /// Removes the entry with `serial` and returns it (with the old slots, when at most an eighth of the room
    /// is left in use and the table moved its entries to room for twice their number), for the caller to
    /// destroy after unlocking.
    ///
    /// - Complexity: O(1) on average; a move is O(n) in the entries left, amortised O(1).
    mutating func remove(_ serial: UInt64) -> (removed: Entry?, old: [Entry]?) {
        guard var hole = index(of: serial) else { return (nil, nil) }
        let removed = slots[hole]
        // Backward shift: pull each later entry of the run into the hole unless that would put it before
        // its home slot.
        var next = (hole + 1) & mask
        while slots[next].serial != 0 {
            let homeSlot = home(of: slots[next].serial)
            if (next &- homeSlot) & mask >= (next &- hole) & mask {
                slots[hole] = slots[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        slots[hole] = Entry(serial: 0, box: nil)
        count -= 1
        guard slots.count > Self.smallestRoom && count <= slots.count / 8 else { return (removed, nil) }
        return (removed, moveEntries(room: count * 2))
    }

    /// Moves every entry to new slots with room for `room`, and returns the old slots.
    ///
    /// - Complexity: O(n) in the slots and the new room.
    private mutating func moveEntries(room: Int) -> [Entry] {
        var moved = _SerialTable(room: room)
        for entry in slots where entry.serial != 0 { moved.slots[moved.emptySlot(for: entry.serial)] = entry }
        moved.count = count
        swap(&self, &moved)
        return moved.slots
    }

    private var mask: Int { slots.count - 1 }

    /// The slot where the search for `serial` starts (Fibonacci hashing).
    private func home(of serial: UInt64) -> Int {
        Int(truncatingIfNeeded: (serial &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    /// The first empty slot at or after `serial`'s home slot, where an entry for it goes; the table must
    /// have one.
    private func emptySlot(for serial: UInt64) -> Int {
        var index = home(of: serial)
        while slots[index].serial != 0 { index = (index + 1) & mask }
        return index
    }

    private func index(of serial: UInt64) -> Int? {
        var index = home(of: serial)
        while slots[index].serial != 0 {
            if slots[index].serial == serial { return index }
            index = (index + 1) & mask
        }
        return nil
    }
}
