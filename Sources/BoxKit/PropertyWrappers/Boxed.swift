/// A property whose value is resolved from a box on first access, then kept.
///
/// The box is the one given with `in:`, or ``Box/shared``: the box ``withBox(_:operation:)-(_,()->R)`` put in
/// place where the property is created, if any, so that an object made inside a test resolves from the test's
/// box on any thread; otherwise the process-wide box as it is at the first access (``SharedBoxBinding``). The
/// service is
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
    ///   - box: The box to resolve from, or `nil` for ``Box/shared``, as `binding` settles it.
    ///   - binding: For a property given no box, whether ``Box/shared`` is the box in place where the property is
    ///     created (`.atCreation`, the default: a test's box for an object made in the test, whatever thread
    ///     reads it) or where it is first read (`.atFirstAccess`). See ``SharedBoxBinding``.
    public init(key: String? = nil, in box: Box? = nil, binding: SharedBoxBinding = .atCreation) {
        _cache = _LazyService(box: box, key: key, binding: binding)
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
