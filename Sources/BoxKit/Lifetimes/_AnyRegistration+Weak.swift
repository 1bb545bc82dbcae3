// `.weak`: the instance someone else still holds, or a new one, held weakly.

extension _AnyRegistration {
    /// `.weak`: returns the weakly held instance if anyone still holds it, or makes a new one with `make`
    /// and runs the hooks on it, while holding `creation`.
    @usableFromInline
    final func makeWeak<Service, Failure: Error>(
        resolver: Resolver, _ make: () throws(Failure) -> Service
    ) throws(Failure) -> Service {
        try _ResolutionThread.withCreationClaim(creation) { () throws(Failure) in
            if let alive = weakInstance {
                if _isObjectReference(Service.self) {
                    return unsafeBitCast(alive, to: Service.self)
                }
                return alive as! Service  // an existential (`any Vehicle`) made from this class instance
            }
            let made = try make()
            holdWeakly(weaklyHeld(made, otherLifetimes: ".transient, .graph or .permanent"))
            initialise(made, resolver: resolver)
            return made
        }
    }

    /// `made` as the object a `.weak` registration holds weakly; stops the program, naming this registration
    /// and the lifetimes it could have instead, when `made` is a value rather than a class instance.
    final func weaklyHeld(_ made: Any, otherLifetimes: String) -> AnyObject {
        guard type(of: made) is AnyObject.Type else {
            _misuse(
                "BoxKit: \(displayName) is registered with life: .weak, but its factory made a value of type "
                    + "\(String(reflecting: type(of: made))), not a class instance: only class instances can be "
                    + "held weakly. Register it \(otherLifetimes) instead.")
        }
        return made as AnyObject
    }
}
