// Stopping the program on a misuse of BoxKit's API, with a message that an optimised build prints too.

/// Stops the program with `message` unless `condition` holds: for a misuse of BoxKit's API that no resolve
/// could recover from (a lifetime a registration cannot have, a scope it cannot join, a factory isolated to
/// another actor than the one named). Unlike `precondition`, whose message an optimised build (`-O`, an app's
/// release build) drops, it prints the message in every build, so that a crash report names what was wrong.
/// The message is made only when the condition fails.
@inline(__always)
func _require(
    _ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line
) {
    if _slowPath(!condition) { _misuse(message(), file: file, line: line) }
}

/// Stops the program with `message`, printed in every build (see `_require`).
func _misuse(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    fatalError(message, file: file, line: line)
}
