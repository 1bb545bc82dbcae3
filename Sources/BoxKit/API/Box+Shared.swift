extension Box {
    /// The box that ``Boxed`` and ``BoxedIfRegistered`` properties resolve from when given no box.
    ///
    /// It starts as an empty box backed by the hash table. Register into it, or replace it with the app's
    /// box before the first such property is read: a property reads `Box.shared` on its first access, and
    /// keeps what it resolved from then on, so replacing the box later affects only properties not yet read.
    ///
    /// ```swift
    /// Box.shared = appBox                  // or: Box.shared.install(AppModule())
    ///
    /// final class Dashboard {
    ///     @Boxed var car: Car              // resolved from Box.shared on first access
    /// }
    /// ```
    ///
    /// Reading and replacing it are safe from any thread at once; each takes a lock, so keep the box in a
    /// local where it is read in a loop.
    public static var shared: Box {
        get { _sharedBox.withLock { $0 } }
        set {
            // The box replaced is released after unlocking: its registrations' instances may read
            // `Box.shared` in their `deinit`.
            var displaced = newValue
            _sharedBox.withLock { swap(&$0, &displaced) }
        }
    }
}

/// The storage of `Box.shared`.
private let _sharedBox = _Locked(Box())
