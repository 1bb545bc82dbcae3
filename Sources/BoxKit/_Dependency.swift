/// One resolve made while a registration was being created: the service type and key asked for, and
/// whether anything was registered for them.
struct _Dependency: Equatable, @unchecked Sendable {
    /// The requested service type. (`Any.Type` is not `Sendable`; metatypes are immutable.)
    let serviceType: Any.Type
    let key: String?
    let missing: Bool

    /// The node name of the requested service: `Module.Car` or `Module.Car[key: "BMW"]`.
    var name: String { _describe(serviceType, key: key) }

    static func == (lhs: _Dependency, rhs: _Dependency) -> Bool {
        lhs.serviceType == rhs.serviceType && lhs.key == rhs.key && lhs.missing == rhs.missing
    }
}
