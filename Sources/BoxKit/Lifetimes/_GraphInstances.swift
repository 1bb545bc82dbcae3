/// The `.graph` instances made during one top-level resolve on one thread, by registration.
///
/// Lives in the thread's C record from the first `.graph` creation until the outermost resolve ends (see
/// `_ResolutionThread.closeGraph`); only its own thread touches it.
final class _GraphInstances {
    var entries: [ObjectIdentifier: AnyObject] = [:]
}
