/// The boxes alive now, each under the serial number it was given when it was made: how an error finds the
/// box its resolve started from when its text is read, without a reference to the box.
///
/// A failed resolve keeps its box's serial (`_ObservedFailure.origin`), never a reference: a box has a side
/// table (`_Registry.box` refers to it weakly), where the Swift runtime keeps its strong and weak reference
/// counts both, and a reference made and dropped by every miss would write that memory twice per miss. A
/// thread registering into the box retains it on every call, writing the same memory, so each miss beside
/// such a writer would wait for it to cross between processors. A serial is a plain value: a miss writes
/// nothing that another thread writes. The look-up by serial happens only when an error's nearest
/// registrations are read, under this registry's lock, which a box also takes once when it is made and once
/// when it goes; no user code runs under it, and nothing it does releases a box.
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

    /// The box with `serial`, or `nil` once it is gone (or going).
    ///
    /// - Complexity: O(1) on average, under a lock that only the making and the going of boxes share.
    static func box(_ serial: UInt64) -> Box? {
        state.withLock { $0.boxes[serial]?.box }
    }
}
