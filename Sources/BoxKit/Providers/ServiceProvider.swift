/// A resolve of one service, bound in advance: call it like a function in a tight loop.
///
/// A provider is what dependency-injection frameworks call a `Provider<T>`: each call returns the service as
/// its registration's lifetime says (a new transient instance, the one permanent instance), not a factory
/// of its own. ``Box/provider(_:key:)`` looks the registration up once and pins it; each call then skips
/// hashing the key and probing the registry, and checks only that no box it searched has been written to
/// since. Each call behaves as ``Box/resolve(_:key:)`` on the same box would at that moment: a transient
/// factory runs on every call, a permanent instance is created once and shared, `onInitialised` hooks run,
/// cycles are reported, and a later registration for the same type and key (a replacement, or one in a child
/// box that now shadows an ancestor's) is seen by the next call.
///
/// ```swift
/// let makeCar = box.provider(Car.self, key: "BMW")
/// for _ in 0..<1_000_000 {
///     let car = makeCar()      // as box.resolve(Car.self, key: "BMW"), without the lookup
///     drive(car)
/// }
/// ```
///
/// When nothing is registered for the type and key at the time of a call (it was never registered, or
/// it was unregistered or cleared since), the call stops the program with BoxKit's usual message naming
/// the type, the key and the nearest registrations.
///
/// A provider keeps its box alive, and the registration it pinned (with any permanent instance) until the
/// provider is released: that is what lets a call skip the read section a resolve enters, so that a call for a
/// permanent service costs little more than reading a stored reference. Once that registration has been
/// replaced or removed, calls resolve through the box (at the cost of ``Box/resolve(_:key:)``), and the
/// pinned registration stays held until the provider goes. So keep providers for hot paths, not for the life of
/// a box whose registrations are replaced to free what they hold. Like a box captured by one of its own
/// factories, a provider captured by a factory or hook registered in its own box (or a descendant) is a
/// reference cycle: factories and hooks resolve through the resolver they receive instead. It is
/// `Sendable`: any number of threads may call one provider at once.
public struct ServiceProvider<Service>: Sendable {
    @usableFromInline let _state: _ProviderState

    init(_ state: _ProviderState) {
        _state = state
    }

    /// The box the provider resolves from.
    public var box: Box { _state.origin }

    /// The key the provider resolves, or `nil` for none.
    public var key: String? { _state.key }

    /// Returns the service, as ``Box/resolve(_:key:)`` on the provider's box would.
    ///
    /// ```swift
    /// let engine = makeEngine()
    /// ```
    ///
    /// - Returns: The permanent instance, or a new instance for a transient registration.
    /// - Complexity: O(1): no hash, no probe, no lock and no allocation beyond what the factory allocates,
    ///   while no box the registration was found through has been written to (a ready permanent instance
    ///   found in the provider's own box is returned inline: three loads and the retain); after such a write,
    ///   one search of those boxes, as ``Box/resolve(_:key:)`` makes.
    @inlinable
    public func callAsFunction() -> Service {
        if let instance = _state.readyObject {
            return unsafeBitCast(Unmanaged<AnyObject>.fromOpaque(instance).takeUnretainedValue(), to: Service.self)
        }
        return _state.begin().instance(from: _state) { _ in
            _state.origin.resolve(Service.self, key: _state.key)
        }
    }
}

extension Box {
    /// Returns a provider that resolves `type` and `key` from this box without looking them up on every call.
    ///
    /// Use it where one service is resolved many times, such as a loop or a per-request path. The
    /// registration need not exist yet: the provider finds it on its first call after it is registered.
    ///
    /// ```swift
    /// let makeCar = box.provider(Car.self, key: "BMW")
    /// let cars = (0..<1_000).map { _ in makeCar() }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The service type; usually inferred from the context.
    ///   - key: The key it was registered under, or `nil` for none.
    /// - Returns: A provider; call it as a function to resolve.
    /// - Complexity: O(1) on average: one lookup, as ``resolve(_:key:)`` makes, and three small allocations.
    public func provider<Service>(_ type: Service.Type = Service.self, key: String? = nil) -> ServiceProvider<Service> {
        ServiceProvider(_ProviderState(origin: self, typeID: ObjectIdentifier(type), key: key))
    }
}

/// The former name of ``ServiceProvider``, which returns services as their lifetimes say rather than
/// being a factory of its own.
@available(*, deprecated, renamed: "ServiceProvider")
public typealias ServiceFactory<Service> = ServiceProvider<Service>

extension Box {
    /// The former name of ``provider(_:key:)``.
    ///
    /// - Parameters:
    ///   - type: The service type; usually inferred from the context.
    ///   - key: The key it was registered under, or `nil` for none.
    /// - Returns: A provider; call it as a function to resolve.
    @available(*, deprecated, renamed: "provider(_:key:)")
    public func factory<Service>(_ type: Service.Type = Service.self, key: String? = nil) -> ServiceProvider<Service> {
        provider(type, key: key)
    }
}
