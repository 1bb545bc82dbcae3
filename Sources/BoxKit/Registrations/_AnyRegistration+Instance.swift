// The shared instance a registration keeps (`instance`), with the note of how it keeps it
// (`Flag.instanceBoxed`), which every read passes back to `_InstanceStorage`.

extension _AnyRegistration {
    /// Keeps `made` as the shared instance and notes whether it is boxed, while holding `creation` (an async
    /// registration's bookkeeping lock) and before the flag that says it is ready is set (releasing), which
    /// publishes both. Returns the instance itself, unretained, when it is kept unboxed (a class instance:
    /// the object a permanent registration publishes as ready), otherwise `nil`.
    ///
    /// - Complexity: O(1); a service that is not a class instance allocates the object that holds it.
    @inlinable @discardableResult
    final func keepInstance<Service>(_ made: Service) -> UnsafeMutableRawPointer? {
        let boxed = instance.store(made)
        words[Word.flags].byte(Flag.instanceBoxed).storeFlag(boxed, ordering: .relaxed)
        return boxed ? nil : instance.object.map { Unmanaged.passUnretained($0).toOpaque() }
    }

    /// Whether `keepInstance(_:)` kept the shared instance boxed (it was not one class reference where it
    /// was made); read as `keptInstance(as:)` reads it.
    final var keepsInstanceBoxed: Bool { words[Word.flags].byte(Flag.instanceBoxed).loadFlag(ordering: .relaxed) }

    /// The shared instance `keepInstance(_:)` kept, read as the same `Service`, once its ready flag has been
    /// read set (acquiring), or while holding `creation`.
    ///
    /// - Complexity: O(1): the note, then the instance or the value its `Boxed` holds.
    @inlinable
    final func keptInstance<Service>(as _: Service.Type) -> Service {
        instance.instance(
            as: Service.self, boxed: words[Word.flags].byte(Flag.instanceBoxed).loadFlag(ordering: .relaxed))
    }
}
