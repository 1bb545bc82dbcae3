extension Box {
    /// Stops the program with the error's message; on a ``verify()`` sandbox thread, reports the error to
    /// the verification and stops only that thread.
    @usableFromInline
    func _trap(_ error: BoxError) -> Never {
        if let verification = _ResolutionThread.sandbox { verification.stop(with: error) }
        fatalError(error.description)
    }

    /// The error for a resolve of `type` and `key` that found nothing (recorded as a missing dependency of
    /// the registration being resolved, if any).
    func _missingError(_ type: Any.Type, key: String?) -> BoxError {
        _ResolutionThread.recordMissing(type, key: key)
        let chain = _ResolutionThread.chain().map(\.displayName) + [_describe(type, key: key)]
        return BoxError(
            reason: .notRegistered, serviceType: String(reflecting: type), key: key, chain: chain,
            nearest: _nearest(to: type, key: key))
    }

    /// The error for a resolve of `registration` while it is already being made on this thread.
    func _cycleError(_ registration: _AnyServiceBox) -> BoxError {
        let chain = _ResolutionThread.chain().map(\.displayName) + [registration.displayName]
        return BoxError(
            reason: .cycle, serviceType: String(reflecting: registration.serviceType), key: registration.key,
            chain: chain, nearest: _nearest(to: registration.serviceType, key: registration.key))
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
