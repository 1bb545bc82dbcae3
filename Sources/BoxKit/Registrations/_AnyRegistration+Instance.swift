// The shared instance a registration keeps (`instance`), with the note of how it keeps it
// (`Flag.instanceInCell`), which every read passes back to `_InstanceStorage`.

extension _AnyRegistration {
    /// Keeps `made` as the shared instance and notes whether it is in a cell, while holding `creation` (an async
    /// registration's bookkeeping lock) and before the flag that says it is ready is set (releasing), which
    /// publishes both. Returns the instance itself, unretained, when it is kept as itself (a class instance:
    /// the object a permanent registration publishes as ready), otherwise `nil`.
    ///
    /// - Complexity: O(1); a service that is not a class instance allocates the object that holds it.
    @inlinable @discardableResult
    final func keepInstance<Service>(_ made: Service) -> UnsafeMutableRawPointer? {
        let inCell = instance.store(made)
        words[Word.flags].byte(Flag.instanceInCell).storeFlag(inCell, ordering: .relaxed)
        return inCell ? nil : instance.object.map { Unmanaged.passUnretained($0).toOpaque() }
    }

    /// Whether `keepInstance(_:)` kept the shared instance in a cell (it was not one class reference where it
    /// was made); read as `keptInstance(as:)` reads it.
    final var keepsInstanceInCell: Bool { words[Word.flags].byte(Flag.instanceInCell).loadFlag(ordering: .relaxed) }

    /// The shared instance `keepInstance(_:)` kept, read as the same `Service`, once its ready flag has been
    /// read set (acquiring), or while holding `creation`.
    ///
    /// - Complexity: O(1): the note, then the instance or the value its `Cell` holds.
    @inlinable
    final func keptInstance<Service>(as _: Service.Type) -> Service {
        instance.instance(
            as: Service.self, inCell: words[Word.flags].byte(Flag.instanceInCell).loadFlag(ordering: .relaxed))
    }

    /// Whether nothing but this registration holds its ready permanent instance, a class instance: no variable,
    /// property or other object of the app's keeps it. `false` for a value, and for an instance not ready. A
    /// diagnostic: another thread may take a reference meanwhile.
    final var isSoleHolderOfInstance: Bool {
        guard let object = readyObject else { return false }
        return _strongReferences(object) <= _oneStrongReference
    }
}

/// The strong references to the object at `object` as the runtime counts them (`_getRetainCount`), asked through
/// this one function, so that whatever the call itself holds while it asks is the same for every object.
@inline(never)
private func _strongReferences(_ object: UnsafeMutableRawPointer) -> UInt {
    Unmanaged<AnyObject>.fromOpaque(object)._withUnsafeGuaranteedRef { _getRetainCount($0) }
}

/// What `_strongReferences` answers for an object that one reference holds: measured on an object made for it.
private let _oneStrongReference: UInt = {
    let held = Unmanaged.passRetained(_ReferenceCountProbe())
    defer { held.release() }
    return _strongReferences(held.toOpaque())
}()

/// The object `_oneStrongReference` counts the references of.
private final class _ReferenceCountProbe {}
