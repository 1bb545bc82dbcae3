import Foundation

// The threads of this process as Linux lists them in /proc/self/task: what a test reads to check that a
// thread has ended, or sleeps. Each returns nil where there is no /proc.

/// The number of threads in this process.
public func processThreadCount() -> Int? {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task"))?.count
}

/// The kernel's id of the calling thread.
public func currentThreadID() -> Int? {
    // "/proc/thread-self" links to "<process id>/task/<thread id>".
    guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self") else {
        return nil
    }
    return target.split(separator: "/").last.flatMap { Int($0) }
}

/// Whether the thread with kernel id `id` is gone from this process within `seconds`. The kernel still lists
/// a thread for a moment after `pthread_join` returned for it: it wakes the joiner before it unlists the
/// thread.
public func threadEnds(_ id: Int, within seconds: Double) -> Bool {
    becomesTrue(within: seconds) { !FileManager.default.fileExists(atPath: "/proc/self/task/\(id)") }
}

/// Whether this process has at most `count` threads within `seconds` (see `threadEnds`).
public func threadCountFalls(to count: Int, within seconds: Double) -> Bool {
    becomesTrue(within: seconds) { processThreadCount().map { $0 <= count } ?? false }
}

/// Whether `condition` holds within `seconds`, checked every millisecond.
private func becomesTrue(within seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date() + seconds
    while !condition() {
        if Date() > deadline { return false }
        usleep(1_000)
    }
    return true
}

/// The scheduling state of the thread with kernel id `id`: "R" running or ready to, "S" asleep, ...
public func threadState(_ id: Int) -> Character? {
    guard let stat = try? String(contentsOfFile: "/proc/self/task/\(id)/stat", encoding: .utf8),
        let nameEnd = stat.lastIndex(of: ")")
    else { return nil }
    return stat[nameEnd...].dropFirst(2).first  // ") S ..."
}
