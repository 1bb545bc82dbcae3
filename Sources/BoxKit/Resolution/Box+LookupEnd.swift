// How a box's lookup ends: the read section or retain that kept its registration valid, the chain entry of a
// factory call, and the ancestor box it retained.
internal import CBoxTable

extension Box {
    /// What keeps a registration this box found valid until its lookup ends.
    @inline(__always)
    var _hold: _ResolutionThread.Hold { backend == .hashTable ? .readSection : .retain }

    /// Enters the forward of a `.forward` lookup of this box for its general path
    /// (`_ResolutionThread.enterForward`): the `.make` lookup to end with `_endMake`, or the failure to end
    /// with `_endFailed`.
    @usableFromInline
    final func _enterForward(_ lookup: _Lookup) -> _Lookup {
        _ResolutionThread.enterForward(lookup.registration.unsafelyUnwrapped, holder: lookup.holder, hold: _hold)
    }

    /// Ends a `.ready`, `.pending` or `.forward` lookup.
    @usableFromInline
    final func _endRead(_ lookup: _Lookup) {
        _ResolutionThread.end(_hold, of: lookup.registration.unsafelyUnwrapped, reader: cbox_reader_current())
        lookup.holder?.release()
    }

    /// Ends an `.asyncFactory` or `.wrongIsolation` lookup for an async resolve, which must not suspend inside
    /// a read section: returns the registration and the box holding it (`nil` for this one) as strong
    /// references, so that they outlive the lookup while the factory runs.
    @usableFromInline
    final func _endAsync(_ lookup: _Lookup) -> (registration: _AnyRegistration, holder: Box?) {
        let raw = lookup.registration.unsafelyUnwrapped
        let registration = Unmanaged<_AnyRegistration>.fromOpaque(raw).retain().takeRetainedValue()
        _ResolutionThread.end(lookup, hold: _hold)
        return (registration, lookup.holder?.takeRetainedValue())
    }

    /// Ends a `.make` lookup: pops the chain entry `_begin` pushed (which held a hash table's registration
    /// while its factory ran), or gives back the Dictionary's retain.
    @usableFromInline
    final func _endMake(_ lookup: _Lookup) {
        _ResolutionThread.popMake(lookup)
        if backend == .dictionary {
            Unmanaged<_AnyRegistration>.fromOpaque(lookup.registration.unsafelyUnwrapped).release()
        }
        lookup.holder?.release()
    }
}
