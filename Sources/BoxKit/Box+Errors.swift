extension Box {
    /// Stops the program with the error's message.
    @usableFromInline
    func _trap(_ error: BoxError) -> Never {
        fatalError(error.description)
    }

    /// The error for a resolve of `type` and `key` that found nothing.
    func _missingError(_ type: Any.Type, key: String?) -> BoxError {
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

    /// Registrations in this box and its ancestors that resemble (`type`, `key`), at most `limit`.
    func _nearest(to type: Any.Type, key: String?, limit: Int = 8) -> [String] {
        let wanted = ObjectIdentifier(type)
        let tokens = _nameTokens(type)
        var lineage: [(box: Box, depth: Int)] = []
        var current: Box? = self
        while let box = current {
            lineage.append((box, lineage.count))
            current = box._parent
        }
        var found: [String] = []
        for (box, depth) in lineage {
            let place = depth == 0 ? "" : " (in \(depth == 1 ? "parent" : "ancestor \(depth)") box)"
            let candidates = box._storage.registrations.sorted { $0.displayName < $1.displayName }
            for registration in candidates {
                let sameType = ObjectIdentifier(registration.serviceType) == wanted
                let sameKey = registration.key == key
                if sameType && sameKey { continue }
                let related = !tokens.isDisjoint(with: _nameTokens(registration.serviceType))
                if sameType || (sameKey && key != nil) || related {
                    found.append(registration.displayName + place)
                }
            }
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
