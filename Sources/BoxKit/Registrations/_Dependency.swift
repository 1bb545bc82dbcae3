/// One resolve made while a registration was being created: the service asked for, as identities (its
/// type, key and the types of its runtime arguments), and whether anything was registered for it.
///
/// Recording one costs no name: ``name`` renders it, as BoxKit's messages name services, when a message
/// reads it (``graphName`` when ``Box/dependencyGraph()`` does).
///
/// `@unchecked Sendable`: immutable; metatypes are immutable.
struct _Dependency: Hashable, @unchecked Sendable {
    let serviceType: Any.Type
    let key: String?
    let arguments: [Any.Type]
    let missing: Bool

    /// The dependency on what `registration` provides.
    init(_ registration: _AnyRegistration) {
        serviceType = registration.serviceType
        key = registration.key
        arguments = registration.argumentTypes
        missing = false
    }

    /// The dependency on what a registration of `type` without a key or runtime arguments provides.
    init(plain type: Any.Type) {
        serviceType = type
        key = nil
        arguments = []
        missing = false
    }

    /// The dependency on `type`, `key` and `arguments`, for which nothing was registered.
    init(missing type: Any.Type, key: String?, arguments: [Any.Type]) {
        serviceType = type
        self.key = key
        self.arguments = arguments
        missing = true
    }

    /// The dependency of an auto-registered initializer on its parameter type `type` (resolved without a key
    /// or arguments), missing unless `isRegistered` says otherwise.
    init(declared type: Any.Type, isRegistered: (ObjectIdentifier, String?) -> Bool) {
        serviceType = type
        key = nil
        arguments = []
        missing = !isRegistered(ObjectIdentifier(type), nil)
    }

    /// `Module.Car`, `Module.Car[key: "BMW"]`, with its argument types if it takes any, as messages show it
    /// (a long key cut short).
    var name: String { _describe(serviceType, key: key, arguments: arguments) }

    /// `name` with the key whole, however long: what identifies the dependency in a dependency graph.
    var graphName: String { _describe(serviceType, key: key, arguments: arguments, wholeKey: true) }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(serviceType))
        hasher.combine(key)
        hasher.combine(missing)
        for argument in arguments { hasher.combine(ObjectIdentifier(argument)) }
    }

    static func == (lhs: _Dependency, rhs: _Dependency) -> Bool {
        guard ObjectIdentifier(lhs.serviceType) == ObjectIdentifier(rhs.serviceType), lhs.missing == rhs.missing,
            lhs.key == rhs.key, lhs.arguments.count == rhs.arguments.count
        else { return false }
        for index in lhs.arguments.indices
        where ObjectIdentifier(lhs.arguments[index]) != ObjectIdentifier(rhs.arguments[index]) {
            return false
        }
        return true
    }
}
