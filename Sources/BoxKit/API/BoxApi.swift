/// The API of a ``Box``, with exactly the requirements SwincyBox gave it, so that code written against it
/// compiles unchanged: functions that take `BoxApi`, and test doubles that conform to it.
///
/// ```swift
/// func registerEngines(in box: BoxApi) {
///     box.register(Engine.self, key: "V8", life: .permanent) { Engine(cylinders: 8) }
/// }
///
/// final class RecordingBox: BoxApi {          // a test double: a class with mutable state
///     var registered: [String] = []
///     // ... the requirements below
/// }
/// ```
///
/// A plain protocol: a conforming type need not be a class or `Sendable`. What BoxKit adds beyond
/// SwincyBox's API (``Box/childServiceCount``, ``Box/clearAll()``, runtime arguments, async factories,
/// verification) is on ``Box`` itself.
public protocol BoxApi {
    /// The number of registrations in this box, not counting child boxes.
    var registeredServiceCount: Int { get }

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
