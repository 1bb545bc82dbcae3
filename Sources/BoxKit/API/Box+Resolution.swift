extension Box {
    /// Returns the service registered for `type` and `key`, searching this box, then its ancestors.
    ///
    /// ```swift
    /// let car = box.resolve() as Car
    /// let bmw: Car = box.resolve(key: "BMW")
    /// let vehicle = box.resolve(Vehicle.self)
    /// ```
    ///
    /// When nothing is registered, or the resolve would close a cycle, the program stops with a message that
    /// names the fully qualified type, the key, the chain of resolutions that led there and the closest
    /// registrations that do exist. When `type` and `key` are registered only with runtime arguments, the
    /// message names their types (see ``resolve(_:key:arguments:_:)``). A service registered with an `async`
    /// factory cannot be made here: that stops the program too, saying to resolve it with
    /// ``resolveAsync(_:key:)``. Use ``tryResolve(_:key:)`` to handle these instead.
    ///
    /// - Parameters:
    ///   - type: The service type; usually inferred from the context.
    ///   - key: The key it was registered under, or `nil` for none.
    /// - Returns: The permanent instance, or a new instance for a transient registration.
    /// - Complexity: O(1) on average: one XXH3 hash, usually one probe, no lock and no allocation beyond
    ///   what the factory allocates.
    @inlinable
    public func resolve<Service>(_ type: Service.Type = Service.self, key: String? = nil) -> Service {
        do {
            return try _resolve(type, key: key)
        } catch {
            _trap(error)
        }
    }

    /// Returns the service registered for `type` and `key`, or throws a ``BoxError`` describing why not.
    ///
    /// ```swift
    /// do {
    ///     let car = try box.tryResolve(Car.self, key: "BMW")
    /// } catch {
    ///     print(error.chain, error.nearest)
    /// }
    /// ```
    ///
    /// The error is thrown for this resolve itself. A factory that resolves its dependencies with
    /// ``resolve(_:key:)`` still stops the program when one of them is missing; factories that want to
    /// recover use `tryResolve` too.
    ///
    /// - Parameters:
    ///   - type: The service type; usually inferred from the context.
    ///   - key: The key it was registered under, or `nil` for none.
    /// - Returns: The permanent instance, or a new instance for a transient registration.
    /// - Throws: ``BoxError`` for whatever BoxKit finds wrong, never stopping the program for it: when
    ///   nothing is registered for `type` and `key` (reason ``BoxError/Reason-swift.enum/argumentMismatch``
    ///   when they are registered only with runtime arguments), when resolving it would close a cycle, when
    ///   its factory is `async` (``BoxError/Reason-swift.enum/asyncFactory``; resolve it with
    ///   ``tryResolveAsync(_:key:)``) or must run on an actor this code is not on
    ///   (``BoxError/Reason-swift.enum/wrongIsolation``), when its factory threw
    ///   (``BoxError/Reason-swift.enum/factoryFailed``), and, for a type forwarded with
    ///   ``forward(_:to:key:)``, when the service it forwards to fails in any of these ways or is not of
    ///   `type` (``BoxError/Reason-swift.enum/typeMismatch``), and when a ``LifeType/weak`` registration's
    ///   factory made a value, which cannot be held weakly (``BoxError/Reason-swift.enum/typeMismatch`` too).
    /// - Complexity: O(1) on average, as ``resolve(_:key:)``.
    @inlinable
    public func tryResolve<Service>(_ type: Service.Type = Service.self, key: String? = nil) throws(BoxError) -> Service
    {
        try _resolve(type, key: key)
    }

    /// A resolve without runtime arguments: one non-generic lookup, then the one funnel
    /// (`_Lookup.instance`), which recovers the typed registration without a dynamic cast.
    ///
    /// For a class service (`_resolvesAsObject`, known before specialising), only a ready permanent instance
    /// (`.object`) is handed over in the caller's code; every other lookup is finished by one non-generic
    /// call (`_objectInstance`), and what needs the type after that by generic code compiled once in BoxKit
    /// (`_finishInGeneral`): each resolve of a class in an app's code holds only the `.object` case and two calls.
    /// For any other service type the funnel specialises in the caller's module. Each kind has a function of
    /// its own, so that a debug build's frame for a resolve holds only its kind's locals (a chain of nested
    /// resolves must fit a secondary thread's stack).
    @inlinable @inline(__always)
    func _resolve<Service>(_ type: Service.Type, key: String?) throws(BoxError) -> Service {
        guard _resolvesAsObject(Service.self) else { return try _resolveTyped(type, key: key) }
        return try _resolveObject(type, key: key)
    }

    /// `_resolve` of a class service.
    @inlinable @inline(__always)
    func _resolveObject<Service>(_ type: Service.Type, key: String?) throws(BoxError) -> Service {
        let lookup = _begin(ObjectIdentifier(type), key: key)
        if lookup.state == .object {
            return unsafeBitCast(
                Unmanaged<AnyObject>.fromOpaque(lookup.object).takeRetainedValue(), to: Service.self)
        }
        guard let object = _objectInstance(lookup) else { return try _finishInGeneral(lookup, as: type, key: key) }
        return unsafeBitCast(object, to: Service.self)
    }

    /// `_resolve` of any other service type.
    @inlinable @inline(__always)
    func _resolveTyped<Service>(_ type: Service.Type, key: String?) throws(BoxError) -> Service {
        try _begin(type, key: key).instance(from: self) { lookup throws(BoxError) in
            try lookup._finish(from: self, as: type, key: key)
        }
    }
}

/// Whether a resolve of `Service` takes the class path (`Box._resolveObject`): a type of one reference that
/// is a class reference. `_canBeClass` is a builtin the compiler answers from a concrete type before it
/// specialises anything, so the typed path this excludes leaves no code in a class's resolve (a cast to
/// `AnyObject.Type` is folded only later); unspecialised code (a debug build) asks `_isObjectReference` at
/// run time. What the class path reads as `AnyObject` it checks on the registration (`makesObjects`, how the
/// instance is kept), never on this answer.
@inlinable @inline(__always)
func _resolvesAsObject<Service>(_: Service.Type) -> Bool {
    guard MemoryLayout<Service>.size == MemoryLayout<AnyObject>.size else { return false }
    switch _canBeClass(Service.self) {
    case 0: return false
    case 1: return true
    default: return _isObjectReference(Service.self)
    }
}
