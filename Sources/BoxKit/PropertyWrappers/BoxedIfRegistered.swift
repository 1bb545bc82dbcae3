/// A property whose value is resolved from a box on first access if the service is registered, and is
/// `nil` if not; the answer is kept.
///
/// It is ``Boxed`` for services that may be absent. The answer at the first access is kept, `nil`
/// included: registering the service later does not change a property already read. A cycle still stops
/// the program, as does a missing dependency of the service's own factory (it resolves with
/// ``Box/resolve(_:key:)``).
///
/// ```swift
/// final class Checkout {
///     @BoxedIfRegistered var analytics: Analytics?     // nil when no Analytics is registered
///     @BoxedIfRegistered(key: "promo", in: box) var banner: Banner?
/// }
/// ```
///
/// The service type is the wrapped type without its `?`: `@BoxedIfRegistered var car: Car?` looks for
/// `Car` registrations, not `Car?` ones (use `@Boxed var car: Car?` for a service registered as `Car?`).
@propertyWrapper
public struct BoxedIfRegistered<Service> {
    @usableFromInline let _cache: _LazyService<Service?>

    /// Creates a property resolved from `box`, or from ``Box/shared`` when `box` is `nil`.
    ///
    /// ```swift
    /// @BoxedIfRegistered(key: "promo") var banner: Banner?
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

    /// The service, or `nil` when it was not registered at the first access.
    ///
    /// - Complexity: O(1); the first access makes one resolve, or one lookup when nothing is registered.
    @inlinable
    public var wrappedValue: Service? {
        _cache.get { box, key in _resolveIfRegistered(box, Service.self, key: key) }
    }
}

extension BoxedIfRegistered: Sendable where Service: Sendable {}

/// The service for `type` and `key` in `box`, or `nil` when none is registered there or in an ancestor.
/// Checks before resolving, so that an absent service costs one lookup rather than a ``BoxError``.
@usableFromInline
func _resolveIfRegistered<Service>(_ box: Box, _ type: Service.Type, key: String?) -> Service? {
    guard box.isRegistered(type, key: key) else { return nil }
    do throws(BoxError) {
        return try box.tryResolve(type, key: key)
    } catch {
        // Unregistered by another thread since (perhaps leaving one that takes arguments).
        if error._isMissing(type, key: key) { return nil }
        box._trap(error)
    }
}
