/// The API of a ``Box``, under the name SwincyBox gave it, so that code written against it compiles.
///
/// ```swift
/// func registerEngines(in box: BoxApi) {
///     box.register(Engine.self, key: "V8", life: .permanent) { Engine(cylinders: 8) }
/// }
/// ```
public protocol BoxApi: AnyObject, Sendable {
    /// The number of registrations in this box, not counting child boxes.
    var registeredServiceCount: Int { get }
    /// The number of registrations in this box and all of its descendants.
    var childServiceCount: Int { get }

    /// Registers a factory that takes no arguments. See ``Box/register(_:key:life:_:)-6no86``.
    ///
    /// - Parameters:
    ///   - type: The service type.
    ///   - key: Distinguishes several registrations of one type. `nil` (no key) differs from `""`.
    ///   - life: How long a made instance lives (see ``LifeType``).
    ///   - factory: Makes the service.
    /// - Returns: The registration, to add ``ServiceStoring/onInitialised(_:)`` hooks.
    @discardableResult
    func register<Service>(_ type: Service.Type, key: String?, life: LifeType, _ factory: @escaping () -> Service)
        -> any ServiceStoring

    /// Registers a factory that resolves its dependencies.
    /// See ``Box/register(_:key:life:_:)-8v9cb``.
    ///
    /// - Parameters:
    ///   - type: The service type.
    ///   - key: Distinguishes several registrations of one type. `nil` (no key) differs from `""`.
    ///   - life: How long a made instance lives (see ``LifeType``).
    ///   - factory: Makes the service, resolving what it needs from its argument.
    /// - Returns: The registration, to add ``ServiceStoring/onInitialised(_:)`` hooks.
    @discardableResult
    func register<Service>(
        _ type: Service.Type, key: String?, life: LifeType, _ factory: @escaping (Resolver) -> Service
    ) -> any ServiceStoring

    /// Returns the service registered for `type` and `key`, stopping the program with a description of the
    /// problem when it cannot.
    ///
    /// - Parameters:
    ///   - type: The service type.
    ///   - key: The key it was registered under, or `nil` for none.
    /// - Returns: The permanent instance, or a new instance for a transient registration.
    func resolve<Service>(_ type: Service.Type, key: String?) -> Service

    /// Removes this box's registrations.
    func clear()
    /// Removes the registrations of this box and of every descendant.
    func clearAll()
    /// Creates (or replaces) the child box stored under `key`.
    ///
    /// - Parameter key: The name to find the child by with ``childBox(forKey:)``.
    /// - Returns: The new, empty child box.
    func newChildBox(forKey key: String) -> Box
    /// The child box stored under `key`, if any.
    ///
    /// - Parameter key: The key the child was created under.
    /// - Returns: The child, or `nil` when none is stored under `key`.
    func childBox(forKey key: String) -> Box?
}

/// The box a factory receives to resolve its own dependencies.
public typealias Resolver = Box
