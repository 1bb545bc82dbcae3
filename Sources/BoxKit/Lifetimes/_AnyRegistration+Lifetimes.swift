// Which lifetime rule a synchronous resolve follows; each rule is in its lifetime's file beside this one.

extension _AnyRegistration {
    /// Each synchronous lifetime's rule, written once for every registration kind (one file each in
    /// `Lifetimes/`, beside its async rule): `call` runs the factory (with its arguments, if any) resolving
    /// from the box it is given. A permanent instance is kept in `instance`.
    ///
    /// - `.transient` calls the factory with `origin`, the box the resolve started from, and runs the hooks.
    /// - `.permanent` makes the one instance, unless another thread already has, with `holder` (the box
    ///   that holds the registration; `origin` when `holder` is `nil`), since it is shared by every box
    ///   that reaches it.
    /// - `.graph` returns the instance this thread's top-level resolve already made, or makes one with
    ///   `origin`.
    /// - `.weak` returns the instance if anyone still holds it, or makes one with `holder`.
    /// - `.perArguments` is not made here: its lookup (`_Lookup.State.perArguments`) takes the registration's
    ///   own `perArgumentsInstance`, which hashes and compares the arguments.
    ///
    /// Inlinable, so that a transient resolve specialised where the service is resolved takes
    /// `makeTransient` inline; the shared lifetimes reach it through each kind's `makeShared`, compiled once
    /// in BoxKit.
    @inlinable
    final func make<Service, Failure: Error>(
        resolvingFrom origin: Box, holder: () -> Box?, call: (Box) throws(Failure) -> Service
    ) throws(Failure) -> Service {
        switch life {
        case .transient:
            return try makeTransient(resolvingFrom: origin, call: call)
        case .permanent:
            let holder = holder() ?? origin
            try createPermanent(resolver: holder) { () throws(Failure) in try call(holder) }
            return keptInstance(as: Service.self)
        case .graph:
            return try makeInGraph(resolver: origin) { () throws(Failure) in try call(origin) }
        case .weak:
            let holder = holder() ?? origin
            return try makeWeak(resolver: holder) { () throws(Failure) in try call(holder) }
        case .perArguments:
            preconditionFailure("BoxKit: a .perArguments resolve takes _ArgumentRegistration.perArgumentsInstance")
        }
    }
}

/// Whether a `Service` is one class reference (a class type, or `AnyObject` itself, in which
/// `_ObjectRegistration` keeps its instances; not another existential, nor a value), which converts to and
/// from an object pointer by a bit cast. Constant once specialised for a type whose size is not one
/// reference's; for one that is, comparing with `AnyObject` may be left to run time.
@inlinable @inline(__always)
func _isObjectReference<Service>(_: Service.Type) -> Bool {
    MemoryLayout<Service>.size == MemoryLayout<AnyObject>.size
        && (Service.self is AnyObject.Type || Service.self == AnyObject.self)
}
