/// What only some registrations have, kept out of the registration object so that the others stay small (a
/// million registrations miss the caches by their size): the global actor an isolated factory must run on,
/// an auto-registered initializer's parameter types, and, in `_ThrowingFactory`, a factory that may throw.
@usableFromInline
class _RegistrationExtras: @unchecked Sendable {
    /// The global actor the factory must run on (`register(isolatedTo:)`), or `nil` for any thread.
    let isolation: _Isolation?
    /// For an auto-registered initializer (`autoregister`), the types of its parameters; empty otherwise.
    let declaredDependencies: [Any.Type]

    @usableFromInline
    init(isolation: _Isolation?, declaredDependencies: [Any.Type]) {
        self.isolation = isolation
        self.declaredDependencies = declaredDependencies
    }

    /// Whether these are a `_ThrowingFactory`'s.
    var holdsThrowingFactory: Bool { false }

    /// The extras of a registration with `isolation` and `declaredDependencies` and a factory that cannot
    /// throw: `nil` when it has neither, so that a plain registration makes no second object. Inlinable, so
    /// that `register`, which has neither, folds it away.
    @inlinable
    static func ifAny(isolation: _Isolation?, declaredDependencies: [Any.Type]) -> _RegistrationExtras? {
        guard isolation != nil || !declaredDependencies.isEmpty else { return nil }
        return _RegistrationExtras(isolation: isolation, declaredDependencies: declaredDependencies)
    }
}

/// The extras of a `_Registration<Service>` whose factory may throw (`register { () throws -> ... }`).
@usableFromInline
final class _ThrowingFactory<Service>: _RegistrationExtras, @unchecked Sendable {
    /// The factory, in its resolver-taking shape.
    let factory: (Resolver) throws -> Service

    @usableFromInline
    init(_ factory: @escaping (Resolver) throws -> Service, isolation: _Isolation?, declaredDependencies: [Any.Type]) {
        self.factory = factory
        super.init(isolation: isolation, declaredDependencies: declaredDependencies)
    }

    override var holdsThrowingFactory: Bool { true }
}
