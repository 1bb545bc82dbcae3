/// The Dictionary baseline: the registry as a pure-Swift box keeps it, a `[ServiceKey: registration]`
/// behind a lock. Keys are Swift `String`s, so hashing and equality normalise Unicode on every lookup.
final class _DictionaryStorage: _ServiceStorage {
    struct ServiceKey: Hashable {
        let typeID: ObjectIdentifier
        let key: String?
    }

    private let entries = _Locked<[ServiceKey: _AnyServiceBox]>([:])

    /// The registration for the identity and key, retained (+1): the caller balances it with a release.
    ///
    /// - Complexity: O(1) on average, plus hashing the key.
    func retainedRegistration(typeID: ObjectIdentifier, key: String?) -> UnsafeMutableRawPointer? {
        let found = entries.withLock { $0[ServiceKey(typeID: typeID, key: key)] }
        guard let found else { return nil }
        return Unmanaged.passRetained(found).toOpaque()
    }

    func insert(_ registration: _AnyServiceBox, typeID: ObjectIdentifier) {
        let previous = entries.withLock {
            $0.updateValue(registration, forKey: ServiceKey(typeID: typeID, key: registration.key))
        }
        _ = previous  // released here, outside the lock
    }

    func remove(typeID: ObjectIdentifier, key: String?) -> Bool {
        let removed = entries.withLock { $0.removeValue(forKey: ServiceKey(typeID: typeID, key: key)) }
        return removed != nil
    }

    func removeAll() {
        let old = entries.withLock { entries in
            let old = entries
            entries = [:]
            return old
        }
        _ = old  // released here, outside the lock
    }

    var count: Int { entries.withLock { $0.count } }

    var registrations: [_AnyServiceBox] { entries.withLock { Array($0.values) } }
}
