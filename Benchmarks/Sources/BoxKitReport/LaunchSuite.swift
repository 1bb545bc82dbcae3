import Foundation
import LaunchSupport

/// The app graph's launch in a fresh process: one executable per subject (`Benchmarks/Sources/Launch*`)
/// registers the whole graph into a new container and resolves every top once, then exits.
///
/// Each run is timed from `posix_spawn` to `waitpid`'s return. The executables run in interleaved rounds
/// (the empty one, the floor, BoxKit, Dictionary, Swinject, then the next round), `warmUpRounds` unmeasured
/// first, so that whatever else the machine does disturbs them alike. Every executable loads Foundation (as
/// every app has it loaded); `LaunchEmpty` does nothing else, and each subject's row is its runs minus the
/// empty executable's median: what the container and the graph add to a launch. The empty executable's own
/// times are recorded as a floor row of their own operation, so the subtraction can be checked.
///
/// The executables are found beside this one, as `swift build -c release` in `Benchmarks/` builds them; when
/// one is missing, the suite says so and records nothing.
struct LaunchSuite {
    let results: Results
    /// Measured rounds per size.
    let rounds: Int
    /// Unmeasured rounds per size, first.
    static let warmUpRounds = 2

    /// The executable that only loads Foundation and reads its argument.
    private static let empty = "LaunchEmpty"
    /// Each subject's executable and how it does the work, in the order a round runs them.
    private static let launchers: [(executable: String, subject: Subject, variant: String)] = [
        ("LaunchFloor", .floor, "closures appended, tops built by hand"),
        ("LaunchBoxKit", .boxKit, ""),
        ("LaunchDictionary", .dictionary, ""),
        ("LaunchSwinject", .swinject, ".container / .transient"),
    ]

    func run() {
        let directory = ChildProcess.buildDirectory
        let names = [Self.empty] + Self.launchers.map(\.executable)
        let missing = names.filter { !FileManager.default.isExecutableFile(atPath: path(of: $0, in: directory)) }
        guard missing.isEmpty else {
            logProgress(
                "launch: \(missing.joined(separator: ", ")) not found in \(directory.path): build every product first "
                    + "(`swift build -c release` in Benchmarks/, as `make bench` does); skipping the launch rows")
            return
        }
        for size in AppSize.allCases { measure(size, in: directory) }
    }

    /// Runs every executable for `size`, in rounds, and records the empty one's times and each subject's net.
    private func measure(_ size: AppSize, in directory: URL) {
        logProgress("launch in a fresh process, N = \(Operation.grouped(size.rawValue))")
        let paths = ([Self.empty] + Self.launchers.map(\.executable)).map { path(of: $0, in: directory) }
        var times = Array(repeating: [Double](), count: paths.count)
        for round in 0..<(Self.warmUpRounds + rounds) {
            for (index, path) in paths.enumerated() {
                switch ChildProcess.spawnAndWait(path, [size.argument]) {
                case .exited(let nanoseconds):
                    if round >= Self.warmUpRounds { times[index].append(nanoseconds / 1e6) }
                case .notSpawned(let errno):
                    let reason = String(cString: strerror(errno))
                    logProgress("launch: could not run \(path): \(reason); skipping this size")
                    return
                case .failed(let status):
                    logProgress("launch: \(path) \(size.argument) ended with wait status \(status); skipping this size")
                    return
                }
            }
        }
        let empty = Sample(values: times[0])
        results.add(Operation.launchEmpty(size.rawValue), .floor, "empty executable", unit: .milliseconds, empty)
        for (launcher, values) in zip(Self.launchers, times.dropFirst()) {
            let net = Sample(values: values.map { $0 - empty.median })
            results.add(Operation.launch(size.rawValue), launcher.subject, launcher.variant, unit: .milliseconds, net)
        }
    }

    /// Where `executable` is in `directory`.
    private func path(of executable: String, in directory: URL) -> String {
        directory.appendingPathComponent(executable).path
    }
}
