// The read side of a provider's resolve: the decisions of Box's lookup for a pinned registration.
internal import CBoxRuntime

extension _ProviderState {
    /// The read side of a ``ServiceProvider`` call: `Box._begin` without the hash, the probe and the read
    /// section, for the registration the provider pinned.
    ///
    /// Returns `.object`, `.ready` or `.make` (then `endMake`) when the pin is vouched for by the write
    /// counters of the boxes searched to find it and the call needs no lock: a ready permanent instance, or a
    /// transient synchronous factory not already running on this thread. Anything else, including nothing
    /// registered, returns a `.missing` failure: the caller then resolves through the box, which creates permanents
    /// exactly once, returns instances whose hooks are running, and reports cycles, async factories and
    /// missing registrations with BoxKit's messages.
    ///
    /// - Complexity: O(1): a few loads, no hash, no probe and no lock while no box searched has been written
    ///   to; after a write, one search.
    @usableFromInline
    final func begin() -> _Lookup {
        guard let pinned = _vouchedPin() ?? revalidate() else { return _Lookup(failed: .missing) }
        return _classify(pinned)
    }

    /// The pin, when the write counters of the boxes searched to find it still add up to `vouched`.
    @inline(__always)
    private func _vouchedPin() -> UnsafeMutableRawPointer? {
        guard let pinned = pin.loadPointer(ordering: .acquiring) else { return nil }
        let binding = Unmanaged<_Binding>.fromOpaque(pinned)
        var sum = originGeneration.current
        if binding._withUnsafeGuaranteedRef({ $0.watchesAncestors }) {
            sum &+= binding._withUnsafeGuaranteedRef { $0.ancestorsGeneration }
        }
        return sum == vouched.load(ordering: .relaxed) ? pinned : nil
    }

    /// `_ResolutionThread.decide` for the pinned registration, which the provider keeps alive; a ready
    /// instance found in the provider's own box is cached for `readyObject`.
    @inline(__always)
    private func _classify(_ pinned: UnsafeMutableRawPointer) -> _Lookup {
        let binding = Unmanaged<_Binding>.fromOpaque(pinned)
        let raw = binding._withUnsafeGuaranteedRef { $0.registrationPointer }
        let lookup = _ResolutionThread.decide(
            raw, holder: nil, thread: cbox_thread_current(), hold: .caller, makesPermanents: false)
        if lookup.state == .object && !binding._withUnsafeGuaranteedRef({ $0.watchesAncestors }) {
            object.storePointer(lookup.object, ordering: .releasing)
        }
        return lookup
    }
}

extension _ProviderState: _LookupSource {
    @inlinable
    var _resolver: Box { origin }

    /// A pinned lookup holds no read section: the provider keeps its registration.
    @inlinable
    func _endRead(_ lookup: _Lookup) {}

    /// Pops the chain entry of a `.make` lookup's factory call.
    @inlinable
    func _endMake(_ lookup: _Lookup) { _ResolutionThread.popMake(lookup) }
}
