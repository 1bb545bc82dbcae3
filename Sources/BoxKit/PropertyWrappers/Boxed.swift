/// A property whose value is resolved from a box on first access, then kept.
///
/// The box is the one given with `in:`, or ``Box/shared`` as it is at the first access. The service is
/// resolved as ``Box/resolve(_:key:)`` would resolve it, once: a transient registration makes one instance
/// for this property, which it keeps. When nothing is registered, the first access stops the program with
/// BoxKit's usual message; use ``BoxedIfRegistered`` for a service that may be absent.
///
/// ```swift
/// final class Dashboard {
///     @Boxed var car: Car                       // from Box.shared
///     @Boxed(key: "BMW") var bmw: Car
///     @Boxed var engine: Engine
///
///     init(box: Box) {
///         _engine = Boxed(in: box)              // from an explicit box
///     }
/// }
/// ```
///
/// The getter does not mutate, so a `@Boxed` property works in classes and in structs held in a `let`.
/// Copies of a wrapper share its value. Any number of threads may read the property at once: if several
/// read it first at the same moment, each may resolve, and all get the value stored by the first to finish.
@propertyWrapper
public struct Boxed<Service> {
    @usableFromInline let _cache: _LazyService<Service>

    /// Creates a property resolved from `box`, or from ``Box/shared`` when `box` is `nil`.
    ///
    /// ```swift
    /// @Boxed(key: "BMW", in: showroom) var bmw: Car
    /// ```
    ///
    /// - Parameters:
    ///   - key: The key the service was registered under, or `nil` for none.
    ///   - box: The box to resolve from, or `nil` for ``Box/shared`` at the first access.
    public init(key: String? = nil, in box: Box? = nil) {
        _cache = _LazyService(box: box, key: key)
    }

    /// The service, resolved on the first access.
    ///
    /// - Complexity: O(1); the first access makes one resolve.
    @inlinable
    public var wrappedValue: Service {
        _cache.get { box, key in box.resolve(Service.self, key: key) }
    }
}

extension Boxed: Sendable where Service: Sendable {}
