// `.weak`: the instance someone else still holds, or a new one, held weakly.

extension _AnyRegistration {
    /// `.weak`: returns the weakly held instance if anyone still holds it, or makes a new one with `make`
    /// and runs the hooks on it, while holding `creation`.
    @usableFromInline
    final func makeWeak<Service, Failure: Error>(
        resolver: Resolver, _ make: () throws(Failure) -> Service
    ) throws(Failure) -> Service {
        try _ResolutionThread.withCreationClaim(self) { () throws(Failure) in
            if let alive = weakInstance {
                if Service.self is AnyObject.Type, MemoryLayout<Service>.size == MemoryLayout<AnyObject>.size {
                    return unsafeBitCast(alive, to: Service.self)
                }
                return alive as! Service  // an existential (`any Vehicle`) made from this class instance
            }
            let made = try make()
            weakInstance = weaklyHeld(made, otherLifetimes: ".transient, .graph or .permanent")
            initialise(made, resolver: resolver)
            return made
        }
    }

    /// `made` as the object a `.weak` registration holds weakly; stops the program, naming this registration
    /// and the lifetimes it could have instead, when `made` is a value rather than a class instance.
    final func weaklyHeld(_ made: Any, otherLifetimes: String) -> AnyObject {
        guard type(of: made) is AnyObject.Type else {
            fatalError(
                "BoxKit: \(displayName) is registered with life: .weak, but its factory made a value of type "
                    + "\(String(reflecting: type(of: made))), not a class instance: only class instances can be "
                    + "held weakly. Register it \(otherLifetimes) instead.")
        }
        return made as AnyObject
    }
}

extension _AsyncRegistration {
    /// `.weak`: the instance if anyone still holds it; otherwise the one a single creation task makes, which
    /// every resolve arriving meanwhile awaits. The task holds the instance strongly until it is dropped, so
    /// each waiting caller receives it even if the first caller lets go at once.
    func makeWeak(resolver: Resolver, origin: Box) async throws(BoxError) -> Service {
        let lock = bookkeeping.load(orMake: _Lock.init)
        let (alive, task) = lock.withLock { () -> (AnyObject?, Task<_Made<Service>, Never>?) in
            if let alive = weakInstance { return (alive, nil) }
            if let weakCreationTask { return (nil, weakCreationTask) }
            let started = Task { () -> _Made<Service> in
                await _ResolutionTask.$creating.withValue(self) {
                    let made = await self.call(resolver)
                    let object = self.weaklyHeld(made, otherLifetimes: ".transient or .permanent")
                    self.initialise(made, resolver: resolver)
                    lock.withLock {
                        self.weakInstance = object
                        self.weakCreationTask = nil
                    }
                    return _Made(made)
                }
            }
            weakCreationTask = started
            return (nil, started)
        }
        if let alive { return alive as! Service }
        guard _CreationWaits.begin(awaiting: self) else { throw origin._cycleError(self) }
        defer { _CreationWaits.end() }
        return await task.unsafelyUnwrapped.value.instance
    }
}
