// `.weak`: the instance someone else still holds, or a new one, held weakly.

extension _AnyRegistration {
    /// `.weak`: returns the weakly held instance if anyone still holds it, or makes a new one with `make`
    /// and runs the hooks on it, while holding `creation`.
    ///
    /// A factory that made a value, which cannot be held weakly, fails the resolve with a ``BoxError``
    /// (reason ``BoxError/Reason-swift.enum/typeMismatch``): thrown where `Failure` can carry it (the
    /// `.makeThrowing` path, which `mayThrow` sends every registration whose factory may make a value to),
    /// otherwise stopping the program with its message.
    @usableFromInline
    final func makeWeak<Service, Failure: Error>(
        resolver: Resolver, _ make: () throws(Failure) -> Service
    ) throws(Failure) -> Service {
        try _ResolutionThread.withCreationClaim(creation) { () throws(Failure) in
            if let alive = weakInstance {
                _ResolutionThread.noteNotNew()
                if _isObjectReference(Service.self) {
                    return unsafeBitCast(alive, to: Service.self)
                }
                return alive as! Service  // an existential (`any Vehicle`) made from this class instance
            }
            let made = try make()
            guard let object = weaklyHeld(made) else {
                let error = resolver._valueMadeError(self, made: type(of: made))
                guard let failure = error as? Failure else { resolver._trap(error) }
                throw failure
            }
            holdWeakly(object)
            initialise(made, resolver: resolver)
            return made
        }
    }

    /// `made` as the object a `.weak` registration holds weakly, or `nil` when it is a value rather than a
    /// class instance.
    final func weaklyHeld(_ made: Any) -> AnyObject? {
        type(of: made) is AnyObject.Type ? made as AnyObject : nil
    }
}
