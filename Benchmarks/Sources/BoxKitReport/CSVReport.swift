import Foundation

/// The measured values as CSV: one line per operation and subject, every repetition included.
struct CSVReport {
    let results: Results

    var text: String {
        let header = "operation,subject,variant,unit,median,min,repetitions,values"
        let lines = results.rows.map { row in
            [
                row.operation, row.subject.label, row.variant, row.unit.rawValue,
                Formatting.fixed(row.sample.median, decimals: 3), Formatting.fixed(row.sample.min, decimals: 3),
                String(row.sample.values.count),
                row.sample.values.map { Formatting.fixed($0, decimals: 3) }.joined(separator: ";"),
            ].map(Self.field).joined(separator: ",")
        }
        return ([header] + lines).joined(separator: "\n") + "\n"
    }

    /// A CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180).
    private static func field(_ value: String) -> String {
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
