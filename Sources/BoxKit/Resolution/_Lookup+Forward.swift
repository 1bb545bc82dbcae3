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
