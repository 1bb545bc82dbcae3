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
    /// The commit of the checkout measured (`git describe --always --dirty`), or "unknown" outside a checkout.
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
            commit: checkoutCommit() ?? "unknown")
    }

    /// What `git describe --always --dirty` says of the checkout this process runs in, if git can say.
    private static func checkoutCommit() -> String? {
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "describe", "--always", "--dirty"]
        let output = Pipe()
        git.standardOutput = output
        git.standardError = FileHandle.nullDevice
        guard (try? git.run()) != nil else { return nil }
        git.waitUntilExit()
        guard git.terminationStatus == 0 else { return nil }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
