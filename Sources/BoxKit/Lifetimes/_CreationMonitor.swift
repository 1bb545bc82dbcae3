// Wraps the C creation monitor (cbox_creations_*), where threads wait for a creation another thread claimed.
internal import CBoxRuntime

/// Where threads wait for a creation that another thread has claimed (`_CreationClaim`): one monitor for the
/// process. A waiter enters, waits while the claim it wants is held, and leaves; a thread that releases a
/// claim announces the change, which costs one load when nobody waits.
enum _CreationMonitor {
    /// Begins waiting; the caller then checks its claim (sequentially consistent) before each `wait`.
    static func enter() { cbox_creations_enter() }
    /// Sleeps until a claim may have been released.
    static func wait() { cbox_creations_wait() }
    /// Ends what `enter` began.
    static func leave() { cbox_creations_leave() }
    /// Wakes the waiting threads, if any; call after releasing a claim (sequentially consistent).
    static func changed() { cbox_creations_changed() }
}
