// `.permanent`: one instance, made on the first resolve by one thread (or one task) and shared by every box
// that reaches the registration.

extension _AnyRegistration {
    /// `.permanent`: unless another thread already has, makes the instance with `make`, runs the hooks on
    /// it, keeps it in `instance`, and publishes it (the `readyObject` word for a class instance, then `ready`,
    /// then, for a class instance, the table of `resolver`, the box that holds the registration: its slot and
    /// its type-index entry, which refuse it unless the registration is the entry of its type and key there),
    /// all while holding `creation`.
    ///
    /// Inlinable, so that it specialises where a registration kind's `makeShared` is compiled: in BoxKit,
    /// for a class service's `_ObjectRegistration` (as `AnyObject`); generically, once per creation, for the
    /// other kinds.
    @inlinable
    final func createPermanent<Service, Failure: Error>(
        resolver: Resolver, _ make: () throws(Failure) -> Service
    ) throws(Failure) {
        try _ResolutionThread.withCreationClaim(creation) { () throws(Failure) in
            if isReady { return _ResolutionThread.noteNotNew() }
            let made = try make()
            initialise(made, resolver: resolver)
            let object = keepInstance(made)
            if let object { words[Word.readyObject].storePointer(object, ordering: .releasing) }
            words[Word.flags].byte(Flag.ready).storeFlag(true, ordering: .releasing)
            if let object { resolver._publish(readyObject: object, of: self) }
        }
    }
}
