/// The process's creation observers (`_CreationObserver`, each kept by its ``CreationObservation``) and the
/// registrations each watches: those its box and the box's descendants hold, including those registered or
/// reset after it started.
///
/// Nothing here is on a resolve's path while no observer is installed: a registration's creations are plain
/// (`_AnyRegistration.hasPlainCreations`) until an observer that watches it clears the flag, and only a
/// creation that is not plain counts the observers (`isActive`). Each observer has a slot, one bit of the
/// registrations' creation marks (`_AnyRegistration.observerSlots`), so that a report finds the observers of a
/// registration without hashing; past the seven slots, an observer finds its registrations by identity. What
/// costs anything takes `observers`' lock, never held while user code runs: an observer is told after it is
/// released, and what a removed observer kept is released after it too.
enum _CreationObservers {
    /// The installed observers and the slots in use; each observer's `watched` is read and written under this
    /// lock too.
    private static let observers = _Locked<(list: [_CreationObserver], usedSlots: UInt8)>(([], 0))

    /// The bits of the registrations' creation marks that observers may take.
    private static let slots: [UInt8] = [2, 4, 8, 16, 32, 64, 128]

    /// Whether any observer is installed: one load, which every question below asks first.
    @inline(__always)
    static var isActive: Bool { _ResolutionThread.hasCreationObservers }

    /// Installs `observer`: from now on it watches every registration of its box and the box's descendants,
    /// whose creations stop being plain.
    ///
    /// - Complexity: O(*n*) in the registrations of the box's tree.
    static func install(_ observer: _CreationObserver, on box: Box) {
        observers.withLock { state in
            observer.slot = slots.first { state.usedSlots & $0 == 0 } ?? 0
            state.usedSlots |= observer.slot
            state.list.append(observer)
        }
        // Counted after it is listed, so that a registration that sees the count finds it (`noteRegistered`),
        // and before the walk, so that one the walk misses sees the count after it is inserted
        // (`Box._register`).
        _ResolutionThread.countCreationObservers(1, slotless: observer.slot == 0)
        box._forEachInTree { member in
            let registrations = member._storage.registrations
            observers.withLock { _ in
                for registration in registrations { watch(registration, by: observer) }
            }
            for registration in registrations { registration.stopPlainCreations() }
        }
    }

    /// Makes `observer` watch `registration`; under the lock.
    private static func watch(_ registration: _AnyRegistration, by observer: _CreationObserver) {
        observer.watched[ObjectIdentifier(registration)] = registration
        if observer.slot != 0 { registration.mark(observerSlot: observer.slot, watched: true) }
    }

    /// Removes `observer`, if installed. The registrations it watched become plain again at their next
    /// creation once no observer is installed (`_AnyRegistration.beginCreation()`).
    static func remove(_ observer: _CreationObserver) {
        let watched = observers.withLock { state -> [ObjectIdentifier: _AnyRegistration]? in
            guard let index = state.list.firstIndex(where: { $0 === observer }) else { return nil }
            state.list.remove(at: index)
            let watched = observer.watched
            observer.watched = [:]
            if observer.slot != 0 {
                for registration in watched.values { registration.mark(observerSlot: observer.slot, watched: false) }
                state.usedSlots &= ~observer.slot
            }
            return watched
        }
        guard watched != nil else { return }
        _ResolutionThread.countCreationObservers(-1, slotless: observer.slot == 0)
        // The registrations it kept are released here, outside the lock: a release may run a deinit.
        _ = consume watched
    }

    /// Makes the observers whose box is `box` or one of its ancestors watch `registration`, which `box` holds (a
    /// registration, or a reset's fresh copy). Watching twice changes nothing.
    ///
    /// - Complexity: O(*o* × *d*) in the observers and the depth of `box` among its ancestors.
    static func noteRegistered(_ registration: _AnyRegistration, in box: Box) {
        let watched = observers.withLock { state in
            var watched = false
            for observer in state.list {
                guard let root = observer.root, box._lineage.contains(where: { $0 === root }) else { continue }
                watch(registration, by: observer)
                watched = true
            }
            return watched
        }
        // After the mark, as `install` does: a creation that made it plain before seeing the mark is undone.
        if watched { registration.stopPlainCreations() }
    }

    /// Stops every observer watching `registration`, which its box's storage has dropped (cleared, replaced,
    /// reset or unregistered): so that an observer does not keep it, or its permanent instance, alive. Releases
    /// what they kept after the lock; but a profiler's observer, whose records may name it, retires it instead
    /// (`_CreationObserver.retired`). Every storage calls it for each registration it drops; it costs one load
    /// while no observer is installed.
    static func forget(_ registration: _AnyRegistration) {
        guard isActive else { return }
        let id = ObjectIdentifier(registration)
        let kept = observers.withLock { state -> [_AnyRegistration] in
            var kept: [_AnyRegistration] = []
            for observer in state.list {
                guard let watched = observer.watched.removeValue(forKey: id) else { continue }
                if observer.slot != 0 { watched.mark(observerSlot: observer.slot, watched: false) }
                if observer.receive == nil { observer.retired.append(watched) } else { kept.append(watched) }
            }
            return kept
        }
        _ = consume kept
    }

    /// Marks the start of timed creation `creation` of `registration` where the platform's tools show it
    /// (`_Signposts`).
    @inline(__always)
    static func began(_ creation: UInt64, of registration: _AnyRegistration) {
        _Signposts.begin(creation, of: registration)
    }

    /// The observers to tell of `record`, a creation that is ending, whose chain entry still holds its
    /// registration: a profiler's observer keeps the record here, under the lock; the others are returned, to be
    /// told (`tell`) once the entry is popped, since they may resolve the same registration. Marks the creation's
    /// end for the platform's tools. Nearly always one observer watches the registration: then no array is made.
    ///
    /// - Complexity: O(*o*) in the observers installed, under one lock the process shares.
    static func collect(_ record: _CreationRecord) -> (first: _CreationObserver?, others: [_CreationObserver]) {
        _Signposts.end(record.id)
        let registration = record.registration.takeUnretainedValue()
        return observers.withLock { state in
            // Under the lock: `install` and `remove` set and clear the slot bits under it.
            let marks = registration.observerSlots
            var first: _CreationObserver?
            var others: [_CreationObserver] = []
            for observer in state.list {
                let watches =
                    observer.slot != 0
                    ? marks & observer.slot != 0 : observer.watched[ObjectIdentifier(registration)] != nil
                guard watches else { continue }
                if observer.receive == nil {
                    observer.records.append(record)  // its registration: one it watches, or has retired
                } else if first == nil {
                    first = observer
                } else {
                    others.append(observer)
                }
            }
            return (first, others)
        }
    }

    /// Tells `observers`, which `collect` returned, of `record`, outside every lock.
    static func tell(_ observers: (first: _CreationObserver?, others: [_CreationObserver]), _ record: _CreationRecord) {
        observers.first?.receive?(record)
        for observer in observers.others { observer.receive?(record) }
    }

    /// The records `observer`, one without `receive`, has kept so far, and the forwards among the registrations
    /// it watches or has retired: what its profile needs to see that a resolve through a forward used the
    /// forward's target.
    static func profileInput(of observer: _CreationObserver)
        -> (records: [_CreationRecord], forwards: [_AnyForwardRegistration])
    {
        observers.withLock { _ in
            var forwards: [_AnyForwardRegistration] = []
            for registration in observer.watched.values where registration.isForward {
                forwards.append(unsafeDowncast(registration, to: _AnyForwardRegistration.self))
            }
            for registration in observer.retired where registration.isForward {
                forwards.append(unsafeDowncast(registration, to: _AnyForwardRegistration.self))
            }
            return (observer.records, forwards)
        }
    }
}
