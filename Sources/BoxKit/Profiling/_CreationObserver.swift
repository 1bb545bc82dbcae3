/// An installed creation observer, as `_CreationObservers` keeps it: the box whose tree it watches, the
/// registrations it watches, and what it does with a creation.
///
/// `@unchecked Sendable`: `watched`, `records` and `retired` are read and written only under
/// `_CreationObservers`' lock, which makes every access to them exclusive: so they skip Swift's dynamic
/// exclusivity checks, on the path of every observed creation. `slot` is set once, under the lock, before the
/// observer is listed, and only read after; the rest is set in `init`.
final class _CreationObserver: @unchecked Sendable {
    /// The registry of the box it was installed on, while it lives: the box whose tree it watches.
    weak var root: _Registry?
    /// Its bit of the registrations' creation marks (`_AnyRegistration.observerSlots`), or 0 when every slot was
    /// taken: it then finds its registrations in `watched`. Set under `_CreationObservers`' lock, when installed.
    @exclusivity(unchecked) var slot: UInt8 = 0
    /// The registrations it watches, by identity. Kept (retained) until it is removed, so that an identity is
    /// never a later registration's: a registration replaced or cleared while it watches lives until then.
    @exclusivity(unchecked) var watched: [ObjectIdentifier: _AnyRegistration] = [:]
    /// What it does with a creation that ended, on the thread that made it; `nil` for an observer that keeps the
    /// records in `records` (a profiler's).
    let receive: (@Sendable (_CreationRecord) -> Void)?
    /// The records of the creations it was told of, in the order they ended, when it has no `receive`: appended
    /// by `_CreationObservers.collect` under its lock, so that recording a creation takes no lock of its own.
    /// Their registrations stay valid while it is installed: each is one it watches or has retired.
    @exclusivity(unchecked) var records: [_CreationRecord] = []
    /// For an observer without `receive`, the registrations it watched that their boxes dropped while it was
    /// installed, which its records may name: kept until it is released.
    @exclusivity(unchecked) var retired: [_AnyRegistration] = []

    init(root: _Registry, receive: (@Sendable (_CreationRecord) -> Void)?) {
        self.root = root
        self.receive = receive
    }
}
