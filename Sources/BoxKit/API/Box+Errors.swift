extension Box {
    /// Stops the program with the error's message; on a ``verify()`` sandbox thread, reports the error to
    /// the verification and stops only that thread.
    @usableFromInline
    func _trap(_ error: BoxError) -> Never {
        Self._stop(with: error)
    }

    /// Stops the program with `error`'s message; on a verification's thread, stops that thread instead, and
    /// the verification reports `error` (`_VerificationRun.stop(with:)`).
    static func _stop(with error: BoxError) -> Never {
        if let run = _ResolutionThread.sandbox { run._withUnsafeGuaranteedRef { $0.stop(with: error) } }
        fatalError(error.description)
    }

    /// The error, of kind `kind`, about the registration of `type`, `key` and argument types `arguments`
    /// whose factory is running: its chain is what is in flight around it (that registration, on top of the
    /// chain, is the error's subject, not part of its chain). `origin` is the serial of the box to look for
    /// nearby registrations in.
    static func _errorInFactory(
        _ kind: _FailureKind, of type: Any.Type, key: String?, arguments: [Any.Type], origin: UInt64
    ) -> BoxError {
        var inFlight = _ResolutionTask.chain + _ResolutionThread.chain()
        if let top = inFlight.last, top.serviceType == type, top.key == key,
            top.argumentTypes.map(ObjectIdentifier.init) == arguments.map(ObjectIdentifier.init)
        {
            inFlight.removeLast()
        }
        return BoxError(
            _ObservedFailure(
                serviceType: type, key: key, argumentTypes: arguments, otherType: nil,
                inFlight: inFlight.map(_Dependency.init), origin: origin, kind: kind))
    }

    /// The registrations being resolved, outermost first: the async factories running in the current task,
    /// then the synchronous ones on this thread (which an async factory may have started; none suspends).
    ///
    /// - Complexity: O(1) outside any resolution; otherwise O(*n*) in the length of the chains.
    func _inFlight() -> [_AnyRegistration] {
        _ResolutionTask.chain + _ResolutionThread.chain()
    }

    /// The error for a resolve of `type` and `key` with runtime arguments of types `arguments` (none for a
    /// plain resolve) that found nothing. The request is recorded as a missing dependency of the
    /// registration being resolved, if any.
    ///
    /// - Complexity: O(1) outside a resolution: the error holds identities and renders its text when read
    ///   (whether the type and key are registered with other argument types is found out then too).
    func _missingError(_ type: Any.Type, key: String?, arguments: [Any.Type] = []) -> BoxError {
        _ResolutionThread.recordMissing(type, key: key, arguments: arguments)
        return BoxError(.missing(type, key: key, arguments: arguments, inFlight: _inFlight(), origin: self))
    }

    /// The error for a resolve of `registration` that failed for `failure`'s reason: a cycle, an async factory
    /// resolved synchronously, too deep a nesting, or the wrong isolation.
    func _error(_ failure: _FailureKind, of registration: _AnyRegistration) -> BoxError {
        BoxError(.failed(failure, registration, inFlight: _inFlight(), origin: self))
    }

    /// The error for a resolve of `registration` whose factory threw `error` (not a ``BoxError``).
    func _factoryError(_ registration: _AnyRegistration, _ error: any Error) -> BoxError {
        // The registration is on the chain while its factory runs: the resolutions around it come before it.
        let around = Array(_inFlight().dropLast())
        var failure = BoxError(.failed(.factoryFailed, registration, inFlight: around, origin: self))
        failure._underlying = _UnderlyingError(error)
        return failure
    }

    /// The error for a resolve of `registration`, `.weak`, whose factory made a value of type `made`, which
    /// cannot be held weakly. It names the resolutions around the registration, which may itself still be on
    /// the chain (a synchronous factory's resolve).
    func _valueMadeError(_ registration: _AnyRegistration, made: Any.Type) -> BoxError {
        var around = _inFlight()
        if around.last === registration { around.removeLast() }
        return BoxError(.failed(.madeValue, registration, made: made, inFlight: around, origin: self))
    }

    /// The error for a resolve of `forwarded` under `key` through a forward, on the chain, whose target is of
    /// type `found`, which is not a `forwarded`.
    @usableFromInline
    func _typeMismatchError(_ found: Any.Type, isNot forwarded: Any.Type, key: String?) -> BoxError {
        // The forward is on the chain while it resolves its target: the resolutions around it come before it.
        let around = Array(_inFlight().dropLast())
        return BoxError(.typeMismatch(found, isNot: forwarded, key: key, inFlight: around, origin: self))
    }

    /// Turns a `.failed` lookup of this box into its error, ending the lookup. `arguments` are the types of
    /// the runtime arguments the resolve passed (none for a plain resolve).
    @usableFromInline
    final func _endFailed(_ lookup: _Lookup, type: Any.Type, key: String?, arguments: [Any.Type] = []) -> BoxError {
        // A miss holds no read section and no chain entry: nothing to end.
        guard !lookup.failed(with: .missing) else { return _missingError(type, key: key, arguments: arguments) }
        if lookup.isHeldByChain { return _endOffExecutor(lookup) }
        let error = _lookupError(lookup, type: type, key: key, arguments: arguments)
        _endRead(lookup)
        return error
    }

    /// The error of a `.failed` lookup, which stays as it is.
    @inline(__always)
    func _lookupError(_ lookup: _Lookup, type: Any.Type, key: String?, arguments: [Any.Type] = []) -> BoxError {
        guard let failure = lookup.failure else { preconditionFailure("only a failed lookup has an error") }
        guard failure != .missing, let raw = lookup.registration else {
            return _missingError(type, key: key, arguments: arguments)
        }
        let registration = Unmanaged<_AnyRegistration>.fromOpaque(raw).takeUnretainedValue()
        return _error(failure, of: registration)
    }

    /// The error for resolving `registration`, which takes runtime arguments, where there are none to pass
    /// (``ServiceStoring/service(_:)``).
    func _argumentsRequiredError(_ registration: _AnyRegistration) -> BoxError {
        BoxError(.failed(.argumentsRequired, registration, inFlight: _ResolutionThread.chain(), origin: self))
    }

    /// The argument types that `type` is registered with under `key` in this box and its ancestors, each
    /// once, nearest box first and each box's in registration order; an empty list stands for a
    /// registration without arguments. `excluded` (the argument types of the failed request) is left out.
    ///
    /// - Complexity: O(n) in the registrations of the lineage.
    func _argumentSignatures(of type: Any.Type, key: String?, excluding excluded: [Any.Type]) -> [[Any.Type]] {
        let wanted = ObjectIdentifier(type)
        var seen: Set<[ObjectIdentifier]> = [_identities(excluded)]
        var found: [[Any.Type]] = []
        for registry in _lineage {
            for registration in registry.storage.registrations.sorted(by: { $0.sequence < $1.sequence })
            where ObjectIdentifier(registration.serviceType) == wanted && registration.key == key {
                let signature = registration.argumentTypes
                if seen.insert(_identities(signature)).inserted { found.append(signature) }
            }
        }
        return found
    }

    /// Registrations in this box and its ancestors that resemble (`type`, `key`, `arguments`), nearest box
    /// first and each box's in registration order: the names of the first `limit`, and how many more there
    /// are, whose names are never rendered.
    ///
    /// - Complexity: O(n) in the registrations of the lineage; each distinct type is described once.
    func _nearest(
        to type: Any.Type, key: String?, arguments: [Any.Type] = [], limit: Int = _nearestListed
    ) -> (names: [String], unlisted: Int) {
        let wanted = ObjectIdentifier(type)
        let wantedArguments = _identities(arguments)
        let tokens = _nameTokens(type)
        var tokensByType: [ObjectIdentifier: Set<Substring>] = [:]
        var found: [String] = []
        var unlisted = 0
        for (depth, registry) in _lineage.enumerated() {
            let place = _Message.place(depth: depth)
            for registration in registry.storage.registrations.sorted(by: { $0.sequence < $1.sequence }) {
                let id = ObjectIdentifier(registration.serviceType)
                let sameType = id == wanted
                let sameKey = registration.key == key
                if sameType && sameKey && _identities(registration.argumentTypes) == wantedArguments { continue }
                var resembles = sameType || (sameKey && key != nil)
                if !resembles {
                    let theirs = tokensByType[id] ?? _nameTokens(registration.serviceType)
                    tokensByType[id] = theirs
                    resembles = !tokens.isDisjoint(with: theirs)
                }
                guard resembles else { continue }
                if found.count < limit {
                    found.append(registration.displayName + place)
                } else {
                    unlisted += 1
                }
            }
        }
        return (found, unlisted)
    }

    /// The type names a type is spelled with, minus the standard library's wrappers: `Car` for
    /// `MyApp.Garage.Car` and for `Optional<Car>`, `Generic` and `Int` for `Generic<Int>`. Two types that
    /// share one are likely what a user confused.
    private func _nameTokens(_ type: Any.Type) -> Set<Substring> {
        let wrappers: Set<Substring> = [
            "Optional", "Array", "Dictionary", "Set", "Any", "AnyObject", "Swift", "any", "some",
        ]
        let name = String(describing: type)
        return Set(name.split { !($0.isLetter || $0.isNumber || $0 == "_") }).subtracting(wrappers)
    }
}

/// How many of the registrations nearest to a failed request an error names; its text counts the rest.
let _nearestListed = 8

/// The identities of `types`, to compare argument lists.
private func _identities(_ types: [Any.Type]) -> [ObjectIdentifier] {
    types.map { ObjectIdentifier($0) }
}
