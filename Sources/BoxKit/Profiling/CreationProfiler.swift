/// Records the creations of a box's services and its descendants' from ``Box/startProfiling()`` until
/// ``stop()``, and makes them a ``CreationProfile``.
///
/// ```swift
/// let profiler = box.startProfiling()
/// _ = box.resolve(AppCoordinator.self)
/// let profile = profiler.stop()
/// ```
///
/// Creations on any thread are recorded, so a launch that resolves on several threads is seen whole.
public final class CreationProfiler: Sendable {
    /// The observation that records them, until `stop()`; then the profile it made.
    private let state = _Locked<(observation: CreationObservation?, profile: CreationProfile?)>((nil, nil))
    /// When profiling started, on the clock creations are timed with.
    private let started: UInt64

    init(box: Box) {
        started = _ResolutionThread.now
        // It keeps the records; their registrations are valid while it is installed, which `stop()` ends last.
        let observation = box._observeCreations(nil)
        state.withLock { $0.observation = observation }
    }

    /// Stops recording and returns the profile of the creations that ended since the profiler started.
    /// Calling it again returns the same profile.
    ///
    /// - Complexity: O(*n* log *n*) in the creations recorded.
    public func stop() -> CreationProfile {
        let ended = _ResolutionThread.now
        // What the observation and the recorded registrations release (a registration replaced while profiling
        // was kept until now) is released after the lock, on return: a release may run a deinit.
        var released: CreationObservation?
        let profile = state.withLock { state in
            if let profile = state.profile { return profile }
            // The observation, still installed, keeps every registration recorded valid.
            let (records, forwards) =
                state.observation.map { _CreationObservers.profileInput(of: $0.observer) } ?? ([], [])
            let profile = CreationProfile(records, forwards: forwards, started: started, ended: ended)
            state.profile = profile
            released = state.observation
            state.observation = nil
            return profile
        }
        released?.cancel()
        return profile
    }
}
