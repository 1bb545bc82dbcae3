import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Child processes the report runs: this executable again (``MemoryProbe``), or the launch executables built
/// beside it (``LaunchSuite``).
enum ChildProcess {
    /// The path of this executable, read from `/proc/self/exe` (Linux), else from the command line.
    static var reportExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// The directory holding this executable: where SwiftPM puts every product of the same build.
    static var buildDirectory: URL {
        URL(fileURLWithPath: reportExecutable).deletingLastPathComponent()
    }

    /// How a spawned child ended.
    enum Outcome {
        /// It exited with status 0, `nanoseconds` after the spawn began.
        case exited(nanoseconds: Double)
        /// It could not be spawned (`posix_spawn` or `waitpid` failed with `errno`).
        case notSpawned(errno: Int32)
        /// It ended otherwise: `status` is the raw wait status (exit status in bits 8-15, a signal in 0-6).
        case failed(status: Int32)
    }

    /// Spawns `path` with `arguments` (standard streams and environment inherited) and waits for it to end.
    ///
    /// Only the spawn and the wait are timed, on the monotonic clock: the argument strings are made before.
    ///
    /// - Returns: How it ended; when it exited with status 0, the nanoseconds from spawn to exit.
    static func spawnAndWait(_ path: String, _ arguments: [String]) -> Outcome {
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        var status: Int32 = 0
        let start = monotonicNanoseconds()
        let spawned = posix_spawn(&pid, path, nil, nil, argv, environ)
        guard spawned == 0 else { return .notSpawned(errno: spawned) }
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { return .notSpawned(errno: errno) }
        }
        let elapsed = Double(monotonicNanoseconds() - start)
        return status == 0 ? .exited(nanoseconds: elapsed) : .failed(status: status)
    }
}
