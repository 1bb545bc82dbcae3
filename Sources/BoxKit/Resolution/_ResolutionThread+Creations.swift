// Wraps the C side of creations that are not plain (CBoxRuntime: cbox_chain_record_top, cbox_chain_time_top,
// cbox_chain_note_not_new, cbox_chain_top_finish, cbox_clock_now, cbox_creation_*): how a creation begins
// recording its dependencies or being timed on its thread's chain, how its entry is finished when it pops, and
// the process's count of creation observers.
internal import CBoxRuntime

extension _ResolutionThread {
    /// Begins the creation whose entry is on top of `thread`'s chain (`found`'s, pushed by its resolve, outside
    /// any read section) as `_AnyRegistration.beginCreation()` decides: recording the resolutions nested in
    /// it, if it is the first creation, and timed, if a creation observer watches the registration. Counts the
    /// thread in `_RecordingGate` if it had no such entry yet. Out of line: only a creation that is not plain
    /// comes here.
    ///
    /// A verification's sandbox thread times nothing: what `verify()` makes is no part of a launch, and a
    /// sandbox thread may be abandoned with its entries.
    @inline(never)
    static func beginCreation(_ thread: UnsafeMutablePointer<cbox_thread>, _ found: UnsafeRawPointer) {
        let registration = Unmanaged<_AnyRegistration>.fromOpaque(found)
        var (records, timed) = registration._withUnsafeGuaranteedRef { $0.beginCreation() }
        if timed && cbox_thread_sandbox(thread) != nil { timed = false }
        guard records || timed else { return }
        if cbox_thread_recording(thread) == 0 { _RecordingGate.shared.enter() }
        if records { cbox_chain_record_top(thread) }
        if timed {
            let creation = cbox_creation_next_number()
            registration._withUnsafeGuaranteedRef { _CreationObservers.began(creation, of: $0) }
            cbox_chain_time_top(thread, creation, cbox_clock_now())
        }
    }

    /// `beginCreation` for `registration`, whose entry must be on top of this thread's chain: for a
    /// `.perArguments` lookup, whose entry was pushed before it knew it would make an instance.
    static func beginCreation(of registration: _AnyRegistration) {
        let thread = cbox_thread_current()
        let found = UnsafeRawPointer(Unmanaged.passUnretained(registration).toOpaque())
        assert(
            cbox_chain_entry_at(thread, cbox_chain_depth(thread) - 1).registration == found,
            "the registration's entry is not on top of the chain")
        beginCreation(thread, found)
    }

    /// Notes that the resolve on top of this thread's chain made no new instance: its lifetime found one already
    /// made (by another thread, earlier in the same `.graph` resolve, or still held for `.weak`), or its factory
    /// failed. A timed creation is then reported as not new. One load when nothing on the chain is timed.
    @usableFromInline
    static func noteNotNew() {
        cbox_chain_note_not_new(cbox_thread_current())
    }

    /// Now, in nanoseconds of the monotonic clock that creations are timed with.
    static var now: UInt64 { cbox_clock_now() }

    /// Whether any creation observer is installed in the process (`_CreationObservers`): one load of a C
    /// global, with no lazy initialisation to check, for the paths that ask on every registration.
    @inline(__always)
    static var hasCreationObservers: Bool { cbox_creation_observers_active() }

    /// Whether any creation observer without a slot is installed, which must be asked about every creation
    /// that is not plain (`_AnyRegistration.beginsTimed`).
    @inline(__always)
    static var hasSlotlessCreationObservers: Bool { cbox_creation_observers_slotless() }

    /// Counts a creation observer installed (`delta` 1) or removed (-1), one without a slot apart.
    static func countCreationObservers(_ delta: Int64, slotless: Bool) {
        cbox_creation_observers_add(delta, slotless)
    }

    /// `pop` for an entry that records or is timed: hands a recording entry's edges to its registration, pops
    /// the entry (leaving `_RecordingGate` if it was the thread's last such entry), and releases the `.graph`
    /// instances if the pop ended the top-level resolve; a timed entry is finished by `popTimed`.
    @inline(never)
    static func popFinishing(_ thread: UnsafeMutablePointer<cbox_thread>) {
        let top = cbox_chain_entry_at(thread, cbox_chain_depth(thread) - 1)
        if top.records & UInt8(CBOX_ENTRY_TIMED) != 0 { return popTimed(thread, top) }
        var finish: UInt32 = 0
        handOverEdges(thread, from: Int(top.mark), to: top.registration) { finish = popEntry(thread) }
        if finish & UInt32(CBOX_POP_CLOSE_GRAPH) != 0 { closeGraph(thread) }
    }

    /// `popFinishing` for a timed entry, `top`: ends its creation and hands its record to the profilers that
    /// watch its registration while the entry still holds it (`_CreationObservers.collect`), finishes the entry
    /// as `popFinishing` does, and then tells the other observers (`_CreationObservers.tell`), outside any of
    /// BoxKit's critical sections and off the chain, so that they may resolve the same registration.
    @inline(never)
    private static func popTimed(_ thread: UnsafeMutablePointer<cbox_thread>, _ top: cbox_chain_entry) {
        let ended = cbox_clock_now()
        let depth = cbox_chain_depth(thread)
        let registration = Unmanaged<_AnyRegistration>.fromOpaque(top.registration)
        let record = _CreationRecord(
            registration: registration, id: top.creation, parentID: timedParent(thread, below: depth - 1),
            thread: UInt64(UInt(bitPattern: thread)), isMainThread: cbox_is_main_thread(),
            isNew: top.records & UInt8(CBOX_ENTRY_NOT_NEW) == 0, start: top.started, end: ended)
        let told = _CreationObservers.collect(record)
        // Retained past the pop, which ends the chain's hold on the registration, for the observers told after it.
        let held = told.first == nil ? nil : registration.retain()
        defer { held?.release() }
        var finish: UInt32 = 0
        if top.records & UInt8(CBOX_ENTRY_RECORDS) != 0 {
            handOverEdges(thread, from: Int(top.mark), to: top.registration) { finish = popEntry(thread) }
        } else {
            finish = popEntry(thread)
        }
        if finish & UInt32(CBOX_POP_CLOSE_GRAPH) != 0 { closeGraph(thread) }
        if held != nil { _CreationObservers.tell(told, record) }
    }

    /// Pops the entry on top of `thread`'s chain, one that records or is timed, and leaves `_RecordingGate` if it
    /// was the thread's last such entry. Returns what `cbox_chain_pop` leaves to finish.
    private static func popEntry(_ thread: UnsafeMutablePointer<cbox_thread>) -> UInt32 {
        let finish = cbox_chain_pop(thread)
        if cbox_thread_recording(thread) == 0 { _RecordingGate.shared.leave() }
        return finish
    }

    /// The number of the nearest timed creation below entry `index` on `thread`'s chain: the creation whose
    /// factory (or whose factory's untimed resolutions) resolved that entry's registration; 0 when none is.
    private static func timedParent(_ thread: UnsafeMutablePointer<cbox_thread>, below index: UInt64) -> UInt64 {
        var below = index
        while below > 0 {
            below -= 1
            let entry = cbox_chain_entry_at(thread, below)
            if entry.records & UInt8(CBOX_ENTRY_TIMED) != 0 { return entry.creation }
        }
        return 0
    }
}
