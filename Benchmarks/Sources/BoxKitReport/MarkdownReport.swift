/// The report as markdown: how it ran, the measured values, and the targets.
struct MarkdownReport {
    let results: Results
    let machine: Machine
    /// The load average when measuring ended.
    let loadAtEnd: String
    let options: Options
    let seconds: Double

    /// ", only the app, launch suites" when `--only` left some out; empty for a whole report.
    private var suitesRun: String {
        guard options.suites.count < Options.Suite.allCases.count else { return "" }
        let names = Options.Suite.allCases.filter(options.suites.contains).map(\.rawValue)
        return ", only the \(names.joined(separator: ", ")) suite\(names.count == 1 ? "" : "s")"
    }

    var text: String {
        var lines = ["# BoxKit benchmark report", ""]
        let harness = options.harness
        lines += [
            "- Date: \(machine.date); commit \(machine.commit)",
            "- Machine: \(machine.processors) processors (nproc), CPU: \(machine.cpuModel)",
            "- Load average: \(machine.loadAverage) at start, \(loadAtEnd) at end",
            "- Mode: \(options.quick ? "quick" : "full")\(suitesRun), \(harness.repetitions) repetitions of about "
                + "\(Formatting.number(harness.nanosecondsPerRepetition / 1e6)) ms per time value; "
                + "\(Formatting.number(seconds)) s in all",
            "- Release build, measured from a separate module (`Benchmarks/Sources/BoxKitReport`); "
                + "Swinject 2.10.0. Ratios use medians.",
            "",
            "## Time per operation (ns)",
            "",
        ]
        lines += table(.nanoseconds, header: "| Operation | Subject | Median ns | Min ns |")
        lines += ["", "## App launch", ""] + appLaunch
        let profiled = Operation.grouped(ProfileSuite.size.rawValue)
        lines += ["", "## Launch profile of the \(profiled)-service app graph", ""] + launchProfile
        lines += ["", "## Memory (resident bytes per registration)", ""]
        lines += table(.bytes, header: "| Operation | Subject | Median bytes | Min bytes |")
        lines += ["", "## Memory of a box (the allocator's bytes in use, glibc's mallinfo2)", ""]
        lines += table(.bytesPerBox, header: "| Operation | Subject | Bytes per box | Min bytes |")
        lines += [""] + table(.megabytes, header: "| Operation | Subject | MB in all | Min MB |")
        lines += ["", "## Two threads against one (aggregate throughput)", ""]
        lines += table(.speedup, header: "| Operation | Subject | Median speedup | Min speedup |")
        lines += [
            "",
            "Cores the two threads actually got (CPU time / elapsed; below 2 means other work on the machine "
                + "took the second core, and the speedups above understate scaling):", "",
        ]
        lines += table(.cores, header: "| Operation | Subject | Median cores | Min cores |")
        lines += [
            "", "## verify() of the app graph with services missing", "",
            "The 3,000-service app graph with 10 services that others depend on unregistered; every call verifies "
                + "the same box, after every other suite.", "",
        ]
        lines += table(.millisecondsPerCall, header: "| Operation | Subject | ms | Min ms |")
        lines += [""] + table(.count, header: "| Operation | Subject | Count | Min |")
        lines += [
            "", "## As on Apple platforms (readers fence themselves)", "",
            "Apple platforms have no `membarrier`, so every resolve fences itself after entering its read section; "
                + "on Linux a writer's `membarrier` orders the readers instead. Both settings measured side by side "
                + "in this process, on the same boxes, each repetition switching the fences on or off.", "",
        ]
        lines += table(.nanoseconds, header: "| Operation | Subject | Median ns | Min ns |", readProtocol: true)
        lines += [""] + table(.microseconds, header: "| Operation | Subject | Median µs | Min µs |", readProtocol: true)
        lines += ["", "## Targets", ""] + targets
        lines += [
            "", "![Median ns per operation, then the app launch's ms and µs, log scales](bench-results.svg)", "",
        ]
        return lines.joined(separator: "\n")
    }

    /// The app graph, then its launch in fresh processes and in this one.
    private var appLaunch: [String] {
        var lines = [
            "Where a real app pays for DI. The app graph (`Benchmarks/Generator/generate_app_graph.py`) has N "
                + "services in 6 layers of N/6; each service of layers 1-5 takes 1-3 services of the layer below, "
                + "20% of the services are permanent, and the tops are the top layer's services. The floor does the "
                + "same work without a container; Swinject uses `.container` scope for permanents and `.transient` "
                + "for the rest.",
            "",
            "### In a fresh process (ms per launch, net of an empty executable)",
            "",
            "Each executable (`Benchmarks/Sources/Launch*`) registers the whole graph into a new container, "
                + "resolves every top once and exits; each run is timed from spawn to exit. The executables run in "
                + "interleaved rounds (\(LaunchSuite.warmUpRounds) warm-up rounds, then \(options.launchRounds)). "
                + "Every one loads Foundation, and the rows are net of the empty executable's median, which is "
                + "listed too.",
            "",
        ]
        lines += table(.milliseconds, header: "| Operation | Subject | Median ms | Min ms |")
        lines += [
            "",
            "### In this process (µs per pass over the graph)",
            "",
            "A fresh container for every repetition, after a warm-up, so what a process pays once is not here. "
                + "Register: only the registering is timed (the floor appends one closure per service to a "
                + "reserved array). First resolve: registered untimed, then every top resolved once (the floor "
                + "builds them by hand, each permanent made once per build). Again: a second pass on the same "
                + "container. Every resolving pass starts from the same allocator state: a 4 KiB block requested "
                + "and freed just before the clock starts merges glibc's fast bins, as every container's set-up "
                + "does; unsettled, the floor alone would make its objects from what the subject before it freed "
                + "there.",
            "",
        ]
        lines += table(.microseconds, header: "| Operation | Subject | Median µs | Min µs |")
        return lines
    }

    /// `ProfileSuite`'s profile of the app graph's first resolve, then what profiling costs that resolve.
    private var launchProfile: [String] {
        guard let report = results.launchProfile else { return ["(not measured)"] }
        var lines = [
            "One first resolve of every top from a freshly registered box (BoxKit, hash table) with a "
                + "`CreationProfiler` running, after the timed rows of the profiled and unprofiled passes "
                + "(in the table above): `CreationProfile.report(top: 10)`, with the ten services with the most self "
                + "time (a creation's own time, less that of the creations it made) and the critical path. One run; "
                + "its times include the profiler's own.",
            "",
            "```text",
            report,
            "```",
        ]
        // The same ratio as the goal's, said where the profile is read.
        let size = ProfileSuite.size.rawValue
        if let on = results.median(Operation.appFirstResolve(size, profiling: true), .boxKit),
            let off = results.median(Operation.appFirstResolve(size, profiling: false), .boxKit), off > 0
        {
            lines += [
                "",
                "Overhead of profiling: the first resolve of the tops takes "
                    + "\(Formatting.fixed(on / off, decimals: 2))x as long with profiling on as with it off "
                    + "(medians, \(Formatting.number(on)) µs / \(Formatting.number(off)) µs).",
            ]
        }
        return lines
    }

    /// The rows of `unit`: those of `AppleReadProtocolSuite` when `readProtocol`, every other otherwise.
    private func table(_ unit: Unit, header: String, readProtocol: Bool = false) -> [String] {
        let rows = results.rows.filter { $0.unit == unit && Operation.isReadProtocol($0.operation) == readProtocol }
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
