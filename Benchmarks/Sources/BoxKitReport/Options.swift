import Foundation

/// The report's command line: `BoxKitReport [--quick] [--only SUITE,...] [--out DIR]`.
struct Options: Sendable {
    /// The report's suites, in the order a full run runs them; `--only` names some of them.
    enum Suite: String, CaseIterable, Sendable {
        case resolve, apple, miss, random, register, app, profile, launch, memory, threads, verify
    }

    /// A short run for CI: shorter repetitions, fewer containers per registration sample, fewer launch rounds.
    var quick = false
    /// Where `bench-results.{md,csv,svg}` go: the repository root when run from `Benchmarks/`.
    var outputDirectory = ".."
    /// Whether `--out` was given.
    private var outputGiven = false
    /// The suites to run: all of them unless `--only` names some (a partial report, for measuring one change).
    var suites = Set(Suite.allCases)
    /// Set in the child process that measures one subject's memory (see `MemoryProbe`).
    var memoryProbe: Subject?

    /// Parses `arguments` (without the program name); prints usage and exits on anything unknown.
    init(_ arguments: [String]) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick":
                quick = true
            case "--out":
                guard let directory = remaining.popFirst() else { Self.usage("--out needs a directory") }
                outputDirectory = directory
                outputGiven = true
            case "--only":
                guard let list = remaining.popFirst() else { Self.usage("--only needs suites") }
                suites = Set(
                    list.split(separator: ",").map { name in
                        guard let suite = Suite(rawValue: String(name)) else { Self.usage("no suite named \(name)") }
                        return suite
                    })
            case "--memory-probe":
                guard let name = remaining.popFirst(), let subject = Subject(rawValue: name) else {
                    Self.usage("--memory-probe needs a subject")
                }
                memoryProbe = subject
            case "-h", "--help":
                Self.usage(nil)
            default:
                Self.usage("unknown argument \(argument)")
            }
        }
        if suites.isEmpty { Self.usage("--only needs suites") }
        // A partial report is for measuring a change: it never replaces the full report at the root.
        if suites.count < Suite.allCases.count && !outputGiven {
            Self.usage("--only needs --out DIR: a partial report does not replace bench-results.* at the root")
        }
    }

    /// The harness settings for this mode.
    var harness: Harness {
        quick
            ? Harness(repetitions: 7, nanosecondsPerRepetition: 4_000_000)
            : Harness(repetitions: 11, nanosecondsPerRepetition: 25_000_000)
    }

    /// Measured rounds of the launch executables per app-graph size (see `LaunchSuite`).
    var launchRounds: Int { quick ? 5 : 11 }

    private static func usage(_ problem: String?) -> Never {
        if let problem { print("BoxKitReport: \(problem)") }
        print("usage: swift run -c release BoxKitReport [--quick] [--only SUITE,...] [--out DIR]")
        print("suites: \(Suite.allCases.map(\.rawValue).joined(separator: ", ")) (all unless --only names some)")
        exit(problem == nil ? 0 : 2)
    }
}
