// `.transient`: a new instance on every resolve, made with the box the resolve started from.

extension _AnyRegistration {
    /// `.transient`: a new instance from the factory, called with `origin`, with the hooks run on it.
    @inlinable @inline(__always)
    final func makeTransient<Service, Failure: Error>(
        resolvingFrom origin: Box, call: (Box) throws(Failure) -> Service
    ) throws(Failure) -> Service {
        let made = try call(origin)
        if hasHooks { initialise(made, resolver: origin) }
        return made
    }
}
