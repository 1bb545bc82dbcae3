import Foundation

/// A hand-written SVG bar chart of the median nanoseconds per operation: one group per operation, one bar
/// per subject, a log-scale y axis, a legend and axis labels.
struct SVGChart {
    let results: Results

    private let barWidth = 11.0
    private let groupGap = 18.0
    private let left = 100.0
    private let right = 30.0
    private let top = 80.0
    private let plotHeight = 380.0
    private let bottom = 270.0

    var text: String {
        let operations = results.operations(in: .nanoseconds)
        let values = results.rows.filter { $0.unit == .nanoseconds }.map(\.sample.median).filter { $0 > 0 }
        guard !operations.isEmpty, let smallest = values.min(), let largest = values.max() else {
            return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"200\" height=\"40\"></svg>\n"
        }
        let lowDecade = Int(log10(smallest).rounded(.down))
        let highDecade = Swift.max(lowDecade + 1, Int(log10(largest).rounded(.up)))
        let groupWidth = Double(Subject.allCases.count) * barWidth + groupGap
        let width = left + Double(operations.count) * groupWidth + right
        let height = top + plotHeight + bottom
        let plotBottom = top + plotHeight
        func y(_ value: Double) -> Double {
            let fraction = (log10(value) - Double(lowDecade)) / Double(highDecade - lowDecade)
            return plotBottom - fraction * plotHeight
        }

        var svg = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" "
                + "viewBox=\"0 0 \(n(width)) \(n(height))\" font-family=\"sans-serif\" font-size=\"11\">",
            "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>",
            "<text x=\"\(n(width / 2))\" y=\"24\" text-anchor=\"middle\" font-size=\"15\" font-weight=\"bold\">"
                + "BoxKit benchmark: median time per operation (lower is better)</text>",
        ]
        svg += legend(y: 48)
        for decade in lowDecade...highDecade {
            let position = y(pow(10, Double(decade)))
            svg.append(
                "<line x1=\"\(n(left))\" y1=\"\(n(position))\" x2=\"\(n(width - right))\" y2=\"\(n(position))\" "
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
            "<line x1=\"\(n(left))\" y1=\"\(n(top))\" x2=\"\(n(left))\" y2=\"\(n(plotBottom))\" stroke=\"#333333\"/>")
        svg.append(
            "<line x1=\"\(n(left))\" y1=\"\(n(plotBottom))\" x2=\"\(n(width - right))\" y2=\"\(n(plotBottom))\" "
                + "stroke=\"#333333\"/>")
        svg.append(
            "<text transform=\"translate(24 \(n(top + plotHeight / 2))) rotate(-90)\" text-anchor=\"middle\" "
                + "font-size=\"12\">nanoseconds per operation (median, log scale)</text>")

        for (index, operation) in operations.enumerated() {
            let groupLeft = left + Double(index) * groupWidth + groupGap / 2
            for (slot, subject) in Subject.allCases.enumerated() {
                guard let median = results.median(operation, subject), median > 0 else { continue }
                let x = groupLeft + Double(slot) * barWidth
                let barTop = y(median)
                svg.append(
                    "<rect x=\"\(n(x))\" y=\"\(n(barTop))\" width=\"\(n(barWidth - 1))\" "
                        + "height=\"\(n(plotBottom - barTop))\" fill=\"\(subject.colour)\">"
                        + "<title>\(escape(operation)), \(subject.label): \(Formatting.number(median)) ns</title></rect>"
                )
            }
            let centre = groupLeft + Double(Subject.allCases.count) * barWidth / 2
            svg.append(
                "<text transform=\"translate(\(n(centre)) \(n(plotBottom + 12))) rotate(-60)\" text-anchor=\"end\">"
                    + "\(escape(operation))</text>")
        }
        svg.append(
            "<text x=\"\(n(left + (width - left - right) / 2))\" y=\"\(n(height - 12))\" text-anchor=\"middle\" "
                + "font-size=\"12\">operation</text>")
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
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

    private func n(_ value: Double) -> String { Formatting.fixed(value, decimals: 1) }

    private func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
