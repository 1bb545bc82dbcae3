import Foundation

/// Where and when the report ran.
struct Machine: Sendable {
    /// Online processors, as `nproc` counts them.
    let processors: Int
    /// The CPU model from `/proc/cpuinfo`.
    let cpuModel: String
    /// The load average from `/proc/loadavg`: other work on the machine skews the numbers.
    let loadAverage: String
    /// When the report ran, ISO 8601 in UTC.
    let date: String
    /// The commit of the checkout measured, as `make bench` passes it in `BOXKIT_COMMIT` (`git describe
    /// --always --dirty`); "unknown" without it. Not asked of git from here: a child process started
    /// with Foundation's `Process` disturbs the measurements this process makes after it.
    let commit: String

    /// The machine this process runs on, now.
    static func current() -> Machine {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }?
            .split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces)
        let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?
            .split(separator: " ").prefix(3).joined(separator: " ")
        return Machine(
            processors: ProcessInfo.processInfo.activeProcessorCount,
            cpuModel: model ?? "unknown",
            loadAverage: load ?? "unknown",
            date: ISO8601DateFormatter().string(from: Date()),
            commit: ProcessInfo.processInfo.environment["BOXKIT_COMMIT"] ?? "unknown")
    }
}
