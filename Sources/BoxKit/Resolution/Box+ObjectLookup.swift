// A resolve of a class service past its inlined part: what needs no type, compiled once (`_objectInstance`),
// and what needs the type, run unspecialised (`_finishInGeneral`).

extension Box {
    /// Begins a resolve of `type` under `key` from this box, a forward's target whose service type is one
    /// class reference, and finishes it as `_objectInstance` does: returns the `.object` lookup of the instance
    /// then, retained for the caller; otherwise the lookup as begun, for typed code to finish.
    ///
    /// - Complexity: O(1) on average beyond the factory, as ``resolve(_:key:)``.
    @usableFromInline
    func _beginObject(_ type: Any.Type, key: String?) -> _Lookup {
        let lookup = _begin(ObjectIdentifier(type), key: key)
        guard let object = _objectInstance(lookup) else { return lookup }
        return _Lookup(.object, payload: Unmanaged.passRetained(object).toOpaque())
    }

    /// The instance `lookup` finds, begun by a resolve from this box of a service type of one class reference
    /// (a class service, or a forward's target), wherever that needs no typed code: the lookup's object, a
    /// ready instance kept as itself, an instance whose hooks are running, another forward's ready target, or
    /// what the factory of a class service's registration (`_ObjectRegistration`) makes. The instance is
    /// retained for the caller and the lookup ended. `nil` for any other lookup, left as it is for typed code
    /// to finish (`Box._finishInGeneral`): a registration of another kind to make, an instance kept in a cell,
    /// another forward to resolve, or a failure.
    ///
    /// Not generic and out of line: compiled once in BoxKit, so that a resolve of a class service in an app
    /// inlines only the `.object` case (a ready permanent instance) and this call.
    ///
    /// - Complexity: O(1) beyond the factory.
    @usableFromInline
    func _objectInstance(_ lookup: _Lookup) -> AnyObject? {
        guard lookup.state == .make else { return lookup.state == .failed ? nil : _readyObjectInstance(lookup) }
        guard let raw = lookup.registration,
            Unmanaged<_AnyRegistration>.fromOpaque(raw)._withUnsafeGuaranteedRef({ $0.makesObjects })
        else { return nil }
        // The funnel's `.make` case for this registration kind, called directly: nearly every lookup here is
        // one, kept in a function with nothing else, and a debug build's frames of the generic funnel would
        // add up in deep chains.
        let made = _ObjectRegistration.at(raw)._withUnsafeGuaranteedRef {
            $0.make(resolvingFrom: self, holder: lookup.holder)
        }
        _endMake(lookup)
        return made
    }

    /// `_objectInstance` for a lookup that is neither `.make` nor `.failed`: the instance that exists
    /// already (`.object`, `.ready`, `.pending`, `.forwarded`), or `nil`.
    @inline(never)
    private func _readyObjectInstance(_ lookup: _Lookup) -> AnyObject? {
        switch lookup.state {
        case .object:
            return Unmanaged<AnyObject>.fromOpaque(lookup.object).takeRetainedValue()
        case .ready:
            let registration = Unmanaged<_AnyRegistration>.fromOpaque(lookup.registration.unsafelyUnwrapped)
            if registration._withUnsafeGuaranteedRef({ $0.keepsInstanceInCell }) { return nil }
        case .pending:
            // Read as `AnyObject` only what an `_ObjectRegistration` made; a `_Registration`'s pending
            // instance is read by typed code.
            let registration = Unmanaged<_AnyRegistration>.fromOpaque(lookup.registration.unsafelyUnwrapped)
            if !registration._withUnsafeGuaranteedRef({ $0.makesObjects }) { return nil }
        case .forwarded: break
        default: return nil
        }
        return lookup.instance(from: self) { lookup -> AnyObject in lookup._forwarded(as: AnyObject.self) }
    }

    /// Finishes `lookup`, begun by a resolve of `type` under `key` from this box, through the one funnel
    /// with typed code: what `_objectInstance` leaves to it. Generic and not inlinable: compiled once in
    /// BoxKit and run unspecialised, for the lookups that need the service type (a class registered from
    /// generic code, a factory that may throw, a forward, a failure), so that an app holds no copy of them
    /// per service type.
    @usableFromInline
    func _finishInGeneral<Service>(_ lookup: _Lookup, as type: Service.Type, key: String?) throws(BoxError)
        -> Service
    {
        switch lookup.state {
        case .failed:
            // No typed code: the failure straight away, without the unspecialised funnel's cost.
            throw _endFailed(lookup, type: type, key: key)
        default:
            return try lookup.instance(from: self) { lookup throws(BoxError) in
                try lookup._finish(from: self, as: type, key: key)
            }
        }
    }
}
