extension Box: CustomStringConvertible, CustomDebugStringConvertible {
    /// This box's registrations, in the order they were made (a replacement takes the place of a new one).
    /// Child boxes' registrations are not included; ask each child.
    ///
    /// - Complexity: O(n log n) in the number of registrations.
    public var registrations: [Registration] {
        _storage.registrations.sorted { $0.sequence < $1.sequence }.map {
            Registration($0.serviceType, key: $0.key, arguments: $0.argumentTypes, life: $0.life, isAsync: $0.isAsync)
        }
    }

    /// Whether resolving `type` and `key` from this box would find a registration, here or in an ancestor.
    ///
    /// Registrations whose factories take runtime arguments are not found by a resolve without arguments,
    /// so they do not count; ask ``isRegistered(_:key:arguments:_:)`` about those.
    ///
    /// ```swift
    /// if !box.isRegistered(Engine.self) { box.register { Engine() } }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The service type.
    ///   - key: The key it would be registered under, or `nil` for none.
    /// - Returns: Whether this box or one of its ancestors holds a registration for `type` and `key`.
    /// - Complexity: O(1) on average, like ``resolve(_:key:)``; takes no lock.
    public func isRegistered<Service>(_ type: Service.Type, key: String? = nil) -> Bool {
        _isRegistered(ObjectIdentifier(type), key: key)
    }

    /// Removes the registration for `type` and `key` from this box (not from its ancestors), releasing its
    /// factory and any permanent instance once no resolve in flight uses them.
    ///
    /// Only the registration without runtime arguments is removed; ``unregister(_:key:arguments:_:)``
    /// removes one with them.
    ///
    /// ```swift
    /// box.unregister(Car.self, key: "BMW")
    /// ```
    ///
    /// - Parameters:
    ///   - type: The service type.
    ///   - key: The key it was registered under, or `nil` for none.
    /// - Returns: Whether there was such a registration.
    /// - Complexity: O(1) on average.
    @discardableResult
    public func unregister<Service>(_ type: Service.Type, key: String? = nil) -> Bool {
        _storage.remove(typeID: ObjectIdentifier(type), key: key)
    }

    /// Whether resolving `type` and `key` with runtime arguments of the given types from this box would find
    /// a registration, here or in an ancestor.
    ///
    /// ```swift
    /// box.isRegistered(Car.self, arguments: String.self, Int.self)   // for resolve(Car.self, arguments: "red", 5)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The service type.
    ///   - key: The key it would be registered under, or `nil` for none.
    ///   - first: The type of the factory's first argument.
    ///   - rest: The types of its other arguments, in order.
    /// - Returns: Whether this box or one of its ancestors holds a registration for `type` and `key` whose
    ///   factory takes exactly these argument types.
    /// - Complexity: O(1) on average, like ``resolve(_:key:arguments:_:)``; takes no lock.
    public func isRegistered<Service, First, each Rest>(
        _ type: Service.Type, key: String? = nil, arguments first: First.Type, _ rest: repeat (each Rest).Type
    ) -> Bool {
        _isRegistered(_ArgumentRegistration<Service, First, repeat each Rest>.typeID, key: key)
    }

    /// Removes the registration for `type` and `key` whose factory takes runtime arguments of the given
    /// types from this box (not from its ancestors), releasing its factory and any permanent instance once
    /// no resolve in flight uses them. Registrations of the same type and key with other argument types, or
    /// without arguments, stay.
    ///
    /// ```swift
    /// box.unregister(Car.self, key: "BMW", arguments: String.self, Int.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The service type.
    ///   - key: The key it was registered under, or `nil` for none.
    ///   - first: The type of the factory's first argument.
    ///   - rest: The types of its other arguments, in order.
    /// - Returns: Whether there was such a registration.
    /// - Complexity: O(1) on average.
    @discardableResult
    public func unregister<Service, First, each Rest>(
        _ type: Service.Type, key: String? = nil, arguments first: First.Type, _ rest: repeat (each Rest).Type
    ) -> Bool {
        _storage.remove(typeID: _ArgumentRegistration<Service, First, repeat each Rest>.typeID, key: key)
    }

    /// `Box(3 registrations, 1 child)`.
    public var description: String {
        let count = registeredServiceCount
        let children = _childCount
        let plural = count == 1 ? "registration" : "registrations"
        return "Box(\(count) \(plural), \(children) \(children == 1 ? "child" : "children"))"
    }

    /// The backend, every registration in order, and the children by key, indented.
    public var debugDescription: String {
        var lines = ["Box(\(backend)) {"]
        for registration in registrations { lines.append("    \(registration)") }
        for (key, child) in _childrenByKey() {
            let nested = child.debugDescription.split(separator: "\n").map { "    " + $0 }
            lines.append("    child \(String(reflecting: key)): " + nested.joined(separator: "\n").dropFirst(4))
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }
}
