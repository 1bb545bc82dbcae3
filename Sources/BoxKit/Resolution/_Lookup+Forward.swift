extension _Lookup {
    /// The forwarded value of a `.forwarded` lookup: the target's instance, which the lookup retained for
    /// the caller, written over the first word of the forward's template (`_AnyForwardRegistration`).
    ///
    /// - Complexity: O(1): a copy of the template's words.
    @inlinable @inline(__always)
    func _forwarded<Service>(as _: Service.Type) -> Service {
        withUnsafeTemporaryAllocation(of: Service.self, capacity: 1) { buffer in
            let made = buffer.baseAddress.unsafelyUnwrapped
            _AnyForwardRegistration.write(
                value.unsafelyUnwrapped, by: registration.unsafelyUnwrapped, into: UnsafeMutableRawPointer(made),
                size: MemoryLayout<Service>.size)
            return made.move()
        }
    }

    /// Finishes a `.forward` lookup that a box's resolve of `type` made, whose read section is still open,
    /// resolving the forward's target from `box`, the box the resolve started from, and handing it over as a
    /// `Service`: a ready target (`Box._readyTarget(of:)`) cast by `_ForwardRegistration.cast(retained:)`, which
    /// makes the template that later lookups hand it over by (`.forwarded`); otherwise the forward entered as
    /// a factory would be (a cycle through it is reported, and its first resolve records its dependency on
    /// the target) and its target resolved through the one funnel (`_ForwardRegistration.resolveTarget`),
    /// which throws its failure: missing, a cycle, what its factory threw, or a type mismatch. Ends the
    /// lookup. Out of line, specialised in the caller's module.
    @inlinable @inline(never)
    func _forwardInGeneral<Service>(from box: Box, as type: Service.Type) throws(BoxError) -> Service {
        // Unowned: the lookup holds it, then the chain entry of `_enterForward`.
        unowned(unsafe) let forward = _ForwardRegistration<Service>.at(registration.unsafelyUnwrapped)
            .takeUnretainedValue()
        // With a template made, `Box._readyForward` has found no ready target of the template's class.
        if forward.template == nil, let object = box._readyTarget(of: self) {
            if let cast = forward.cast(retained: Unmanaged<AnyObject>.fromOpaque(object).retain().toOpaque()) {
                box._endRead(self)
                return cast
            }
        }
        let entered = box._enterForward(self)
        guard entered.state == .make else { throw box._failure(entered, type: type, key: nil) }
        defer { box._endMake(entered) }
        return try forward.resolveTarget(from: box)
    }
}

extension Box {
    /// Begins a resolve of `type` under `key` from this box, a forward's target whose service type is one
    /// class reference, and finishes it through the one funnel as `AnyObject` wherever that needs no typed
    /// code: a ready instance kept as itself, an instance whose hooks are running, another forward's ready
    /// target, or a factory of a class service's registration (`_ObjectRegistration`). Returns the `.object`
    /// lookup of the instance then, retained for the caller; otherwise the lookup as begun (a registration of
    /// another kind to make, an instance kept boxed, another forward to resolve), for typed code to finish.
    /// Throws the lookup's failure.
    ///
    /// - Complexity: O(1) on average beyond the factory, as ``resolve(_:key:)``.
    @usableFromInline
    func _beginObject(_ type: Any.Type, key: String?) throws(BoxError) -> _Lookup {
        let lookup = _begin(ObjectIdentifier(type), key: key)
        let found = lookup.registration.map { Unmanaged<_AnyRegistration>.fromOpaque($0) }
        switch lookup.state {
        case .object, .makeThrowing, .forward: return lookup
        case .make: if found?._withUnsafeGuaranteedRef({ !$0.makesObjects }) ?? true { return lookup }
        case .ready: if found?._withUnsafeGuaranteedRef({ $0.keepsInstanceBoxed }) ?? true { return lookup }
        default: break
        }
        let object = try lookup.instance(from: self) { lookup throws(BoxError) -> AnyObject in
            if lookup.state == .forwarded { return lookup._forwarded(as: AnyObject.self) }
            throw _failure(lookup, type: type, key: key)
        }
        return _Lookup(.object, value: Unmanaged.passRetained(object).toOpaque())
    }
}
