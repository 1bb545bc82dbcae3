import Foundation

/// A hand-written SVG bar chart of the median times: one panel per kind of time, stacked, each with one group
/// per operation, one bar per subject, a log-scale y axis and axis labels, under one legend.
///
/// The first panel holds the nanoseconds per operation; the second the app launch, whose microseconds per
/// pass (in this process) and milliseconds per launch (in a fresh process) share one time axis. A median at or below zero (a net launch time within
/// noise of the empty executable's) cannot be drawn on a log scale and is marked `≤ 0` instead.
struct SVGChart {
    let results: Results

    /// One panel: the operations measured in some units of time, on one log-scale axis.
    private struct Panel {
        let title: String
        let units: [Unit]
        let axis: String
    }

    private let panels = [
        Panel(
            title: "Median time per operation", units: [.nanoseconds],
            axis: "nanoseconds per operation (median, log scale)"),
        Panel(
            title: "App launch: per pass over the graph in this process, per launch in a fresh process (net)",
            units: [.microseconds, .milliseconds], axis: "time per pass or launch (median, log scale)"),
    ]

    private let barWidth = 11.0
    private let groupGap = 18.0
    private let left = 100.0
    private let right = 30.0
    private let header = 64.0
    private let panelTitle = 34.0
    private let plotHeight = 380.0
    /// Room per character of a rotated operation label, below a panel.
    private let labelRoom = 5.2

    var text: String {
        let drawn = panels.filter { !operations(in: $0).isEmpty }
        guard !drawn.isEmpty else {
            return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"200\" height=\"40\"></svg>\n"
        }
        let groupWidth = Double(Subject.allCases.count) * barWidth + groupGap
        let width = left + Double(drawn.map { operations(in: $0).count }.max()!) * groupWidth + right
        var body: [String] = []
        var y = header
        for panel in drawn {
            let (lines, height) = render(panel, top: y, groupWidth: groupWidth)
            body += lines
            y += height
        }
        let height = y
        var svg = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" "
                + "viewBox=\"0 0 \(n(width)) \(n(height))\" font-family=\"sans-serif\" font-size=\"11\">",
            "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>",
            "<text x=\"\(n(width / 2))\" y=\"24\" text-anchor=\"middle\" font-size=\"15\" font-weight=\"bold\">"
                + "BoxKit benchmark: median times (lower is better)</text>",
        ]
        svg += legend(y: 48)
        svg += body
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    /// The operations `panel` shows, in the order measured.
    private func operations(in panel: Panel) -> [String] {
        panel.units.flatMap { results.operations(in: $0) }
    }

    /// The median nanoseconds of `subject` doing `operation`, and the unit it was measured in, if measured.
    private func medianNanoseconds(_ operation: String, _ subject: Subject) -> Double? {
        guard let row = results.rows.first(where: { $0.operation == operation && $0.subject == subject }),
            let scale = row.unit.nanoseconds
        else { return nil }
        return row.sample.median * scale
    }

    /// One panel whose title starts at `top`: its SVG elements and the height it takes.
    private func render(_ panel: Panel, top: Double, groupWidth: Double) -> ([String], Double) {
        let operations = operations(in: panel)
        let plotRight = left + Double(operations.count) * groupWidth
        let positive = operations.flatMap { operation in
            Subject.allCases.compactMap { medianNanoseconds(operation, $0) }
        }.filter { $0 > 0 }
        let smallest = positive.min() ?? 1
        let largest = positive.max() ?? 10
        let lowDecade = Int(log10(smallest).rounded(.down))
        let highDecade = Swift.max(lowDecade + 1, Int(log10(largest).rounded(.up)))
        let plotTop = top + panelTitle
        let plotBottom = plotTop + plotHeight
        let longest = operations.map(\.count).max() ?? 0
        let bottom = Swift.max(120, Double(longest) * labelRoom + 40)
        func y(_ value: Double) -> Double {
            let fraction = (log10(value) - Double(lowDecade)) / Double(highDecade - lowDecade)
            return plotBottom - fraction * plotHeight
        }

        var svg = [
            "<text x=\"\(n(left))\" y=\"\(n(top + 18))\" font-size=\"13\" font-weight=\"bold\">"
                + "\(escape(panel.title))</text>"
        ]
        for decade in lowDecade...highDecade {
            let position = y(pow(10, Double(decade)))
            svg.append(
                "<line x1=\"\(n(left))\" y1=\"\(n(position))\" x2=\"\(n(plotRight))\" y2=\"\(n(position))\" "
                    + "stroke=\"#dddddd\"/>")
            svg.append(
                "<text x=\"\(n(left - 6))\" y=\"\(n(position + 4))\" text-anchor=\"end\">\(decadeLabel(decade))</text>")
            guard decade < highDecade else { continue }
            for multiple in 2...9 {
                let minor = y(Double(multiple) * pow(10, Double(decade)))
                svg.append(
                    "<line x1=\"\(n(left - 3))\" y1=\"\(n(minor))\" x2=\"\(n(left))\" y2=\"\(n(minor))\" stroke=\"#555555\"/>"
                )
            }
        }
        svg.append(
            "<line x1=\"\(n(left))\" y1=\"\(n(plotTop))\" x2=\"\(n(left))\" y2=\"\(n(plotBottom))\" stroke=\"#333333\"/>"
        )
        svg.append(
            "<line x1=\"\(n(left))\" y1=\"\(n(plotBottom))\" x2=\"\(n(plotRight))\" y2=\"\(n(plotBottom))\" "
                + "stroke=\"#333333\"/>")
        svg.append(
            "<text transform=\"translate(24 \(n(plotTop + plotHeight / 2))) rotate(-90)\" text-anchor=\"middle\" "
                + "font-size=\"12\">\(escape(panel.axis))</text>")

        for (index, operation) in operations.enumerated() {
            let groupLeft = left + Double(index) * groupWidth + groupGap / 2
            for (slot, subject) in Subject.allCases.enumerated() {
                guard let median = medianNanoseconds(operation, subject) else { continue }
                let x = groupLeft + Double(slot) * barWidth
                let title = "<title>\(escape(operation)), \(subject.label): \(time(median))</title>"
                guard median > 0 else {
                    svg.append(
                        "<text transform=\"translate(\(n(x + barWidth - 2)) \(n(plotBottom - 4))) rotate(-90)\" "
                            + "font-size=\"9\" fill=\"\(subject.colour)\">≤ 0\(title)</text>")
                    continue
                }
                let barTop = y(median)
                svg.append(
                    "<rect x=\"\(n(x))\" y=\"\(n(barTop))\" width=\"\(n(barWidth - 1))\" "
                        + "height=\"\(n(plotBottom - barTop))\" fill=\"\(subject.colour)\">\(title)</rect>")
            }
            let centre = groupLeft + Double(Subject.allCases.count) * barWidth / 2
            svg.append(
                "<text transform=\"translate(\(n(centre)) \(n(plotBottom + 12))) rotate(-60)\" text-anchor=\"end\">"
                    + "\(escape(operation))</text>")
        }
        return (svg, panelTitle + plotHeight + bottom)
    }

    private func legend(y: Double) -> [String] {
        var items: [String] = []
        var x = left
        for subject in Subject.allCases {
            items.append(
                "<rect x=\"\(n(x))\" y=\"\(n(y - 10))\" width=\"12\" height=\"12\" fill=\"\(subject.colour)\"/>")
            items.append("<text x=\"\(n(x + 17))\" y=\"\(n(y))\">\(subject.label)</text>")
            x += 110
        }
        return items
    }

    /// `1 ns`, `10 ns`, `100 ns`, `1 µs`, ... for 10^decade nanoseconds.
    private func decadeLabel(_ decade: Int) -> String {
        let units = ["ns", "µs", "ms", "s"]
        let unit = Swift.min(Swift.max(decade, 0) / 3, units.count - 1)
        let value = pow(10, Double(decade - 3 * unit))
        return "\(value >= 1 ? String(Int(value)) : String(value)) \(units[unit])"
    }

    /// `nanoseconds` in the largest unit that keeps it at least 1 (`48.1 ns`, `9.45 ms`); as is below that.
    private func time(_ nanoseconds: Double) -> String {
        let units = [(1e9, "s"), (1e6, "ms"), (1e3, "µs")]
        guard let (scale, name) = units.first(where: { abs(nanoseconds) >= $0.0 }) else {
            return "\(Formatting.number(nanoseconds)) ns"
        }
        return "\(Formatting.number(nanoseconds / scale)) \(name)"
    }

    private func n(_ value: Double) -> String { Formatting.fixed(value, decimals: 1) }

    private func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
