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
    /// whose creations stop being plain. Counted before anything is watched, so that a registration added to
    /// the tree meanwhile (`noteRegistered`) is found by it.
    static func install(_ observer: _CreationObserver, on box: Box) {
        _ResolutionThread.countCreationObservers(1)
        observers.withLock { state in
            observer.slot = slots.first { state.usedSlots & $0 == 0 } ?? 0
            state.usedSlots |= observer.slot
            state.list.append(observer)
        }
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
        _ResolutionThread.countCreationObservers(-1)
        // The registrations it kept are released here, outside the lock: a release may run a deinit.
        _ = consume watched
    }

    /// Makes the observers whose box is `box` or one of its ancestors watch `registration`, which `box` is about
    /// to hold (a registration, or a reset's fresh copy): before it is published, so that its first creation is
    /// seen. Its creations are not plain yet.
    static func noteRegistered(_ registration: _AnyRegistration, in box: Box) {
        observers.withLock { state in
            for observer in state.list {
                guard let root = observer.root else { continue }
                if box._lineage.contains(where: { $0 === root }) { watch(registration, by: observer) }
            }
        }
    }

    /// Marks the start of timed creation `creation` of `registration` where the platform's tools show it
    /// (`_Signposts`).
    @inline(__always)
    static func began(_ creation: UInt64, of registration: _AnyRegistration) {
        _Signposts.begin(creation, of: registration)
    }

    /// Tells every observer that watches the registration of `record`, a creation that just ended, after
    /// releasing the lock; and marks its end for the platform's tools.
    static func report(_ record: _CreationRecord) {
        _Signposts.end(record.id)
        let registration = record.registration.takeUnretainedValue()
        let marks = registration.observerSlots
        // A profiler's observer keeps the record here; the others are told after the lock. Nearly always one
        // observer watches the registration: then no array is made.
        let (first, others) = observers.withLock { state -> (_CreationObserver?, [_CreationObserver]) in
            var first: _CreationObserver?
            var others: [_CreationObserver] = []
            for observer in state.list {
                let watches =
                    observer.slot != 0
                    ? marks & observer.slot != 0 : observer.watched[ObjectIdentifier(registration)] != nil
                guard watches else { continue }
                if observer.receive == nil {
                    observer.records.append(record)
                } else if first == nil {
                    first = observer
                } else {
                    others.append(observer)
                }
            }
            return (first, others)
        }
        first?.receive?(record)
        for observer in others { observer.receive?(record) }
    }

    /// The records `observer`, one without `receive`, has kept so far.
    static func records(of observer: _CreationObserver) -> [_CreationRecord] {
        observers.withLock { _ in observer.records }
    }
}
