/// The shared state of a ``ServiceFactory``: the box it resolves from, what it resolves, and the
/// registration it last found, kept as a `_Binding` in an epoch cell so that any number of threads can read
/// it while one of them replaces it. The read side (`begin`, `endRead`, `endMake`) is in `_CBoundary.swift`.
@usableFromInline
final class _ServiceHandle: Sendable {
    /// The box the handle resolves from, as ``Box/resolve(_:key:)`` on it would.
    @usableFromInline let origin: Box
    @usableFromInline let key: String?
    let typeID: ObjectIdentifier
    let cell = _EpochCell()

    init(origin: Box, typeID: ObjectIdentifier, key: String?) {
        self.origin = origin
        self.typeID = typeID
        self.key = key
        rebind()
    }

    /// Finds the registration a resolve from `origin` would find now and publishes it; leaves the cell as
    /// it is when there is none (the next call then resolves through the box, which reports it).
    func rebind() {
        if let binding = origin._binding(typeID: typeID, key: key) { cell.store(binding) }
    }
}

/// A registration a handle found, with the write generations of the boxes searched to find it: the origin
/// box, then each ancestor up to the one that holds it. While their sum is unchanged, none of those boxes
/// has been written to or destroyed, so a resolve would still find this registration.
///
/// Counters only grow, so an unchanged sum means every counter is unchanged. Boxes above the holder are
/// not watched: nothing registered there can shadow the holder's registration.
///
/// `@unchecked Sendable`: immutable, and its one pointer is to the registration it retains.
final class _Binding: @unchecked Sendable {
    /// Retained here, so that the registration outlives every read section that can still load this binding.
    let registration: _AnyServiceBox
    /// `registration`, unretained, for the read side.
    let registrationPointer: UnsafeMutableRawPointer
    /// The origin box's counter, then the ancestors' up to the holder (empty when the origin holds it).
    let nearest: _WriteGeneration
    let ancestors: [_WriteGeneration]
    /// The sum of the counters, each loaded before its box was searched.
    let generation: UInt64

    init(registration: _AnyServiceBox, generations: [_WriteGeneration], generation: UInt64) {
        self.registration = registration
        registrationPointer = Unmanaged.passUnretained(registration).toOpaque()
        nearest = generations[0]
        ancestors = Array(generations.dropFirst())
        self.generation = generation
    }

    /// Whether no box searched to find the registration has changed since.
    ///
    /// - Complexity: One atomic load per box searched; usually one.
    @inline(__always)
    var isCurrent: Bool {
        var sum = nearest.current
        for ancestor in ancestors { sum &+= ancestor.current }
        return sum == generation
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
        var current: Box? = self
        while let box = current {
            let storage = box._storage
            sum &+= storage.generation.current
            generations.append(storage.generation)
            if let registration = storage.registration(typeID: typeID, key: key) {
                return _Binding(registration: registration, generations: generations, generation: sum)
            }
            current = box._parent
        }
        return nil
    }
}
