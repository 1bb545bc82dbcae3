// `.transient` for an async factory: a new instance on every resolve, awaited.

extension _AsyncRegistration {
    /// `.transient`: a new instance from the factory, called with `origin`, with the hooks run on it.
    func makeTransient(origin: Box) async -> Service {
        let made = await call(origin)
        initialiseAwaited(made, resolver: origin)
        return made
    }
}
