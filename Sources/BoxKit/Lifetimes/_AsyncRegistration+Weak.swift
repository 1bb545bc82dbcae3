// `.weak` for an async factory: the instance someone else holds, or a new one made by a single task.

extension _AsyncRegistration {
    /// `.weak`: the instance if anyone still holds it; otherwise the one a single creation task makes, which
    /// every resolve arriving meanwhile awaits. The task holds the instance strongly until it is dropped, so
    /// each waiting caller receives it even if the first caller lets go at once.
    ///
    /// - Throws: ``BoxError`` with reason `.cycle` when this factory is already running in this task or one
    ///   that started it, or `.typeMismatch` when the factory made a value, which cannot be held weakly (every
    ///   resolve that awaited that creation receives the error).
    func makeWeak(resolver: Resolver, origin: Box) async throws(BoxError) -> Service {
        let lock = bookkeeping.load(orMake: _Lock.init)
        let (alive, task) = lock.withLock { () -> (AnyObject?, Task<Result<_Made<Service>, BoxError>, Never>?) in
            if let alive = weakInstance { return (alive, nil) }
            if let weakCreationTask { return (nil, weakCreationTask) }
            let started = Task { () -> Result<_Made<Service>, BoxError> in
                await _ResolutionTask.$creating.withValue(self) {
                    let made = await self.call(resolver)
                    guard let object = self.weaklyHeld(made) else {
                        lock.withLock { self.weakCreationTask = nil }
                        return .failure(resolver._valueMadeError(self, made: type(of: made)))
                    }
                    self.initialiseAwaited(made, resolver: resolver)
                    lock.withLock {
                        self.holdWeakly(object)
                        self.weakCreationTask = nil
                    }
                    return .success(_Made(made))
                }
            }
            weakCreationTask = started
            return (nil, started)
        }
        if let alive { return alive as! Service }
        guard _CreationWaits.begin(awaiting: self) else { throw origin._error(.cycle, of: self) }
        defer { _CreationWaits.end() }
        return try await task.unsafelyUnwrapped.value.get().instance
    }
}
