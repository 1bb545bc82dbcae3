extension Box {
    /// Stops the program with the error's message.
    @usableFromInline
    func _trap(_ error: BoxError) -> Never {
        fatalError(error.description)
    }

    /// The resolutions in flight, outermost first: the async factories running in the current task, then the
    /// synchronous ones on this thread (which an async factory may have started; none suspends).
    func _chainInFlight() -> [String] {
        (_ResolutionTask.chain + _ResolutionThread.chain()).map(\.displayName)
    }

    /// The error for a resolve of `type` and `key` that found nothing.
    func _missingError(_ type: Any.Type, key: String?) -> BoxError {
        let chain = _chainInFlight() + [_describe(type, key: key)]
        return BoxError(
            reason: .notRegistered, serviceType: String(reflecting: type), key: key, chain: chain,
            nearest: _nearest(to: type, key: key))
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
        BoxError(
            reason: reason, serviceType: String(reflecting: registration.serviceType), key: registration.key,
            chain: _chainInFlight() + [registration.displayName],
            nearest: _nearest(to: registration.serviceType, key: registration.key))
    }

    /// Registrations in this box and its ancestors that resemble (`type`, `key`), at most `limit`, each box's
    /// in registration order.
    ///
    /// - Complexity: O(n) in the registrations of the lineage; each distinct type is described once.
    func _nearest(to type: Any.Type, key: String?, limit: Int = 8) -> [String] {
        let wanted = ObjectIdentifier(type)
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
                if sameType && sameKey { continue }
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
