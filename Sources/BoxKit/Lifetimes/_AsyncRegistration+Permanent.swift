// `.permanent` for an async factory: one instance, made by a single task that every resolve awaits.

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
            guard _CreationWaits.begin(awaiting: self) else { throw origin._error(.cycle, of: self) }
            await task.value
            _CreationWaits.end()
        }
        precondition(created.loadFlag(ordering: .acquiring), "BoxKit: a creation task ended without an instance")
        return keptInstance(as: Service.self)
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
        initialiseAwaited(made, resolver: resolver)
        lock.withLock {
            keepInstance(made)
            created.storeFlag(true, ordering: .releasing)
            creationTask = nil
        }
    }
}
