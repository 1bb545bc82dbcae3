/// The report as markdown: how it ran, the measured values, and the targets.
struct MarkdownReport {
    let results: Results
    let machine: Machine
    /// The load average when measuring ended.
    let loadAtEnd: String
    let options: Options
    let seconds: Double

    var text: String {
        var lines = ["# BoxKit benchmark report", ""]
        let harness = options.harness
        lines += [
            "- Date: \(machine.date)",
            "- Machine: \(machine.processors) processors (nproc), CPU: \(machine.cpuModel)",
            "- Load average: \(machine.loadAverage) at start, \(loadAtEnd) at end",
            "- Mode: \(options.quick ? "quick" : "full"), \(harness.repetitions) repetitions of about "
                + "\(Formatting.number(harness.nanosecondsPerRepetition / 1e6)) ms per time value; "
                + "\(Formatting.number(seconds)) s in all",
            "- Release build, measured from a separate module (`Benchmarks/Sources/BoxKitReport`); "
                + "Swinject 2.10.0. Ratios use medians.",
            "",
            "## Time per operation (ns)",
            "",
        ]
        lines += table(.nanoseconds, header: "| Operation | Subject | Median ns | Min ns |")
        lines += ["", "## Memory (resident bytes per registration)", ""]
        lines += table(.bytes, header: "| Operation | Subject | Median bytes | Min bytes |")
        lines += ["", "## Two threads against one (aggregate throughput)", ""]
        lines += table(.speedup, header: "| Operation | Subject | Median speedup | Min speedup |")
        lines += [
            "",
            "Cores the two threads actually got (CPU time / elapsed; below 2 means other work on the machine "
                + "took the second core, and the speedups above understate scaling):", "",
        ]
        lines += table(.cores, header: "| Operation | Subject | Median cores | Min cores |")
        lines += ["", "## Targets (DESIGN.md §3)", ""] + targets
        lines += ["", "![Median ns per operation, log scale](bench-results.svg)", ""]
        return lines.joined(separator: "\n")
    }

    private func table(_ unit: Unit, header: String) -> [String] {
        let rows = results.rows.filter { $0.unit == unit }
        guard !rows.isEmpty else { return ["(not measured)"] }
        return [header, "|---|---|---:|---:|"]
            + rows.map { row in
                let subject = row.variant.isEmpty ? row.subject.label : "\(row.subject.label) (\(row.variant))"
                return "| \(row.operation) | \(subject) | \(Formatting.number(row.sample.median)) | "
                    + "\(Formatting.number(row.sample.min)) |"
            }
    }

    private var targets: [String] {
        var met = 0
        var rows = ["| Ratio | Value | Target | Result | Note |", "|---|---:|---|---|---|"]
        for target in Target.all {
            let ratio = target.ratio(in: results)
            let result = ratio.map { target.passes($0) ? "PASS" : "MISS" } ?? "not measured"
            if result == "PASS" { met += 1 }
            let value = ratio.map { Formatting.fixed($0, decimals: 2) } ?? "n/a"
            let bound = "\(target.relation.rawValue) \(Formatting.number(target.bound))"
            let note = target.caveat(in: results) ?? ""
            rows.append("| \(target.label) | \(value) | \(bound) | \(result) | \(note) |")
        }
        return rows + ["", "\(met) of \(Target.all.count) targets met."]
    }
}
