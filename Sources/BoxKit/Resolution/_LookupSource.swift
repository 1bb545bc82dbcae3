/// Where a `_Lookup` came from, and so how it ends: a box's lookup ends a read section (or, for the
/// Dictionary baseline, a retain) and releases the ancestor that holds the registration; a provider's pinned
/// lookup ends nothing but the chain entry of a factory call. A source also says which box a factory
/// resolves from.
@usableFromInline
protocol _LookupSource {
    /// The box a factory called for this source's resolve receives as its resolver.
    var _resolver: Box { get }
    /// Ends a `.ready` or `.pending` lookup.
    func _endRead(_ lookup: _Lookup)
    /// Ends a `.make` lookup, after its factory returned.
    func _endMake(_ lookup: _Lookup)
}

extension Box: _LookupSource {
    @inlinable
    var _resolver: Box { self }
}

/// The source of a lookup whose registration the caller of `Box._resolveHeld(_:)` holds: ending it
/// gives up nothing but a factory call's chain entry, as for a provider's pin.
struct _CallerHeld: _LookupSource {
    let _resolver: Box

    func _endRead(_ lookup: _Lookup) {}

    func _endMake(_ lookup: _Lookup) { _ResolutionThread.popMake(lookup) }
}
