/// A creation observer installed on a box with ``Box/observeCreations(_:)``: it is told of each creation of a
/// service that the box or one of its descendants holds, until it is cancelled or released.
///
/// ```swift
/// let observation = box.observeCreations { creation in
///     log.append(creation)
/// }
/// // ... launch ...
/// observation.cancel()
/// ```
public final class CreationObservation: Sendable {
    /// What `_CreationObservers` keeps installed while this observation lives.
    let observer: _CreationObserver

    init(_ observer: _CreationObserver) {
        self.observer = observer
    }

    /// Stops the observer: no creation that ends after this returns is reported to it (a report already under
    /// way on another thread may still arrive). Cancelling twice does nothing more.
    ///
    /// The registrations it watched take the plain path again from their next creation once no observer is
    /// installed.
    public func cancel() {
        _CreationObservers.remove(observer)
    }

    deinit {
        _CreationObservers.remove(observer)
    }
}
