// `.permanent`: one instance, made on the first resolve by one thread (or one task) and shared by every box
// that reaches the registration.

extension _AnyRegistration {
    /// `.permanent`: unless another thread already has, makes the instance with `make`, runs the hooks on
    /// it, hands it to `store`, and publishes it (the `readyObject` word for a class instance, then `ready`), all
    /// while holding `creation`.
    ///
    /// Inlinable, so that it specialises (out of line, with `makeShared`) in the module that resolves the
    /// service: run generically, it looks up type metadata on every first creation.
    @inlinable
    final func createPermanent<Service, Failure: Error>(
        resolver: Resolver, _ make: () throws(Failure) -> Service, store: (Service) -> Void
    ) throws(Failure) {
        try _ResolutionThread.withCreationClaim(self) { () throws(Failure) in
            if isReady { return }
            let made = try make()
            initialise(made, resolver: resolver)
            store(made)
            if Service.self is AnyObject.Type, MemoryLayout<Service>.size == MemoryLayout<AnyObject>.size {
                words[Word.readyObject].storePointer(
                    unsafeBitCast(made, to: UnsafeMutableRawPointer.self), ordering: .releasing)
            }
            words[Word.flags].byte(Flag.ready).storeFlag(true, ordering: .releasing)
        }
    }
}

extension _AsyncRegistration {
    /// `.permanent`: the one instance, created with `resolver` by a single task (`create`) that every
    /// resolve awaits until the instance is stored.
    ///
    /// - Throws: ``BoxError`` with reason `.cycle` when the creation awaits, through other tasks, a creation
    ///   that awaits it.
    func makePermanent(resolver: Resolver, origin: Box) async throws(BoxError) -> Service {
        let lock = bookkeeping.load(orMake: _Lock.init)
        let task = lock.withLock { () -> Task<Void, Never>? in
            if created.loadFlag(ordering: .acquiring) { return nil }  // stored since `make` checked
            if let creationTask { return creationTask }
            let started = Task {
                await _ResolutionTask.$creating.withValue(self) { await self.create(resolver: resolver, under: lock) }
            }
            creationTask = started
            return started
        }
        if let task {
            guard _CreationWaits.begin(awaiting: self) else { throw origin._cycleError(self) }
            await task.value
            _CreationWaits.end()
        }
        precondition(created.loadFlag(ordering: .acquiring), "BoxKit: a creation task ended without an instance")
        return instance.unsafelyUnwrapped
    }

    /// The body of the creation task: makes the permanent instance, runs its hooks, then publishes it and
    /// drops the task.
    ///
    /// It runs in an unstructured task, so that cancelling the task of the resolve that started it cancels
    /// nothing another resolve awaits. The task inherits the task-local chain of that resolve, so a cycle
    /// that comes back to this registration is still found; one that closes through another task's
    /// creation is found by `_CreationWaits`.
    func create(resolver: Resolver, under lock: _Lock) async {
        let made = await call(resolver)
        initialise(made, resolver: resolver)
        lock.withLock {
            instance = made
            created.storeFlag(true, ordering: .releasing)
            creationTask = nil
        }
    }
}
