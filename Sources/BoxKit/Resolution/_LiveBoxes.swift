/// The boxes alive now, each under the serial number it was given when it was made: how an error finds the
/// box its resolve started from when its text is read, without a reference to the box.
///
/// A failed resolve keeps its box's serial (`_ObservedFailure.origin`), a plain value, so that a miss writes
/// no memory shared with another thread. A reference would not do: strong or weak, it is counted in the
/// box's side table (every box has one, since `_Registry.box` refers to it weakly), as is every retain of the
/// box, such as a registering thread's on each call. The look-up by serial happens only when an error's
/// properties are read.
///
/// Invariants: serials are never reused; a box is entered once it is fully initialised and leaves at the
/// start of its `deinit`, from when its weak entry already reads `nil`. No box is released while the lock is
/// held (entering and leaving make, copy and destroy weak references only, and `box(_:)` returns its strong
/// reference for the caller to release): a box's `deinit` takes this lock, which is not recursive. Test
/// hooks are in `_LiveBoxes+Testing.swift`.
enum _LiveBoxes {
    /// The serials handed out so far: the next box's serial is one more. Counted apart from `boxes`, so
    /// that making a box takes the lock once.
    private static let serials = _AtomicWords(count: 1)

    /// The live boxes by serial.
    static let boxes = _Locked(_SerialTable())

    /// A serial that no box has had in this process, for a box being made.
    ///
    /// - Complexity: O(1): one atomic add, no lock.
    static func newSerial() -> UInt64 {
        serials.word.wrappingAdd(1, ordering: .relaxed) &+ 1
    }

    /// Makes `box` findable by its serial, once it is fully initialised.
    ///
    /// - Complexity: O(1) amortised, under the lock every `Box()` takes.
    static func enter(_ box: Box) {
        // What the closure returns is destroyed once `withLock` has given the lock back.
        _ = boxes.withLock { $0.insert(box, serial: box._serial) }
    }

    /// Forgets the box with `serial`, from its `deinit`. Once at most an eighth of the table's room is in
    /// use (and the room is more than `_SerialTable.smallestRoom`), the entries move to a table with room
    /// for twice their number, so that a process that once had many boxes alive does not keep their room.
    /// The removed entry and the old slots are destroyed after the lock is given back.
    ///
    /// - Complexity: O(1) amortised: a move copies fewer entries than were removed since the table was
    ///   made. The call that moves is O(n) in the entries left, under the lock every `Box()` takes.
    static func leave(_ serial: UInt64) {
        // What the closure returns is destroyed once `withLock` has given the lock back.
        _ = boxes.withLock { $0.remove(serial) }
    }

    /// The box with `serial`, or `nil` once it is gone (or going). The caller must hold no BoxKit lock where
    /// it releases the reference: it may be the last one, whose release runs the box's `deinit`.
    ///
    /// - Complexity: O(1) on average, under a lock that only the making and the going of boxes share.
    static func box(_ serial: UInt64) -> Box? {
        boxes.withLock { $0.box(serial) }
    }
}
