/// The Dictionary baseline: the registry as a pure-Swift box keeps it, a `[ServiceKey: registration]`
/// behind a lock. Keys are Swift `String`s, so hashing and equality normalise Unicode on every lookup.
final class _DictionaryStorage: _ServiceStorage {
    struct ServiceKey: Hashable {
        let typeID: ObjectIdentifier
        let key: String?
    }

    struct State {
        var entries: [ServiceKey: _AnyRegistration] = [:]
        /// The next registration's `sequence`.
        var nextSequence: UInt64 = 0
    }

    private let state = _Locked(State())
    let generation = _WriteGeneration()

    deinit {
        generation.advance()
    }

    /// The registration for the identity and key, retained (+1): the caller balances it with a release.
    ///
    /// - Complexity: O(1) on average, plus hashing the key.
    func retainedRegistration(typeID: ObjectIdentifier, key: String?) -> UnsafeMutableRawPointer? {
        let found = state.withLock { $0.entries[ServiceKey(typeID: typeID, key: key)] }
        guard let found else { return nil }
        return Unmanaged.passRetained(found).toOpaque()
    }

    func insert(_ registration: _AnyRegistration, typeID: ObjectIdentifier) {
        let previous = state.withLock { state in
            state.nextSequence += 1
            registration.sequence = state.nextSequence
            let previous = state.entries.updateValue(
                registration, forKey: ServiceKey(typeID: typeID, key: registration.key))
            generation.advance()
            return previous
        }
        if let previous { _CreationObservers.forget(previous) }  // released here, outside the lock
    }

    func replace(_ old: _AnyRegistration, with new: _AnyRegistration, typeID: ObjectIdentifier) -> Bool {
        let key = ServiceKey(typeID: typeID, key: new.key)
        let previous: _AnyRegistration? = state.withLock { state in
            guard state.entries[key] === old else { return nil }
            new.sequence = old.sequence
            let previous = state.entries.updateValue(new, forKey: key)
            generation.advance()
            return previous
        }
        if let previous { _CreationObservers.forget(previous) }
        return previous != nil  // released here, outside the lock
    }

    func remove(typeID: ObjectIdentifier, key: String?) -> Bool {
        let removed = state.withLock { state in
            let removed = state.entries.removeValue(forKey: ServiceKey(typeID: typeID, key: key))
            generation.advance()
            return removed
        }
        if let removed { _CreationObservers.forget(removed) }
        return removed != nil
    }

    func removeAll() {
        let old = state.withLock { state in
            let old = state.entries
            state.entries = [:]
            generation.advance()
            return old
        }
        for registration in old.values { _CreationObservers.forget(registration) }  // released here, outside the lock
    }

    var count: Int { state.withLock { $0.entries.count } }

    var registrations: [_AnyRegistration] { state.withLock { Array($0.entries.values) } }

    func registration(typeID: ObjectIdentifier, key: String?) -> _AnyRegistration? {
        state.withLock { $0.entries[ServiceKey(typeID: typeID, key: key)] }
    }
}
