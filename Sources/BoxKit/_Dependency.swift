/// One resolve made while a registration was being created: the service asked for, named as BoxKit's
/// messages name it (`Module.Car`, `Module.Car[key: "BMW"]`, with its argument types if it takes any), and
/// whether anything was registered for it.
struct _Dependency: Equatable, Sendable {
    let name: String
    let missing: Bool
}
