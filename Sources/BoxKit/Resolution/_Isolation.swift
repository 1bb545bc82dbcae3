/// The global actor an isolated registration's factory runs on (`Box.register(isolatedTo:)`): the actor, to
/// check a synchronous resolve against it and to hop to it, and its global actor type, to name it in messages.
@usableFromInline
final class _Isolation: Sendable {
    /// The actor the factory is isolated to (the global actor's `shared`).
    let actor: any Actor
    /// The global actor type the registration named, such as `MainActor`.
    nonisolated(unsafe) let globalActor: any GlobalActor.Type

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
                _misuse(
                    "BoxKit: \(name).shared is not the actor the factory registered for \(_describe(service, key: key)) "
                        + "is isolated to: it returns another instance each time. A global actor's shared must be one "
                        + "actor (a static let).")
            }
            let found = factoryIsolation.map { "isolated to \(String(reflecting: type(of: $0)))" } ?? "not isolated"
            _misuse(
                "BoxKit: the factory registered for \(_describe(service, key: key)) with isolatedTo: \(name) is "
                    + "\(found): write it as `{ @\(name.split(separator: ".").last ?? "") in ... }` so that it "
                    + "runs on \(name).")
        }
        self.actor = actor
        self.globalActor = globalActor
    }

    /// Whether the calling code runs on the actor: on its executor, or, for the main actor, on the main
    /// thread outside any task.
    ///
    /// - Complexity: O(1): one call into the concurrency runtime.
    var isCurrent: Bool { _ResolutionThread.isOn(actor.unownedExecutor) }

    /// Runs `body` on `actor`, hopping to it; what it returns crosses back unchecked, as a shared instance does
    /// between the threads that resolve it (see ``Box``).
    static func run<Result>(
        on actor: isolated any Actor, _ body: @Sendable () throws(BoxError) -> Result
    ) throws(BoxError) -> _Made<Result> {
        _Made(try body())
    }
}
