@_spi(Baseline) import BoxKit
import LaunchSupport
import ReportSink
import Swinject

/// The app graph's launch work in this process: registering every service into a fresh container, the first
/// resolve of every top, and the second, on the floor, BoxKit, the Dictionary baseline and Swinject.
///
/// Every repetition starts from a fresh container (the floor: a fresh reserved array, a fresh hand build), so
/// "first" is first for that container. What a process pays once (loading code, instantiating type metadata)
/// was paid in the warm-up; ``LaunchSuite`` measures that in fresh processes. Values are microseconds per
/// pass over the graph; only the pass is timed, never making, filling or releasing the container, and every
/// resolving pass starts from the same allocator state (`settleAllocator`).
struct AppGraphSuite {
    let recorder: Recorder
    let size: AppSize
    /// Repetitions of each value; the harness's count when `nil`.
    let repetitions: Int?

    /// Swinject's scopes for the graph.
    private let swinjectScopes = ".container / .transient"

    func run() {
        logProgress("app graph in this process, N = \(Operation.grouped(size.rawValue))")
        register()
        resolveTops(again: false)
        resolveTops(again: true)
    }

    /// Registering every service of the graph; the floor appends one closure per service to a reserved array.
    private func register() {
        let size = size
        let operation = Operation.appRegister(size.rawValue)
        recorder.compareRepeated(operation, repetitions: repetitions, unit: .microseconds) { subjects in
            subjects.add(.floor, "append closures to a reserved array") {
                var factories: [() -> AnyObject] = []
                factories.reserveCapacity(size.rawValue)
                let elapsed = nanoseconds { size.register(in: &factories) }
                blackHole(value: factories)
                return elapsed / 1_000
            }
            for (subject, backend) in Self.backends {
                subjects.add(subject) {
                    let box = Box(backend: backend)
                    let elapsed = nanoseconds { size.register(in: box) }
                    blackHole(box)
                    return elapsed / 1_000
                }
            }
            subjects.add(.swinject, swinjectScopes) {
                let container = Container()
                let elapsed = nanoseconds { size.register(in: container) }
                blackHole(container)
                return elapsed / 1_000
            }
        }
    }

    /// Resolving every top once from a freshly registered container (`again`: the second such pass, timed
    /// alone); the floor builds them by hand, making the permanents afresh for the first pass.
    private func resolveTops(again: Bool) {
        let size = size
        let operation = again ? Operation.appResolveAgain(size.rawValue) : Operation.appFirstResolve(size.rawValue)
        recorder.compareRepeated(operation, repetitions: repetitions, unit: .microseconds) { subjects in
            subjects.add(.floor, "built by hand") {
                let pass = size.handBuild()
                if again { pass() }
                settleAllocator()
                return nanoseconds { pass() } / 1_000
            }
            for (subject, backend) in Self.backends {
                subjects.add(subject) {
                    let box = Box(backend: backend)
                    size.register(in: box)
                    if again { size.resolveTops(from: box) }
                    settleAllocator()
                    return nanoseconds { size.resolveTops(from: box) } / 1_000
                }
            }
            subjects.add(.swinject, swinjectScopes) {
                let container = Container()
                size.register(in: container)
                if again { size.resolveTops(from: container) }
                settleAllocator()
                return nanoseconds { size.resolveTops(from: container) } / 1_000
            }
        }
    }

    /// BoxKit's two backends, which run the same generated code.
    private static let backends: [(Subject, Box.Backend)] = [(.boxKit, .hashTable), (.dictionary, .dictionary)]
}
