import BenchmarkServices
@_spi(Baseline) import BoxKit
import Foundation
import ReportSink
import Swinject

/// Resident memory per registration with 1,000,000 keyed registrations.
///
/// Each subject is measured in a fresh child process (this executable, run with `--memory-probe SUBJECT`),
/// so no memory freed by earlier measurements is reused: the child makes its keys, reads its resident size from `/proc/self/statm`, fills a fresh container, and reads it again.
enum MemoryProbe {
    static let registrations = 1_000_000

    /// Runs one child per subject and repetition and records bytes per registration.
    static func run(results: Results, repetitions: Int) {
        logProgress("memory at \(Operation.grouped(registrations)) registrations")
        let variants: [Subject: String] = [.floor: "(key, closure) pairs in a reserved array"]
        for subject in Subject.allCases {
            let values = (0..<repetitions).compactMap { _ in measureInChild(subject) }
            guard !values.isEmpty else {
                logProgress("  memory: no value for \(subject.label) (no /proc/self/statm?)")
                continue
            }
            results.add(Operation.memory, subject, variants[subject] ?? "", unit: .bytes, Sample(values: values))
        }
    }

    /// The child's side: fills one container for `subject`, prints bytes per registration, and exits.
    static func runChild(_ subject: Subject) -> Never {
        let keys = Keys.numbered(registrations)
        guard let before = residentBytes() else { exit(1) }
        let keep: Any
        switch subject {
        case .floor:
            var table: [(String, () -> Car)] = []
            table.reserveCapacity(keys.count)
            for key in keys { table.append((key, { Car() })) }
            keep = table
        case .boxKit, .dictionary:
            let box = Box(backend: subject == .boxKit ? .hashTable : .dictionary)
            for key in keys { box.register(Car.self, key: key) { Car() } }
            keep = box
        case .swinject:
            let container = Container()
            for key in keys { container.register(Car.self, name: key) { _ in Car() } }
            keep = container
        }
        guard let after = residentBytes() else { exit(1) }
        print(Double(after - before) / Double(registrations))
        blackHole(value: keep)
        exit(0)
    }

    /// The resident set size of this process, from `/proc/self/statm` (Linux only).
    static func residentBytes() -> Int? {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    private static func measureInChild(_ subject: Subject) -> Double? {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: ChildProcess.reportExecutable)
        child.arguments = ["--memory-probe", subject.rawValue]
        let output = Pipe()
        child.standardOutput = output
        do {
            try child.run()
        } catch {
            logProgress("  memory: could not start the probe: \(error)")
            return nil
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        child.waitUntilExit()
        guard child.terminationStatus == 0 else { return nil }
        return Double(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
