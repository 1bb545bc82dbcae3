/// A `.graph` instance recorded in the scope of a thread's top-level resolve: the instance, typed, and the
/// registration that made it, retained so that its address cannot be reused by another registration while
/// the scope lasts.
final class _GraphEntry<Service> {
    let instance: Service
    let registration: _AnyServiceBox

    init(_ instance: Service, of registration: _AnyServiceBox) {
        self.instance = instance
        self.registration = registration
    }
}

/// The `.graph` instances made during one top-level resolve on one thread, by registration.
///
/// Lives in the thread's C record from the first `.graph` creation until the outermost resolve ends (see
/// `_ResolutionThread.closeScope`); only its own thread touches it.
final class _GraphScope {
    var entries: [ObjectIdentifier: AnyObject] = [:]
}
