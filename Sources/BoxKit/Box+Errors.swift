extension Box {
    /// Stops the program with the error's message; on a ``verify()`` sandbox thread, reports the error to
    /// the verification and stops only that thread.
    @usableFromInline
    func _trap(_ error: BoxError) -> Never {
        if let verification = _ResolutionThread.sandbox { verification.stop(with: error) }
        fatalError(error.description)
    }

    /// The resolutions in flight, outermost first: the async factories running in the current task, then the
    /// synchronous ones on this thread (which an async factory may have started; none suspends).
    func _chainInFlight() -> [String] {
        (_ResolutionTask.chain + _ResolutionThread.chain()).map(\.displayName)
    }

    /// The error for a resolve of `type` and `key` with runtime arguments of types `arguments` (none for a
    /// plain resolve) that found nothing: `.argumentMismatch` when this box or an ancestor holds `type` and
    /// `key` with other argument types (or without arguments), `.notRegistered` otherwise. The request is
    /// recorded as a missing dependency of the registration being resolved, if any.
    ///
    /// - Complexity: O(n) in the registrations of the lineage; only failing resolves pay it.
    func _missingError(_ type: Any.Type, key: String?, arguments: [Any.Type] = []) -> BoxError {
        _ResolutionThread.recordMissing(type, key: key, arguments: arguments)
        let chain = _chainInFlight() + [_describe(type, key: key, arguments: arguments)]
        let registered = _argumentSignatures(of: type, key: key, excluding: arguments)
        return BoxError(
            reason: registered.isEmpty ? .notRegistered : .argumentMismatch, serviceType: String(reflecting: type),
            key: key, arguments: _names(arguments), registeredArguments: registered.map(_names), chain: chain,
            nearest: _nearest(to: type, key: key, arguments: arguments))
    }

    /// The error for a resolve of `registration` while it is already being made on this thread.
    func _cycleError(_ registration: _AnyServiceBox) -> BoxError {
        _error(.cycle, registration)
    }

    /// The error for a synchronous resolve of `registration`, whose factory is async.
    func _asyncFactoryError(_ registration: _AnyServiceBox) -> BoxError {
        _error(.asyncFactory, registration)
    }

    private func _error(_ reason: BoxError.Reason, _ registration: _AnyServiceBox) -> BoxError {
        let arguments = registration.argumentTypes
        return BoxError(
            reason: reason, serviceType: String(reflecting: registration.serviceType), key: registration.key,
            arguments: _names(arguments), chain: _chainInFlight() + [registration.displayName],
            nearest: _nearest(to: registration.serviceType, key: registration.key, arguments: arguments))
    }

    /// The error for resolving `registration`, which takes runtime arguments, where there are none to pass
    /// (``ServiceStoring/service(_:)``).
    func _argumentsRequiredError(_ registration: _AnyServiceBox) -> BoxError {
        let type = registration.serviceType
        let chain = _ResolutionThread.chain().map(\.displayName) + [_describe(type, key: registration.key)]
        return BoxError(
            reason: .argumentMismatch, serviceType: String(reflecting: type), key: registration.key,
            registeredArguments: [_names(registration.argumentTypes)], chain: chain,
            nearest: _nearest(to: type, key: registration.key))
    }

    /// The argument types that `type` is registered with under `key` in this box and its ancestors, each
    /// once, nearest box first and each box's in registration order; an empty list stands for a
    /// registration without arguments. `excluded` (the argument types of the failed request) is left out.
    ///
    /// - Complexity: O(n) in the registrations of the lineage.
    func _argumentSignatures(of type: Any.Type, key: String?, excluding excluded: [Any.Type]) -> [[Any.Type]] {
        let wanted = ObjectIdentifier(type)
        var seen: Set<[ObjectIdentifier]> = [_identities(excluded)]
        var found: [[Any.Type]] = []
        var current: Box? = self
        while let box = current {
            for registration in box._storage.registrations.sorted(by: { $0.sequence < $1.sequence })
            where ObjectIdentifier(registration.serviceType) == wanted && registration.key == key {
                let signature = registration.argumentTypes
                if seen.insert(_identities(signature)).inserted { found.append(signature) }
            }
            current = box._parent
        }
        return found
    }

    /// Registrations in this box and its ancestors that resemble (`type`, `key`, `arguments`), at most
    /// `limit`, each box's in registration order.
    ///
    /// - Complexity: O(n) in the registrations of the lineage; each distinct type is described once.
    func _nearest(to type: Any.Type, key: String?, arguments: [Any.Type] = [], limit: Int = 8) -> [String] {
        let wanted = ObjectIdentifier(type)
        let wantedArguments = _identities(arguments)
        let tokens = _nameTokens(type)
        var tokensByType: [ObjectIdentifier: Set<Substring>] = [:]
        var found: [String] = []
        var current: Box? = self
        var depth = 0
        while let box = current, found.count < limit {
            let place = depth == 0 ? "" : " (in \(depth == 1 ? "parent" : "ancestor \(depth)") box)"
            for registration in box._storage.registrations.sorted(by: { $0.sequence < $1.sequence }) {
                let id = ObjectIdentifier(registration.serviceType)
                let sameType = id == wanted
                let sameKey = registration.key == key
                if sameType && sameKey && _identities(registration.argumentTypes) == wantedArguments { continue }
                var resembles = sameType || (sameKey && key != nil)
                if !resembles {
                    let theirs = tokensByType[id] ?? _nameTokens(registration.serviceType)
                    tokensByType[id] = theirs
                    resembles = !tokens.isDisjoint(with: theirs)
                }
                if resembles { found.append(registration.displayName + place) }
            }
            current = box._parent
            depth += 1
        }
        return Array(found.prefix(limit))
    }

    /// The type names a type is spelled with, minus the standard library's wrappers: `Car` for
    /// `MyApp.Garage.Car` and for `Optional<Car>`, `Generic` and `Int` for `Generic<Int>`. Two types that
    /// share one are likely what a user confused.
    private func _nameTokens(_ type: Any.Type) -> Set<Substring> {
        let wrappers: Set<Substring> = [
            "Optional", "Array", "Dictionary", "Set", "Any", "AnyObject", "Swift", "any", "some",
        ]
        let name = String(describing: type)
        return Set(name.split { !($0.isLetter || $0.isNumber || $0 == "_") }).subtracting(wrappers)
    }
}

/// The identities of `types`, to compare argument lists.
private func _identities(_ types: [Any.Type]) -> [ObjectIdentifier] {
    types.map { ObjectIdentifier($0) }
}
