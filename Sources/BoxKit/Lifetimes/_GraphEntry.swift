/// A `.graph` instance recorded among the `.graph` instances of a thread's top-level resolve: the instance,
/// typed, and the registration that made it, retained so that its address cannot be reused by another
/// registration while the top-level resolve lasts.
final class _GraphEntry<Service> {
    let instance: Service
    let registration: _AnyRegistration

    init(_ instance: Service, of registration: _AnyRegistration) {
        self.instance = instance
        self.registration = registration
    }
}
