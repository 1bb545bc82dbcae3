internal import Dispatch

/// Tells whether the calling code runs in a block of the main dispatch queue, or of a queue that targets it,
/// asking Dispatch without asserting: BoxKit sets a value of its own on the main queue, once, and
/// `DispatchQueue.getSpecific(key:)` finds it from the queue that runs the calling block, through the queues
/// it targets. Dispatch runs those blocks one at a time with the main actor's jobs, wherever the main queue is
/// drained (on the main thread, or, once that has called `dispatchMain()`, on other threads), and
/// `MainActor.assumeIsolated` passes there.
///
/// Unchecked `Sendable`: its one key never changes, and Dispatch guards a queue's values.
final class _MainQueue: @unchecked Sendable {
    /// The one instance, made when the first registration isolated to the main actor is, so that no resolve
    /// pays for setting its value.
    static let shared = _MainQueue()

    /// BoxKit's key, whose value only the main queue holds.
    private let key = DispatchSpecificKey<Bool>()

    private init() { DispatchQueue.main.setSpecific(key: key, value: true) }

    /// Whether the calling code runs in a block of the main queue, or of a queue that targets it.
    ///
    /// - Complexity: O(d), d the length of the calling queue's chain of targets: a few loads.
    var isCurrent: Bool { DispatchQueue.getSpecific(key: key) ?? false }
}
