/// The current task's chain of async factories in flight: how cycles through async factories are found.
///
/// The per-thread chain (`_ResolutionThread`) cannot follow an async factory: it may suspend, resume on
/// another thread, and let other tasks run on this one meanwhile. A task-local value follows the task
/// instead, and is inherited by the tasks it starts (`async let`, task groups, `Task {}`), among them the
/// task that creates a permanent instance. It is not inherited by `Task.detached`.
enum _ResolutionTask {
    /// The async registrations whose factories are running in this task or the tasks that started it,
    /// outermost first.
    @TaskLocal static var chain: [_AnyRegistration] = []

    /// The registration whose permanent or weak instance this task was started to create, if it is such a
    /// creation task (see `_CreationWaits`).
    @TaskLocal static var creating: _AnyRegistration? = nil

    /// Runs `operation` with `registration` appended to the current task's chain.
    ///
    /// - Complexity: O(*n*) in the length of the chain, to copy it.
    static func with<R>(_ registration: _AnyRegistration, _ operation: () async -> R) async -> R {
        await $chain.withValue(chain + [registration], operation: operation)
    }

    /// Whether `registration`'s factory is already running in this task or one that started it.
    ///
    /// - Complexity: O(*n*) in the length of the chain.
    static func contains(_ registration: _AnyRegistration) -> Bool {
        chain.contains { $0 === registration }
    }
}
