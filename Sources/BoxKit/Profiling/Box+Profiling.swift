extension Box {
    /// Tells `observer` of each creation of a service that this box or one of its descendants holds, on the
    /// thread that made it, right after the creation ends, until the returned observation is cancelled or
    /// released.
    ///
    /// A creation is every resolve that runs a registration's lifetime rule (``ServiceCreation``). Each
    /// report says which service, its key and lifetime, the thread and whether it was the main thread, when it
    /// began and ended, the creation it was made for, and whether it made a new instance.
    ///
    /// ```swift
    /// let observation = box.observeCreations { creation in
    ///     if creation.isMainThread { mainThreadCreations.append(creation) }
    /// }
    /// ```
    ///
    /// Registrations added to the box or its descendants while the observer is installed are watched too. A
    /// service that a child box resolves from an ancestor outside this box's tree is reported to the observers
    /// of the box that holds it.
    ///
    /// Observing costs nothing until it starts: without an observer, every resolve runs the instructions it ran
    /// before observers existed, but for a registration's first creation, which asks whether one is installed.
    /// Once one is, each creation of a watched registration takes a slower path (two clock reads and a lock);
    /// with more than seven observers installed at once, so do the creations, in any box, of registrations not
    /// made since they were registered. Keep an observer for the span you want to see, such as a launch, and
    /// cancel it.
    ///
    /// An observer that resolves a service it watches is told of that creation too: guard against telling
    /// yourself forever.
    ///
    /// - Complexity: O(*n*) in the registrations of this box's tree, to start.
    ///
    /// - Parameter observer: Called once per creation, on the thread that made it, outside any of BoxKit's
    ///   locks, once the creation is off the thread's chain: it may resolve from any box. Keep it short; it runs
    ///   on your app's path.
    /// - Returns: The observation; cancel it or release it to stop the reports.
    public func observeCreations(_ observer: @escaping @Sendable (ServiceCreation) -> Void) -> CreationObservation {
        _observeCreations { observer(ServiceCreation($0)) }
    }

    /// `observeCreations` handing `receive` each creation's record, or, with `nil`, keeping the records in the
    /// observer (a profiler's: `_CreationObservers.records(of:)`).
    func _observeCreations(_ receive: (@Sendable (_CreationRecord) -> Void)?) -> CreationObservation {
        let observer = _CreationObserver(root: _registry, receive: receive)
        _CreationObservers.install(observer, on: self)
        return CreationObservation(observer)
    }

    /// Starts a ``CreationProfiler`` on this box and its descendants: it records every creation until you
    /// call its ``CreationProfiler/stop()``, which returns the ``CreationProfile``.
    ///
    /// Use it where launch does not fit in one synchronous closure: work that awaits, or the span from the app
    /// delegate's launch to the first screen's appearance:
    ///
    /// ```swift
    /// let profiler = box.startProfiling()      // first thing at launch
    /// // ...
    /// print(profiler.stop().report)            // once the first screen is up
    /// ```
    ///
    /// - Returns: The running profiler.
    public func startProfiling() -> CreationProfiler {
        CreationProfiler(box: self)
    }

    /// Runs `body` while profiling the creations of this box's services and its descendants', and returns
    /// the ``CreationProfile``: the services by the time their own code took, the critical path, the work on
    /// the main thread, the permanents nothing else needed, a report to read and a trace to open.
    ///
    /// ```swift
    /// let profile = box.profile {
    ///     _ = box.resolve(AppCoordinator.self)
    /// }
    /// print(profile.report)
    /// ```
    ///
    /// - Parameter body: The work to profile, such as resolving what your launch resolves.
    /// - Returns: What the creations during `body` cost.
    /// - Throws: What `body` throws; the profile is then lost.
    public func profile(_ body: () throws -> Void) rethrows -> CreationProfile {
        let profiler = startProfiling()
        try body()
        return profiler.stop()
    }
}
