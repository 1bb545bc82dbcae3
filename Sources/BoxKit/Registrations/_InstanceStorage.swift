/// Where a registration keeps the one instance its lifetime shares (`.permanent`, and a permanent async or
/// runtime-argument registration): a class instance as an object reference, any other value (a struct, an
/// existential such as `any Vehicle`) in a cell of its own.
///
/// Its layout is the same for every service type, unlike a stored `Service?`. So a registration class that
/// holds it has a layout that does not depend on `Service`, and the Swift runtime needs no metadata of
/// `Service?`: neither to lay out the class once per service type and process (at an app's launch), nor to
/// destroy the instance with each registration (a look-up in the runtime's metadata cache). The registration
/// destroys the instance in its `deinit` with ``destroy(as:)``, naming the type it was stored as.
///
/// Written once, before the registration's `ready` word is set with a releasing store; read only after that
/// word is read with an acquiring load.
@usableFromInline
struct _InstanceStorage {
    /// The instance, when `Service` is one class reference (`_isObjectReference`).
    @usableFromInline var object: AnyObject?
    /// A cell holding the instance, for every other `Service`; allocated by ``store(_:)``.
    @usableFromInline var cell: UnsafeMutableRawPointer?

    @inlinable
    init() {}

    /// Keeps `instance`; the storage must be empty.
    ///
    /// - Complexity: O(1); a service that is not a class instance allocates its cell.
    @inlinable
    mutating func store<Service>(_ instance: Service) {
        if _isObjectReference(Service.self) {
            object = unsafeBitCast(instance, to: AnyObject.self)
            return
        }
        let stored = UnsafeMutablePointer<Service>.allocate(capacity: 1)
        stored.initialize(to: instance)
        cell = UnsafeMutableRawPointer(stored)
    }

    /// The instance ``store(_:)`` kept, read as the same `Service`; the storage must not be empty.
    ///
    /// - Complexity: O(1): one load for a class instance, two for any other value.
    @inlinable
    func instance<Service>(as _: Service.Type) -> Service {
        if _isObjectReference(Service.self) { return unsafeBitCast(object.unsafelyUnwrapped, to: Service.self) }
        return cell.unsafelyUnwrapped.assumingMemoryBound(to: Service.self).pointee
    }

    /// Destroys a value kept in a cell (a class instance goes with `object`), which must have been stored as
    /// `Service`. The owning registration calls it from its `deinit`, the only place it is called.
    func destroy<Service>(as _: Service.Type) {
        guard let cell else { return }
        cell.assumingMemoryBound(to: Service.self).deinitialize(count: 1)
        cell.deallocate()
    }
}
