import Foundation
import LaunchSupport

// BoxKitReport: every operation on the floor, BoxKit, the Dictionary baseline and Swinject, side by side in
// one release run, with the ratios `Targets.swift` sets as targets. It reports; it does not gate (exit 0). The
// launch rows run the Launch* executables built beside it, so build every product first (`make bench` does):
//
//     cd Benchmarks && swift build -c release && swift run -c release BoxKitReport [--quick] [--only SUITE,...] [--out DIR]

let options = Options(Array(CommandLine.arguments.dropFirst()))
if let subject = options.memoryProbe { MemoryProbe.runChild(subject) }
Keys.validate()

let machine = Machine.current()
let results = Results()
let recorder = Recorder(harness: options.harness, results: results)
let started = monotonicNanoseconds()
logProgress("BoxKitReport: \(options.quick ? "quick" : "full") run on \(machine.processors) processors")

let suites = options.suites
if suites.contains(.resolve) {
    ResolveSuite(recorder: recorder).run()
    PerArgumentsSuite(recorder: recorder).run()
    ForwardSuite(recorder: recorder).run()
}
if suites.contains(.apple) {
    AppleReadProtocolSuite(recorder: recorder).run()
}
if suites.contains(.miss) {
    for appGraph in [nil] + AppSize.allCases {
        MissSuite(recorder: recorder, appGraph: appGraph).run()
    }
    MissUnderWriterSuite(recorder: recorder).run()
}
if suites.contains(.random) {
    for count in [10, 1_000, 100_000, 1_000_000] {
        RandomAccessSuite(recorder: recorder, count: count).run()
    }
}
if suites.contains(.register) {
    RegistrationSuite(recorder: recorder, count: 1_000, containers: options.quick ? 10 : 40, repetitions: nil).run()
    RegistrationSuite(recorder: recorder, count: 1_000_000, containers: 1, repetitions: 3).run()
}
if suites.contains(.app) {
    for size in AppSize.allCases {
        AppGraphSuite(recorder: recorder, size: size, repetitions: nil).run()
    }
}
if suites.contains(.profile) { ProfileSuite(recorder: recorder).run() }
if suites.contains(.launch) { LaunchSuite(results: results, rounds: options.launchRounds).run() }
if suites.contains(.memory) {
    MemoryProbe.run(results: results, repetitions: options.quick ? 1 : 3)
    BoxMemorySuite(results: results, quick: options.quick).run()
}
if suites.contains(.threads) {
    ThreadSuite(recorder: recorder, nanosecondsPerRun: options.quick ? 10_000_000 : 20_000_000).run()
}
// Last: what verify()'s factories leave behind (the instances they made) stays out of every other row.
if suites.contains(.verify) { VerifySuite(results: results, calls: options.quick ? 5 : 50).run() }

let seconds = Double(monotonicNanoseconds() - started) / 1e9
let loadAtEnd = Machine.current().loadAverage
let markdown = MarkdownReport(
    results: results, machine: machine, loadAtEnd: loadAtEnd, options: options, seconds: seconds
).text
print(markdown)

let directory = URL(fileURLWithPath: options.outputDirectory, isDirectory: true)
let outputs = [
    "bench-results.md": markdown,
    "bench-results.csv": CSVReport(results: results).text,
    "bench-results.svg": SVGChart(results: results).text,
]
do {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    for (name, contents) in outputs.sorted(by: { $0.key < $1.key }) {
        let url = directory.appendingPathComponent(name)
        try contents.write(to: url, atomically: true, encoding: .utf8)
        logProgress("wrote \(url.standardizedFileURL.path)")
    }
} catch {
    logProgress("BoxKitReport: could not write the results: \(error)")
    exit(1)
}
