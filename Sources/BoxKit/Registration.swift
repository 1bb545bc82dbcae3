/// A description of one registration, as ``Box/registrations`` lists them.
///
/// ```swift
/// for registration in box.registrations {
///     print(registration)   // MyApp.Car[key: "BMW"] (transient)
/// }
/// ```
public struct Registration: Sendable, Hashable, CustomStringConvertible {
    /// The fully qualified name of the service type, e.g. `MyApp.Car` or `Swift.Optional<MyApp.Car>`.
    public let serviceType: String
    /// The key it was registered under, or `nil` for none.
    public let key: String?
    /// Its lifetime.
    public let life: LifeType
    /// Whether its factory is `async`: resolve it with ``Box/resolveAsync(_:key:)``.
    public let isAsync: Bool

    /// `MyApp.Car[key: "BMW"] (transient)`, or `MyApp.Database (permanent, async)` for an async factory.
    public var description: String {
        let subject = key.map { "\(serviceType)[key: \(String(reflecting: $0))]" } ?? serviceType
        return "\(subject) (\(life)\(isAsync ? ", async" : ""))"
    }
}
