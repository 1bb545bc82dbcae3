// Hashing and comparing the arguments of a `.perArguments` registration: the user's code, which BoxKit runs
// outside every lock and read section.

extension _ArgumentInstances {
    /// The hash of the arguments `first` and `rest`, through each argument type's `Hashable` conformance:
    /// the user's code. One argument is hashed on its own (`_rawHashValue(seed:)`, which its type may do
    /// faster than through a `Hasher`), a `String` by its canonical bytes (`_argumentHash(of:seed:)`, which
    /// agrees with `String`'s `==` as its `Hasher` does); several are fed to one `Hasher` in order.
    ///
    /// - Complexity: that of the arguments' hashing; no allocation.
    @inlinable
    func hash<First, each Rest>(_ first: First, _ rest: repeat each Rest) -> Int {
        if restWitnesses.isEmpty {
            if First.self == String.self { return _argumentHash(of: first as! String, seed: seed) }
            return _hashable(first)._rawHashValue(seed: 0)
        }
        var hasher = Hasher()
        hasher.combine(_hashable(first))
        var position = 0
        for value in repeat each rest {
            _hashArgument(restWitnesses[position], value, into: &hasher)
            position += 1
        }
        return hasher.finalize()
    }

    /// Whether the arguments `first` and `rest` equal `otherFirst` and `otherRest`, argument by argument,
    /// as their `Hashable` conformances say: the user's code.
    @inlinable
    func equal<First, each Rest>(
        _ first: First, _ rest: repeat each Rest, to otherFirst: First, _ otherRest: repeat each Rest
    ) -> Bool {
        guard _equalHashables(first, otherFirst) else { return false }
        var position = 0
        for (left, right) in repeat (each rest, each otherRest) {
            guard _equalArguments(restWitnesses[position], left, right) else { return false }
            position += 1
        }
        return true
    }
}

/// `value`, whose type is `Hashable` (checked when its registration was made), as `any Hashable`. In code
/// specialised for its type, a cast the optimiser resolves, so that hashing it calls that type's code
/// directly; elsewhere, a dynamic cast.
@inlinable @inline(__always)
func _hashable<Value>(_ value: Value) -> any Hashable {
    value as! any Hashable
}

/// Whether `lhs` and `rhs`, of a `Hashable` type, are equal: as `_hashable`, a direct call of the type's
/// `==` where the code is specialised for it.
@inlinable @inline(__always)
func _equalHashables<Value>(_ lhs: Value, _ rhs: Value) -> Bool {
    func equal<Opened: Hashable>(_ left: Opened) -> Bool { left == (rhs as! Opened) }
    return equal(_hashable(lhs))
}

/// Feeds `value`, whose type is `witness`'s, to `hasher` through that conformance.
@inlinable
func _hashArgument<Value>(_ witness: any Hashable.Type, _ value: Value, into hasher: inout Hasher) {
    withUnsafePointer(to: value) { _hashValue(witness, at: UnsafeRawPointer($0), into: &hasher) }
}

/// Whether `lhs` and `rhs`, whose type is `witness`'s, are equal through that conformance.
@inlinable
func _equalArguments<Value>(_ witness: any Hashable.Type, _ lhs: Value, _ rhs: Value) -> Bool {
    withUnsafePointer(to: lhs) { left in
        withUnsafePointer(to: rhs) { _equalValues(witness, UnsafeRawPointer(left), UnsafeRawPointer($0)) }
    }
}

/// `_hashArgument` with the conformance opened.
@usableFromInline
func _hashValue<Value: Hashable>(_: Value.Type, at value: UnsafeRawPointer, into hasher: inout Hasher) {
    value.assumingMemoryBound(to: Value.self).pointee.hash(into: &hasher)
}

/// `_equalArguments` with the conformance opened.
@usableFromInline
func _equalValues<Value: Hashable>(_: Value.Type, _ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer) -> Bool {
    lhs.assumingMemoryBound(to: Value.self).pointee == rhs.assumingMemoryBound(to: Value.self).pointee
}
