extension Box {
    /// Makes `service`'s registration under `key` resolvable as each of `forwarded` too, sharing its
    /// instances: a `.permanent` service resolved as any of its types is the one instance.
    ///
    /// ```swift
    /// box.register(life: .permanent) { Car() }
    /// box.forward(Vehicle.self, Drivable.self, to: Car.self)
    ///
    /// let car: Car = box.resolve()
    /// let vehicle: Vehicle = box.resolve()      // the same car
    /// ```
    ///
    /// Each forwarded type is registered under the same `key`, as a registration that resolves `service`
    /// from the box the resolve started from and hands it over as that type. So the service's lifetime
    /// decides what is shared; a child box that registers its own `service` gets its own through the
    /// forwarded types as well; and registering a forwarded type again replaces the forward, as registering
    /// any type does. A service that is not of a forwarded type (a class that is not a subclass, a type that
    /// does not conform) stops the program on its first resolve through that type, naming both.
    ///
    /// - Parameters:
    ///   - forwarded: The types the service is also resolved as: protocols it conforms to, or superclasses.
    ///   - service: The registered service type.
    ///   - key: The key the service is registered under, and the forwards are; `nil` for none.
    /// - Complexity: O(1) on average per forwarded type, as a registration. A resolve through a forwarded
    ///   type is two resolves and a dynamic cast.
    public func forward<Service, each Forwarded>(
        _ forwarded: repeat (each Forwarded).Type, to service: Service.Type, key: String? = nil
    ) {
        repeat _forward((each Forwarded).self, to: service, key: key)
    }

    /// Registers `Forwarded` under `key` as `Service` under `key`, cast.
    private func _forward<Service, Forwarded>(_ forwarded: Forwarded.Type, to service: Service.Type, key: String?) {
        let registration = _registration(
            of: forwarded, key: key, life: .transient,
            resolving: { resolver in
                guard let cast = resolver.resolve(service, key: key) as? Forwarded else {
                    let chain = resolver._inFlight().map(\.displayName)
                    resolver._trap(BoxError(service, isNot: forwarded, key: key, chain: chain))
                }
                return cast
            })
        _register(registration, typeID: ObjectIdentifier(forwarded))
    }
}
