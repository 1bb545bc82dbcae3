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
    /// left out. So does a registration with an `async` factory: rather than return an array that silently
    /// lacks it, `resolveAll` stops the program naming it; use ``resolveAllAsync(_:)`` from async code.
    ///
    /// - Parameter type: The service type; usually inferred from the context.
    /// - Returns: The services, nearest box first, each box's in registration order (a replacement counts
    ///   as a new registration); empty when there are none.
    /// - Complexity: O(*n* log *n*) in the registrations of this box and its ancestors, plus one resolve per
    ///   service returned. It lists every registration under each box's writer lock: not for hot loops.
    public func resolveAll<Service>(_ type: Service.Type = Service.self) -> [Service] {
        _reachableKeys(of: type).compactMap { key in
            do throws(BoxError) {
                return try _resolve(type, key: key)
            } catch {
                // Unregistered by another thread since (perhaps leaving one that takes arguments).
                if error._isMissing(type, key: key) { return nil }
                _trap(error)
            }
        }
    }

    /// Returns one service for every registration of exactly `type` that a resolve from this box can reach,
    /// awaiting the factories that are `async`.
    ///
    /// The asynchronous counterpart of ``resolveAll(_:)``, with the same registrations in the same order:
    /// this box's in the order they were made, then its ancestors'. Each is resolved as
    /// ``resolveAsync(_:key:)`` with its key would, synchronous and async registrations alike, one after
    /// another.
    ///
    /// ```swift
    /// box.register(key: "primary") { await Database.open(path: "app.sqlite") }
    /// box.register(key: "memory") { Database.inMemory() }
    /// let databases = await box.resolveAllAsync(Database.self)   // [primary, memory]
    /// ```
    ///
    /// - Parameter type: The service type; usually inferred from the context.
    /// - Returns: The services, nearest box first, each box's in registration order; empty when there are
    ///   none.
    /// - Complexity: O(*n* log *n*) in the registrations of this box and its ancestors, plus one resolve per
    ///   service returned, as ``resolveAll(_:)``.
    public func resolveAllAsync<Service>(_ type: Service.Type = Service.self) async -> [Service] {
        var services: [Service] = []
        for key in _reachableKeys(of: type) {
            do throws(BoxError) {
                services.append(try await _resolveAsync(type, key: key))
            } catch {
                if error._isMissing(type, key: key) { continue }
                _trap(error)
            }
        }
        return services
    }

    /// The keys of the registrations of exactly `type` that a resolve from this box reaches, nearest box
    /// first, each box's in registration order; an ancestor's key is left out when a nearer box has it.
    private func _reachableKeys<Service>(of type: Service.Type) -> [String?] {
        let wanted = ObjectIdentifier(type)
        var seen: Set<String?> = []
        var keys: [String?] = []
        for registry in _lineage {
            let own = registry.storage.registrations.filter {
                ObjectIdentifier($0.serviceType) == wanted && $0.argumentTypes.isEmpty
            }
            for registration in own.sorted(by: { $0.sequence < $1.sequence })
            where seen.insert(registration.key).inserted {
                keys.append(registration.key)
            }
        }
        return keys
    }
}
