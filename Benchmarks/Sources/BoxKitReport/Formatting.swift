import Foundation

/// How the report writes numbers.
enum Formatting {
    /// `value` with about three significant digits: `6.62`, `48.1`, `1470`.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "n/a" }
        let magnitude = abs(value)
        return fixed(value, decimals: magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : 2)
    }

    /// `value` with exactly `decimals` decimals.
    static func fixed(_ value: Double, decimals: Int) -> String {
        value.isFinite ? String(format: "%.\(decimals)f", value) : "n/a"
    }
}

/// Prints a progress line to standard error, keeping standard output for the tables.
func logProgress(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
