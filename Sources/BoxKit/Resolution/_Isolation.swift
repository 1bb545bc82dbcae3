/// The global actor an isolated registration's factory runs on (`Box.register(isolatedTo:)`): the actor, to
/// check a synchronous resolve against it and to hop to it, and its global actor type, to name it in messages.
@usableFromInline
final class _Isolation: Sendable {
    /// The actor the factory is isolated to (the global actor's `shared`).
    let actor: any Actor
    /// The global actor type the registration named, such as `MainActor`.
    nonisolated(unsafe) let globalActor: any GlobalActor.Type
    /// The object that identifies the actor's executor (the first word of its `unownedExecutor`), read once,
    /// at registration: a global actor is one actor, and an actor keeps its executor for its life.
    nonisolated(unsafe) let executorIdentity: UnsafeRawPointer?
    /// Whether that executor is the main actor's (the main actor's own, or one another actor shares).
    let isMainExecutor: Bool
    /// The actor's custom executor, when it can say whether it isolates the calling code without trapping
    /// (`SerialExecutor.isIsolatingCurrentContext()`, Swift 6.2): `nil` for a default actor, the main
    /// actor's executor, and on an older runtime.
    let executorToAsk: (any SerialExecutor)?

    /// The isolation of a factory registered for `service` and `key` with `isolatedTo: globalActor`, whose
    /// dynamic isolation is `factoryIsolation`. Stops the program when the factory is not isolated to that
    /// global actor: nothing would then keep it from running elsewhere.
    init<Isolation: GlobalActor>(
        _ globalActor: Isolation.Type, factoryIsolation: (any Actor)?, service: Any.Type, key: String?
    ) {
        let actor: any Actor = Isolation.shared
        guard let factoryIsolation, factoryIsolation === actor else {
            let name = String(reflecting: Isolation.self)
            if let factoryIsolation, ObjectIdentifier(type(of: factoryIsolation)) == ObjectIdentifier(type(of: actor)) {
                _misuse(_Message.sharedIsNotOneActor(name, service: _describe(service, key: key)))
            }
            _misuse(
                _Message.factoryNotIsolated(
                    service: _describe(service, key: key), globalActor: name,
                    isolatedTo: factoryIsolation.map { String(reflecting: type(of: $0)) }))
        }
        self.actor = actor
        self.globalActor = globalActor
        let executor = Self.words(of: actor.unownedExecutor)
        executorIdentity = executor.identity
        isMainExecutor = executor.identity == Self.words(of: MainActor.sharedUnownedExecutor).identity
        executorToAsk = isMainExecutor ? nil : Self.askable(executor)
        if isMainExecutor { _ = _MainQueue.shared }
    }

    /// Whether the calling code runs on the actor, as the concurrency runtime and Dispatch tell without running
    /// any code of the actor's executor: on the executor the runtime tracks for the current task or job;
    /// for the main actor's executor, also on the main thread, or in a block of the main dispatch queue (or of a
    /// queue that targets it), which Dispatch runs one at a time with the main actor's jobs. When it is false,
    /// `executorToAsk`, if any, may still say yes (`executorIsolatesCurrentContext`).
    ///
    /// - Complexity: O(1): one read of the runtime's per-thread record; off the actor, for the main actor,
    ///   a check of the thread and a lookup of the current queue's specific value.
    var isCurrent: Bool {
        if _ResolutionThread.isOn(executorIdentity) { return true }
        return isMainExecutor && (_ResolutionThread.isOnMainThread || _MainQueue.shared.isCurrent)
    }

    /// Whether the actor's custom executor says that it isolates the calling code, as
    /// `isIsolatingCurrentContext()` answers; false when it cannot tell (`nil`), or there is no executor to ask.
    /// The executor's own code runs here: call it outside every read section and lock. BoxKit never calls
    /// `checkIsolated()`, which stops the program when the answer is no.
    func executorIsolatesCurrentContext() -> Bool {
        guard let executorToAsk, #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else { return false }
        return executorToAsk.isIsolatingCurrentContext() ?? false  // floor: inside #available
    }

    /// The two words of an executor reference: the object that identifies it, and its `SerialExecutor`
    /// witness table (with flags in the low bits), zero for a default actor.
    private static func words(of executor: UnownedSerialExecutor) -> (identity: UnsafeRawPointer?, table: UInt) {
        unsafeBitCast(executor, to: (UnsafeRawPointer?, UInt).self)
    }

    /// The custom executor an executor reference with a witness table names, when the running Swift lets it
    /// answer `isIsolatingCurrentContext()`. Such an identity is an instance of the class that conforms to
    /// `SerialExecutor`; a default actor's reference has no witness table, and its identity is the actor.
    private static func askable(_ executor: (identity: UnsafeRawPointer?, table: UInt)) -> (any SerialExecutor)? {
        guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *), executor.table != 0,
            let identity = executor.identity
        else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(identity).takeUnretainedValue() as? any SerialExecutor
    }

    /// Runs `body` on `actor`, hopping to it; what it returns crosses back unchecked, as a shared instance does
    /// between the threads that resolve it (see ``Box``).
    static func run<Result>(
        on actor: isolated any Actor, _ body: @Sendable () throws(BoxError) -> Result
    ) throws(BoxError) -> _Made<Result> {
        _Made(try body())
    }
}
