import Foundation

/// A serial executor that runs jobs, in the order they come, on a thread it owns for the life of the process.
///
/// A global actor on it runs its code off the task pool: on Linux the pool has one slot per core and a task
/// that blocks keeps its slot, so code that blocks or runs long there (a test waiting for its own threads, a
/// million-step loop) holds back every other task. Code isolated to such an actor holds only this thread,
/// and keeps its task and task-locals (so expectations still belong to their test).
///
/// ```swift
/// @globalActor actor Workshop {
///     static let shared = Workshop()
///     private static let executor = ThreadExecutor(name: "Workshop")
///     nonisolated var unownedExecutor: UnownedSerialExecutor { Self.executor.asUnownedSerialExecutor() }
/// }
/// ```
public final class ThreadExecutor: SerialExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []  // guarded by `condition`

    /// Starts the thread.
    ///
    /// - Parameter name: The thread's name, as debuggers and crash reports show it.
    public init(name: String) {
        let thread = Thread { [self] in runJobs() }
        thread.name = name
        thread.start()
    }

    /// Queues `job` to run on the thread after the jobs queued before it.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    /// Jobs enqueued and not yet started: for a test that waits until a task has reached the actor.
    public var queuedJobs: Int { condition.withLock { jobs.count } }

    private func runJobs() -> Never {
        while true {
            let job = condition.withLock {
                while jobs.isEmpty { condition.wait() }
                return jobs.removeFirst()
            }
            job.runSynchronously(on: asUnownedSerialExecutor())
        }
    }
}
