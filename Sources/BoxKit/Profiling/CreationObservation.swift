/// A creation observer installed on a box with ``Box/observeCreations(_:)``: it is told of each creation of a
/// service that the box or one of its descendants holds, until it is cancelled or released.
///
/// ```swift
/// let observation = box.observeCreations { creation in
///     log.append(creation)
/// }
/// // ... launch ...
/// observation.cancel()
/// ```
public final class CreationObservation: Sendable {
    /// What `_CreationObservers` keeps installed while this observation lives.
    let observer: _CreationObserver

    init(_ observer: _CreationObserver) {
        self.observer = observer
    }

    /// Stops the observer: no creation that ends after this returns is reported to it. Cancelling twice
    /// does nothing more.
    ///
    /// The registrations it watched go back to creating at full speed at their next creation.
    public func cancel() {
        _CreationObservers.remove(observer)
    }

    deinit {
        _CreationObservers.remove(observer)
    }
}

/// An installed creation observer, as `_CreationObservers` keeps it: the box whose tree it watches, the
/// registrations it watches, and what it does with a creation.
///
/// `@unchecked Sendable`: `slot`, `watched` and `records` are read and written only under `_CreationObservers`'
/// lock; the rest is set once, in `init`.
final class _CreationObserver: @unchecked Sendable {
    /// The registry of the box it was installed on, while it lives: the box whose tree it watches.
    weak var root: _Registry?
    /// Its bit of the registrations' creation marks (`_AnyRegistration.observerSlots`), or 0 when every slot was
    /// taken: it then finds its registrations in `watched`. Set under `_CreationObservers`' lock, when installed.
    var slot: UInt8 = 0
    /// The registrations it watches, by identity. Kept (retained) until it is removed, so that an identity is
    /// never a later registration's: a registration replaced or cleared while it watches lives until then.
    var watched: [ObjectIdentifier: _AnyRegistration] = [:]
    /// What it does with a creation that ended, on the thread that made it; `nil` for an observer that keeps the
    /// records in `records` (a profiler's).
    let receive: (@Sendable (_CreationRecord) -> Void)?
    /// The records of the creations it was told of, in the order they ended, when it has no `receive`: appended
    /// by `_CreationObservers.report` under its lock, so that recording a creation takes no lock of its own.
    var records: [_CreationRecord] = []

    init(root: _Registry, receive: (@Sendable (_CreationRecord) -> Void)?) {
        self.root = root
        self.receive = receive
    }
}
