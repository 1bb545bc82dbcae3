/// What a measured value counts.
enum Unit: String, Sendable {
    /// Nanoseconds per operation (per registration, for registration).
    case nanoseconds = "ns/op"
    /// Microseconds per pass over the app graph: registering every service, or resolving every top once.
    case microseconds = "µs/pass"
    /// Milliseconds per launch of a fresh process.
    case milliseconds = "ms/launch"
    /// Resident bytes per registration.
    case bytes = "bytes/registration"
    /// Aggregate throughput of two threads divided by that of one.
    case speedup = "x (2 threads / 1 thread)"
    /// CPU time over elapsed time: how many cores a group of threads had.
    case cores = "cores"
    /// The allocator's bytes in use for one box.
    case bytesPerBox = "bytes/box"
    /// Megabytes (10^6 bytes) in use in all.
    case megabytes = "MB"
    /// Milliseconds per call of an operation timed once.
    case millisecondsPerCall = "ms/call"
    /// A number of things: services named, threads.
    case count = "count"

    /// How many nanoseconds one of this unit is, for a unit of time; `nil` for the others.
    var nanoseconds: Double? {
        switch self {
        case .nanoseconds: 1
        case .microseconds: 1e3
        case .milliseconds: 1e6
        case .millisecondsPerCall: 1e6
        case .bytes, .speedup, .cores, .bytesPerBox, .megabytes, .count: nil
        }
    }
}

/// One measured value: an operation on a subject.
struct Row: Sendable {
    /// The operation, as the tables name it (`permanent resolve`, ...).
    let operation: String
    let subject: Subject
    /// How this subject does the operation, when that needs saying (`stored reference`, `.container`...).
    let variant: String
    let unit: Unit
    let sample: Sample
}

/// Every value of one run, in the order measured.
final class Results {
    private(set) var rows: [Row] = []
    /// The report of one profiled first resolve of the app graph's tops (`ProfileSuite`), which the markdown
    /// report prints as it is, or `nil` when that suite did not run.
    var launchProfile: String?

    /// Records a value in nanoseconds per operation, for a subject that needs no further description.
    func add(_ operation: String, _ subject: Subject, _ sample: Sample) {
        add(operation, subject, "", sample)
    }

    /// Records a value and prints it as it arrives, so a long run shows progress.
    func add(_ operation: String, _ subject: Subject, _ variant: String, unit: Unit = .nanoseconds, _ sample: Sample) {
        rows.append(Row(operation: operation, subject: subject, variant: variant, unit: unit, sample: sample))
        let median = Formatting.number(sample.median)
        let name = variant.isEmpty ? subject.label : "\(subject.label) (\(variant))"
        logProgress("  \(operation) | \(name): \(median) \(unit.rawValue)")
    }

    /// The median of `subject` doing `operation`, if it was measured.
    func median(_ operation: String, _ subject: Subject) -> Double? {
        rows.first { $0.operation == operation && $0.subject == subject }?.sample.median
    }

    /// The operations measured in `unit`, in the order first measured.
    func operations(in unit: Unit) -> [String] {
        var seen: Set<String> = []
        return rows.filter { $0.unit == unit && seen.insert($0.operation).inserted }.map(\.operation)
    }
}
