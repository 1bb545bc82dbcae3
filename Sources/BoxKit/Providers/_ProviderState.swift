/// The shared state of a ``ServiceProvider``: the box it resolves from, what it resolves, and the registration
/// it is pinned to. The read side (`begin`, `endMake`) is in `_ProviderState+Lookup.swift`.
///
/// The first registration a call finds is pinned: retained by the provider until it is released, so
/// that a call can use it without a read section. A call uses the pin while the write counters of the boxes
/// searched to find it add up to `vouched`, the sum at which a search last found that same registration;
/// after any write to one of those boxes, one search (`_binding`) vouches for it again. Once a search finds
/// another registration or none, the pin is spent: the registration was replaced or removed, which cannot be
/// undone, and every later call resolves through the box.
///
/// `@unchecked Sendable`: the stored properties are immutable or atomic; `pin` points to a `_Binding`
/// retained by this state, written once and released in `deinit`.
@usableFromInline
final class _ProviderState: @unchecked Sendable {
    /// The box the provider resolves from, as ``Box/resolve(_:key:)`` on it would.
    @usableFromInline let origin: Box
    @usableFromInline let key: String?
    let typeID: ObjectIdentifier
    /// The origin box's write counter: the first of the counters `vouched` sums.
    @usableFromInline let originGeneration: _WriteGeneration
    /// `_RecordingGate.shared`, held so that a call reads it with one load.
    @usableFromInline let recordingGate = _RecordingGate.shared
    /// The provider's atomic fields, one word each.
    @usableFromInline let words = _AtomicWords(count: 4)
    /// The pinned `_Binding`, retained; `nil` until a call (or the provider's creation) first finds one.
    var pin: _AtomicWord { words[0] }
    /// The sum of the counters at which a search last found the pinned registration; 0 for none (a box that
    /// holds a registration has been written to, so a sum that vouches for one is never 0).
    @inlinable var vouched: _AtomicWord { words[1] }
    /// The pinned registration's permanent instance, once a call has seen it (it lives as long as the pin);
    /// cached only when the origin box holds the registration, so that its counter alone vouches for it.
    @inlinable var object: _AtomicWord { words[2] }
    /// Set once the pinned registration has been replaced or removed.
    var spent: _AtomicWord { words[3] }

    init(origin: Box, typeID: ObjectIdentifier, key: String?) {
        self.origin = origin
        self.typeID = typeID
        self.key = key
        originGeneration = origin._storage.generation
        _ = revalidate()
    }

    /// The cached permanent instance, unretained, when the origin box has not been written to since the
    /// pin was vouched for and no first creation is being recorded; otherwise `nil` (call `begin`).
    ///
    /// - Complexity: O(1): three loads, inlined into the caller.
    @inlinable @inline(__always)
    var readyObject: UnsafeMutableRawPointer? {
        guard let instance = object.loadPointer(ordering: .acquiring),
            originGeneration.current == vouched.load(ordering: .relaxed), recordingGate.isIdle
        else { return nil }
        return instance
    }

    deinit {
        if let pinned = pin.loadPointer(ordering: .acquiring) { Unmanaged<_Binding>.fromOpaque(pinned).release() }
    }

    /// Searches the lineage as a resolve would; pins what it finds if nothing is pinned yet, and vouches for
    /// the pin if it is what the search found. Returns the pin when it is vouched for, `nil` when calls must
    /// resolve through the box (nothing registered, or the pin is spent).
    ///
    /// - Complexity: O(1) on average per box searched, with two small allocations.
    func revalidate() -> UnsafeMutableRawPointer? {
        if spent.loadFlag(ordering: .relaxed) { return nil }
        guard let found = origin._binding(typeID: typeID, key: key) else {
            if pin.loadPointer(ordering: .acquiring) != nil { spent.storeFlag(true, ordering: .relaxed) }
            return nil
        }
        var pinned = pin.loadPointer(ordering: .acquiring)
        if pinned == nil {
            let fresh = Unmanaged.passRetained(found).toOpaque()
            let (exchanged, original) = pin.compareExchangePointer(
                expected: nil, desired: fresh, ordering: .acquiringAndReleasing)
            if !exchanged { Unmanaged<_Binding>.fromOpaque(fresh).release() }
            pinned = exchanged ? fresh : original
        }
        guard let pinned,
            Unmanaged<_Binding>.fromOpaque(pinned).takeUnretainedValue().registration === found.registration
        else {
            spent.storeFlag(true, ordering: .relaxed)
            return nil
        }
        vouched.store(found.generation, ordering: .relaxed)
        return pinned
    }
}

/// A registration a search found, with the write counters of the boxes searched to find it: the origin box,
/// then each ancestor up to the one that holds it. While their sum is unchanged, none of those boxes has
/// been written to or destroyed, so a resolve would still find this registration.
///
/// Counters only grow, so an unchanged sum means every counter is unchanged. Boxes above the holder are
/// not watched: nothing registered there can shadow the holder's registration.
///
/// `@unchecked Sendable`: immutable, and its one pointer is to the registration it retains.
final class _Binding: @unchecked Sendable {
    /// Retained here, so that a pinned registration lives as long as the provider that pinned it.
    let registration: _AnyRegistration
    /// `registration`, unretained, for the read side.
    let registrationPointer: UnsafeMutableRawPointer
    /// The ancestors' counters up to the holder (empty when the origin holds it).
    let ancestors: [_WriteGeneration]
    /// `!ancestors.isEmpty`, read without loading the array.
    let watchesAncestors: Bool
    /// The sum of the counters, each loaded before its box was searched.
    let generation: UInt64

    init(registration: _AnyRegistration, generations: [_WriteGeneration], generation: UInt64) {
        self.registration = registration
        registrationPointer = Unmanaged.passUnretained(registration).toOpaque()
        ancestors = Array(generations.dropFirst())
        watchesAncestors = !ancestors.isEmpty
        self.generation = generation
    }

    /// The sum of the ancestors' counters.
    ///
    /// - Complexity: One atomic load per ancestor searched.
    var ancestorsGeneration: UInt64 {
        var sum: UInt64 = 0
        for ancestor in ancestors { sum &+= ancestor.current }
        return sum
    }
}

extension Box {
    /// What a resolve of `typeID` and `key` from this box finds now, with the write generations that
    /// vouch for it; `nil` when nothing is registered here or in an ancestor.
    ///
    /// - Complexity: O(1) on average per box searched; each box's counter is loaded before it is searched.
    func _binding(typeID: ObjectIdentifier, key: String?) -> _Binding? {
        var generations: [_WriteGeneration] = []
        var sum: UInt64 = 0
        for registry in _lineage {
            let storage = registry.storage
            sum &+= storage.generation.current
            generations.append(storage.generation)
            if let registration = storage.registration(typeID: typeID, key: key) {
                return _Binding(registration: registration, generations: generations, generation: sum)
            }
        }
        return nil
    }
}
