// The ready objects a box's table publishes, read without the registration: a permanent class instance, and
// a forward's target.

extension Box {
    /// Publishes `object`, the ready permanent instance of `registration`, in this box's table (its slot, and
    /// its type-index entry if it has one), where `_begin` reads it without reading the registration; nothing
    /// happens unless `registration` is the entry of its type and key there now
    /// (`_HashTableStorage.publish(readyObject:of:)`). Any thread may call it, once the instance is ready,
    /// while it holds `registration` and is in no read section. The registration's instance keeps `object`
    /// alive, and the registration outlives every read section that can find it, so the table returns `object`
    /// only while it is valid.
    @usableFromInline
    final func _publish(readyObject object: UnsafeMutableRawPointer, of registration: _AnyRegistration) {
        _registry.table?.publish(readyObject: object, of: registration)
    }

    /// The ready permanent instance of the target of `lookup`'s forward (a `.forward` lookup, whose read
    /// section is open), as `_readyTarget(_:)` finds it; `nil` with the Dictionary baseline, and before the
    /// forward's first resolve (which records its dependency on the target): the caller resolves the target
    /// instead.
    @usableFromInline
    final func _readyTarget(of lookup: _Lookup) -> UnsafeMutableRawPointer? {
        guard _table != nil else { return nil }
        let forward = Unmanaged<_AnyForwardRegistration>.fromOpaque(lookup.registration.unsafelyUnwrapped)
        guard forward._withUnsafeGuaranteedRef({ $0.hasRecordedDependencies }) else { return nil }
        return _readyTarget(forward)
    }

    /// The ready permanent instance of `forward`'s target as this box's type index holds it
    /// (`_HashTableStorage.indexedReadyObject`): what a resolve of the target from this box would return now,
    /// unretained, valid until the read section the caller is in ends. `nil` otherwise.
    @inline(__always)
    func _readyTarget(_ forward: Unmanaged<_AnyForwardRegistration>) -> UnsafeMutableRawPointer? {
        forward._withUnsafeGuaranteedRef {
            _HashTableStorage.indexedReadyObject(in: _table.unsafelyUnwrapped, typeID: $0.targetTypeID, key: $0.key)
        }
    }
}
