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
    /// forwarded types as well; the next resolve through a forwarded type sees `service` replaced or
    /// unregistered; and registering a forwarded type again replaces the forward, as registering any type
    /// does.
    ///
    /// A resolve through a forwarded type fails as a resolve of `service` would, and ``tryResolve(_:key:)``
    /// (or ``tryResolveAsync(_:key:)``) throws that failure, whatever it is: reason
    /// ``BoxError/Reason-swift.enum/notRegistered`` when `service` is missing, with a chain that names the
    /// forwarded type, then `service`; a cycle; ``BoxError/Reason-swift.enum/factoryFailed`` when its factory
    /// threw. A service that is not of a forwarded type (a class that is not a subclass, a type that does not
    /// conform) fails its resolves through that type with ``BoxError/Reason-swift.enum/typeMismatch``,
    /// naming both; ``verify()`` reports it. ``resolve(_:key:)`` stops the program with the same message. A
    /// forward resolves `service` as ``resolve(_:key:)`` does, even from async code: an `async` or
    /// actor-isolated `service` fails through it with ``BoxError/Reason-swift.enum/asyncFactory`` or
    /// ``BoxError/Reason-swift.enum/wrongIsolation`` where a synchronous resolve would.
    ///
    /// - Parameters:
    ///   - forwarded: The types the service is also resolved as: protocols it conforms to, or superclasses.
    ///   - service: The registered service type.
    ///   - key: The key the service is registered under, and the forwards are; `nil` for none.
    /// - Complexity: O(1) on average per forwarded type, as a registration. A resolve through a forwarded
    ///   type of a class service that is ready (`.permanent`, made, and published in the box the resolve
    ///   started from, with no key or a short ASCII one) is one lookup, which reads the service's instance (in
    ///   the forward's own entry once the forward's first resolves have published it there, as a permanent's
    ///   is), and a copy of the first cast the forward made of an instance of its class: no dynamic cast, no
    ///   lock, no allocation. Any other is that lookup and a resolve of `service`, whose instance, if it is a
    ///   class instance, is cast that way too.
    public func forward<Service, each Forwarded>(
        _ forwarded: repeat (each Forwarded).Type, to service: Service.Type, key: String? = nil
    ) {
        repeat _forward((each Forwarded).self, to: service, key: key)
    }

    /// Registers `Forwarded` under `key` as `Service` under `key`: a `_ForwardRegistration`, whose typed part
    /// (`finishTarget`) finishes the resolves of the target that need `Service` named.
    private func _forward<Service, Forwarded>(_ forwarded: Forwarded.Type, to service: Service.Type, key: String?) {
        let registration = _ForwardRegistration<Forwarded>(
            target: Service.self, targetIsObject: _isObjectReference(Service.self),
            targetIsWide: MemoryLayout<Service>.size != MemoryLayout<AnyObject>.size, key: key
        ) { forward, box, lookup throws(BoxError) in
            let target = try lookup.instance(from: box) { lookup throws(BoxError) in
                try lookup._finish(from: box, as: Service.self, key: key)
            }
            guard let cast = forward._withUnsafeGuaranteedRef({ $0.cast(target) }) else {
                throw box._typeMismatchError(Service.self, isNot: Forwarded.self, key: key)
            }
            return cast
        }
        _register(registration, typeID: ObjectIdentifier(Forwarded.self))
    }
}
