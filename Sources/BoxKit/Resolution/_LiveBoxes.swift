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
/// held (entering and leaving make and destroy weak references only, and `box(_:)` returns its strong
/// reference for the caller to release): a box's `deinit` takes this lock, which is not recursive.
enum _LiveBoxes {
    /// One box, while it lives (a weak reference reads `nil` from the moment its `deinit` starts).
    private struct Entry {
        weak var box: Box?
    }

    /// The serial the next box gets, and the live boxes by serial.
    private struct State {
        var nextSerial: UInt64 = 1
        var boxes: [UInt64: Entry] = [:]
    }

    private static let state = _Locked(State())

    /// A serial that no box has had in this process, for a box being made.
    static func newSerial() -> UInt64 {
        state.withLock { state in
            defer { state.nextSerial += 1 }
            return state.nextSerial
        }
    }

    /// Makes `box` findable by its serial, once it is fully initialised.
    static func enter(_ box: Box) {
        state.withLock { $0.boxes[box._serial] = Entry(box: box) }
    }

    /// Forgets the box with `serial`, from its `deinit`.
    static func leave(_ serial: UInt64) {
        state.withLock { _ = $0.boxes.removeValue(forKey: serial) }
    }

    /// The box with `serial`, or `nil` once it is gone (or going). The caller must hold no BoxKit lock where
    /// it releases the reference: it may be the last one, whose release runs the box's `deinit`.
    ///
    /// - Complexity: O(1) on average, under a lock that only the making and the going of boxes share.
    static func box(_ serial: UInt64) -> Box? {
        state.withLock { $0.boxes[serial]?.box }
    }

    /// Whether a box with `serial` is entered: from its initialiser's end to its `deinit`'s start.
    static func holds(_ serial: UInt64) -> Bool {
        state.withLock { $0.boxes[serial] != nil }
    }
}
