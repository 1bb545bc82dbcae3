/// A description of one registration, as ``Box/registrations`` lists them.
///
/// ```swift
/// for registration in box.registrations {
///     print(registration)   // MyApp.Car[key: "BMW"] (transient)
/// }                         // MyApp.Car[arguments: (Swift.String, Swift.Int)] (transient)
/// ```
public struct Registration: Sendable, Hashable, CustomStringConvertible {
    /// The fully qualified name of the service type, e.g. `MyApp.Car` or `Swift.Optional<MyApp.Car>`.
    public let serviceType: String
    /// The key it was registered under, or `nil` for none.
    public let key: String?
    /// The fully qualified names of the types of the runtime arguments its factory takes besides the
    /// resolver, in order, e.g. `["Swift.String", "Swift.Int"]`; empty for a factory without arguments.
    public let argumentTypes: [String]
    /// Its lifetime.
    public let life: LifeType
    /// Whether its factory is `async`: resolve it with ``Box/resolveAsync(_:key:)``.
    public let isAsync: Bool

    /// The description of a registration of `serviceType`, named as BoxKit's messages name types.
    init(_ serviceType: Any.Type, key: String?, arguments: [Any.Type], life: LifeType, isAsync: Bool) {
        self.serviceType = String(reflecting: serviceType)
        self.key = key
        argumentTypes = _names(arguments)
        self.life = life
        self.isAsync = isAsync
    }

    /// `MyApp.Car[key: "BMW"] (transient)`, with argument types
    /// `MyApp.Car[key: "BMW", arguments: (Swift.String, Swift.Int)] (transient)`, or
    /// `MyApp.Database (permanent, async)` for an async factory.
    public var description: String {
        "\(_describe(serviceType: serviceType, key: key, arguments: argumentTypes)) "
            + "(\(life)\(isAsync ? ", async" : ""))"
    }
}
