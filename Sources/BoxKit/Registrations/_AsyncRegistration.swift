/// A registration of one service type whose factory is `async`: the factory and, for `.permanent`, the one
/// task that creates the instance and the instance it made.
///
/// It sets `isAsync` and never the `ready` and `readyObject` words of `_AnyRegistration` that the
/// synchronous path reads, so a synchronous resolve always gets a lookup that failed for `.asyncFactory`
/// from `Box._begin` and reports it, whether or not the instance exists yet; only ``Box/resolveAsync(_:key:)`` and its relatives
/// reach the code here.
@usableFromInline
final class _AsyncRegistration<Service>: _AnyRegistration, ServiceStoring, @unchecked Sendable {
    /// The factory; a factory that takes no resolver is wrapped to ignore it.
    let factory: @Sendable (Resolver) async -> Service
    /// Set (releasing) once the permanent instance is stored; read (acquiring) before reading it.
    let created: _AtomicWord
    /// The task that creates the permanent instance: started by the first resolve that needs it, awaited by
    /// every resolve until the instance is stored, then dropped (the task captures this registration).
    /// Guarded by `bookkeeping`.
    @exclusivity(unchecked) var creationTask: Task<Void, Never>?

    /// The task that creates a `.weak` instance: started by the first resolve that finds none alive, awaited
    /// by the resolves that come while it runs (each gets the instance from it, strongly, or the error that
    /// the factory made a value), then dropped.
    /// Guarded by `bookkeeping`.
    @exclusivity(unchecked) var weakCreationTask: Task<Result<_Made<Service>, BoxError>, Never>?

    /// Guards the creation tasks and the instances they store; made by the first resolve that needs it. No
    /// user code runs while it is held: the factory runs in the task, outside it.
    let bookkeeping: _LazyReference<_Lock>
    /// The words of `created` and `bookkeeping` (an async registration's own allocation).
    private let asyncWords = _AtomicWords(count: 2)

    @usableFromInline
    init(key: String?, life: LifeType, factory: @escaping @Sendable (Resolver) async -> Service) {
        _require(
            life != .graph,
            _Message.asyncGraph(_describe(Service.self, key: key)))
        self.factory = factory
        created = asyncWords[0]
        bookkeeping = _LazyReference(asyncWords[1])
        super.init(serviceType: Service.self, key: key, life: life, isAsync: true)
    }

    deinit {
        bookkeeping.releaseObject()
    }

    override func unmade(checking check: _LiveServiceCheck? = nil) -> _AnyRegistration {
        var factory = factory
        if let check {
            let unchecked = factory
            factory = { resolver in
                check.enter()
                return await unchecked(resolver)
            }
        }
        return copySettings(to: _AsyncRegistration(key: key, life: life, factory: factory), checkedBy: check)
    }

    /// A `.permanent` instance once `created`; a `.weak` one while someone holds it.
    override var keepsInstance: Bool {
        switch life {
        case .permanent: created.loadFlag(ordering: .acquiring)
        case .weak: bookkeeping.load()?.withLock { weakInstance != nil } ?? false
        case .transient, .graph, .perArguments: false
        }
    }

    /// The registration at `registration`, which `Box._begin` found for `Service`'s identity.
    @inlinable
    static func at(_ registration: _AnyRegistration) -> _AsyncRegistration<Service> {
        unsafeDowncast(registration, to: _AsyncRegistration<Service>.self)
    }

    /// Makes the service for an async resolve that started at `origin`, as its lifetime's async rule (one
    /// file each in `Lifetimes/`, beside the synchronous rule) says: a new instance for `.transient`, or the
    /// one permanent (or weakly held) instance, created (through `holder`, the box that holds the
    /// registration, or `origin` when it holds it) by one task that every resolve awaits until it is stored.
    ///
    /// - Throws: ``BoxError`` with reason `.cycle` when this factory is already running in this task or in
    ///   one that started it: awaiting itself would never return.
    @usableFromInline
    func make(resolvingFrom origin: Box, holder: Box?) async throws(BoxError) -> Service {
        if created.loadFlag(ordering: .acquiring) { return keptInstance(as: Service.self) }
        if _ResolutionTask.contains(self) { throw origin._error(.cycle, of: self) }
        switch life {
        case .transient: return await makeTransient(origin: origin)
        case .permanent: return try await makePermanent(resolver: holder ?? origin, origin: origin)
        case .weak: return try await makeWeak(resolver: holder ?? origin, origin: origin)
        case .graph, .perArguments: preconditionFailure("BoxKit: an async registration is never \(life)")
        }
    }

    /// Calls the factory with this registration on the current task's chain, so that a cycle back to it is
    /// found.
    func call(_ resolver: Resolver) async -> Service {
        await _ResolutionTask.with(self) { await factory(resolver) }
    }

    /// Runs the hooks (synchronously, after the factory returned), exposing `made` to resolves of this
    /// registration on this thread while they run, as for a synchronous registration.
    func initialiseAwaited(_ made: Service, resolver: Resolver) {
        guard hasHooks else { return }
        withUnsafePointer(to: made) { pointer in
            _ResolutionThread.withPending(self, UnsafeRawPointer(pointer)) { runHooks(made, resolver: resolver) }
        }
    }

    /// A synchronous resolve of this registration: stops the program, naming it and saying to resolve it with
    /// ``Box/resolveAsync(_:key:)``, as ``Box/resolve(_:key:)`` does.
    @usableFromInline func service(_ resolver: Resolver) -> Any {
        resolver._trap(resolver._error(.asyncFactory, of: self))
    }
}
