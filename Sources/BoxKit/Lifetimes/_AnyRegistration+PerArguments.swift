// `.perArguments`: one instance per value of the runtime arguments (registrations with arguments only).

extension _AnyRegistration {
    /// `.perArguments`: the instance `cached` finds for the resolve's arguments, or, while holding `creation`
    /// and unless another thread made it meanwhile, a new one from `make`, with its hooks run, handed to
    /// `store`.
    @inlinable
    final func makePerArguments<Service, Failure: Error>(
        resolver: Resolver, _ make: () throws(Failure) -> Service, store: (Service) -> Void,
        cached: () -> Service?
    ) throws(Failure) -> Service {
        try _ResolutionThread.withCreationClaim(self) { () throws(Failure) in
            if let found = cached() { return found }
            let made = try make()
            initialise(made, resolver: resolver)
            store(made)
            return made
        }
    }
}
