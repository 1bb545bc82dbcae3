// How profiles write durations and fixed-point numbers, without Foundation.

/// A duration as the profile shows it: `850 ns`, `12.345 µs`, `1.234 ms` or `1.234 s`.
func _format(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    return _formatDuration(UInt64(clamping: seconds) &* 1_000_000_000 &+ UInt64(clamping: attoseconds / 1_000_000_000))
}

/// `nanoseconds` as ``_format(_:)`` shows a duration.
func _formatDuration(_ nanoseconds: UInt64) -> String {
    if nanoseconds < 1_000 { return "\(nanoseconds) ns" }
    if nanoseconds < 1_000_000 { return "\(_decimal(nanoseconds, places: 3)) µs" }
    if nanoseconds < 1_000_000_000 { return "\(_decimal(nanoseconds / 1_000, places: 3)) ms" }
    return "\(_decimal(nanoseconds / 1_000_000, places: 3)) s"
}

/// `value` divided by 10^`places`, written with exactly `places` decimals: `_decimal(12345, places: 3)` is
/// `12.345`.
func _decimal(_ value: UInt64, places: Int) -> String {
    var scale: UInt64 = 1
    for _ in 0..<places { scale *= 10 }
    let fraction = String(value % scale)
    return "\(value / scale).\(String(repeating: "0", count: places - fraction.count))\(fraction)"
}
