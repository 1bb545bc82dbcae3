extension CreationProfile {
    /// The profile in a few lines a person reads in a terminal or a test failure: the totals, the work on the
    /// main thread, the ten services with the most self time, the critical path and the permanents nothing
    /// else needed.
    ///
    /// ```text
    /// Creation profile: 14 creations, 12.310 ms of 12.402 ms profiled
    /// Main thread: 14 creations, 12.310 ms
    ///
    /// Services by self time (10 of 12):
    ///        self       total  count  service
    ///    6.120 ms    6.120 ms      1  MyApp.Database (permanent)
    ///    ...
    /// ```
    public var report: String { report(top: 10) }

    /// ``report`` with the `top` services with the most self time.
    ///
    /// - Parameter top: How many services to list.
    /// - Returns: The report.
    /// - Complexity: O(*n*) in the services and the critical path; the names are rendered here.
    public func report(top: Int) -> String {
        var lines = [
            "Creation profile: \(creations.count) creation\(creations.count == 1 ? "" : "s"), "
                + "\(_format(creationTime)) of \(_format(duration)) profiled",
            "Main thread: \(mainThread.creations) creation\(mainThread.creations == 1 ? "" : "s"), "
                + _format(mainThread.time),
        ]
        let listed = services.prefix(max(top, 0))
        lines.append("")
        lines.append("Services by self time (\(listed.count) of \(services.count)):")
        lines.append("\(_padded("self", 11))  \(_padded("total", 11))  \(_padded("count", 5))  service")
        for service in listed {
            lines.append(
                "\(_padded(_format(service.selfTime), 11))  \(_padded(_format(service.totalTime), 11))  "
                    + "\(_padded(String(service.creations), 5))  \(service.registration)")
        }
        let pathTime = criticalPath.reduce(Duration.zero) { $0 + selfTime(of: $1) }
        lines.append("")
        lines.append(
            "Critical path: \(criticalPath.count) creation\(criticalPath.count == 1 ? "" : "s"), "
                + "\(_format(pathTime)) of self time")
        for (depth, creation) in criticalPath.enumerated() {
            let indent = String(repeating: "  ", count: depth)
            lines.append(
                "\(_padded(_format(selfTime(of: creation)), 11))  \(indent)\(creation.service) (\(creation.life))")
        }
        lines.append("")
        lines.append("Permanents made that nothing used: \(unusedPermanents.count)")
        for registration in unusedPermanents { lines.append("  \(registration)") }
        return lines.joined(separator: "\n")
    }
}

/// `text` right-aligned in `width` columns (or whole, when longer).
private func _padded(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(width - text.count, 0)) + text
}
