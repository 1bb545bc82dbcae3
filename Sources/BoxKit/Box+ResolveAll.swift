extension Box {
    /// Returns one service for every registration of exactly `type` that a resolve from this box can reach,
    /// keyed or not: this box's registrations in the order they were made, then its parent's, and so on up.
    ///
    /// A registration in an ancestor is left out when a nearer box has one for the same key, since a
    /// resolve from this box finds the nearer one. Each service is resolved as ``resolve(_:key:)`` with its
    /// key would: transient factories run (and receive this box), permanent instances are shared, hooks
    /// run. Only registrations of `type` itself count: `Car` registrations are not `any Vehicle` ones, nor
    /// `Car?` ones. Registrations whose factories take runtime arguments are left out: there are no
    /// arguments to make them with. Child boxes are not searched.
    ///
    /// ```swift
    /// box.register(key: "BMW") { Car(make: "BMW") as any Vehicle }
    /// box.register(key: "Audi") { Car(make: "Audi") as any Vehicle }
    /// let names = box.resolveAll((any Vehicle).self).map(\.name)   // ["BMW", "Audi"]
    /// ```
    ///
    /// Like ``resolve(_:key:)``, a cycle (one of the factories resolving all of its own type) stops the
    /// program with a message naming it. A registration removed by another thread while this runs is
    /// left out.
    ///
    /// - Parameter type: The service type; usually inferred from the context.
    /// - Returns: The services, nearest box first, each box's in registration order (a replacement counts
    ///   as a new registration); empty when there are none.
    /// - Complexity: O(*n* log *n*) in the registrations of this box and its ancestors, plus one resolve per
    ///   service returned. It lists every registration under each box's writer lock: not for hot loops.
    public func resolveAll<Service>(_ type: Service.Type = Service.self) -> [Service] {
        let wanted = ObjectIdentifier(type)
        var seen: Set<String?> = []
        var keys: [String?] = []
        var current: Box? = self
        while let box = current {
            let own = box._storage.registrations.filter {
                ObjectIdentifier($0.serviceType) == wanted && $0.argumentTypes.isEmpty
            }
            for registration in own.sorted(by: { $0.sequence < $1.sequence })
            where seen.insert(registration.key).inserted {
                keys.append(registration.key)
            }
            current = box._parent
        }
        return keys.compactMap { key in
            do throws(BoxError) {
                return try _resolve(type, key: key)
            } catch {
                // Unregistered by another thread since (perhaps leaving one that takes arguments).
                if error.reason == .notRegistered || error.reason == .argumentMismatch { return nil }
                _trap(error)
            }
        }
    }
}
