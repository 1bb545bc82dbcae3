// `.graph`: one instance per top-level resolve on a thread; there is no async rule (an async factory leaves
// the thread, so `_AsyncRegistration` refuses `.graph`).

extension _AnyRegistration {
    /// `.graph`: returns the instance this thread's top-level resolve already made, or makes one with
    /// `make`, records it for the rest of that resolve, and runs the hooks on it.
    @usableFromInline
    final func makeInGraph<Service, Failure: Error>(
        resolver: Resolver, _ make: () throws(Failure) -> Service
    ) throws(Failure) -> Service {
        if let shared = _ResolutionThread.graphInstance(of: self) {
            _ResolutionThread.noteNotNew()
            return unsafeDowncast(shared, to: _GraphEntry<Service>.self).instance
        }
        let made = try make()
        _ResolutionThread.recordGraphInstance(_GraphEntry(made, of: self), of: self)
        initialise(made, resolver: resolver)
        return made
    }
}
