/// Where a registration keeps the one instance its lifetime shares (`.permanent`, synchronous, async or with
/// runtime arguments): one object reference, to the instance itself when the service is a class, otherwise
/// to a ``Boxed`` object holding the value (a struct, an existential such as `any Vehicle`). A `.weak`
/// registration, which never keeps an instance that way, keeps a ``WeakHolder`` here instead.
///
/// One word and a flag, whose layout is the same for every service type, so a registration's layout does not
/// depend on its service type: the Swift runtime lays out the registration class for a new service type, and
/// destroys a registration, without any metadata but the service type's own. Releasing the reference destroys
/// the instance, whatever its type.
///
/// For a shared instance: written once, by the creation that made the instance, before the flag that says it
/// is ready is stored (releasing); read only after that flag is loaded (acquiring). For a `.weak`
/// registration: the ``WeakHolder`` is made by its first creation and its weak reference replaced by every
/// creation, read and written only under the registration's creation claim (an async registration's
/// bookkeeping lock); it is never read as an instance (`instance(as:)`, `classInstance`), since no
/// `.weak` registration sets the ready flag. The store and every read of one registration
/// name the same `Service`, but may run in differently compiled code: the store in a resolve specialised in
/// the app's module, a read in BoxKit's generic code (``ServiceStoring/service(_:)``, `verify()`), or the
/// reverse. `_isObjectReference` can answer differently there (for `any Base & Sendable` with a non-final
/// `Base`, the optimiser's folded cast says no where the runtime's says yes), so a read does not ask it again:
/// the store notes which it did (`holdsBoxed`), and every read follows the note. Reading the note rather than
/// comparing the object's class with `Boxed<Service>` also spares a class service that metadata, which the
/// runtime would otherwise make (demangling its name) on the first read of each such service type in a process.
@usableFromInline
struct _InstanceStorage {
    /// A value that is not one class reference, kept as an object.
    @usableFromInline
    final class Boxed<Service> {
        @usableFromInline let value: Service

        @usableFromInline
        init(_ value: Service) {
            self.value = value
        }
    }

    /// The instance, or the ``Boxed`` object holding it (a `.weak` registration's ``WeakHolder``); `nil`
    /// until ``store(_:)`` (``holdWeakly(_:)``).
    @usableFromInline var object: AnyObject?

    /// Whether ``store(_:)`` kept `object` as a ``Boxed`` holding the instance rather than as the instance;
    /// written with `object`, under the same rules.
    @usableFromInline var holdsBoxed = false

    @inlinable
    init() {}

    /// Keeps `instance`; the storage must be empty.
    ///
    /// - Complexity: O(1); a service that is not a class instance allocates the object that holds it.
    @inlinable
    mutating func store<Service>(_ instance: Service) {
        assert(object == nil, "a shared instance is stored once")
        holdsBoxed = !_isObjectReference(Service.self)
        object = holdsBoxed ? Boxed(instance) : unsafeBitCast(instance, to: AnyObject.self)
    }

    /// The instance ``store(_:)`` kept, unretained, when it kept the instance itself, one class reference
    /// (the object a registration publishes as ready); `nil` when it kept a ``Boxed``, and while the storage
    /// is empty. Only for a shared instance, never for a `.weak` registration's ``WeakHolder``.
    ///
    /// - Complexity: O(1).
    @inlinable
    var classInstance: UnsafeMutableRawPointer? {
        guard !holdsBoxed, let object else { return nil }
        return Unmanaged.passUnretained(object).toOpaque()
    }

    /// The instance ``store(_:)`` kept, read as the same `Service`; the storage must not be empty.
    ///
    /// A `Service` the size of one reference may have been stored either way (see the type's discussion), so
    /// the store's note says which: the instance itself, unless `holdsBoxed`. (A larger value is always boxed.)
    ///
    /// - Complexity: O(1): a load of the note, then of the instance or of the value its ``Boxed`` holds.
    @inlinable
    func instance<Service>(as _: Service.Type) -> Service {
        let object = object.unsafelyUnwrapped
        if MemoryLayout<Service>.size == MemoryLayout<AnyObject>.size, !holdsBoxed {
            return unsafeBitCast(object, to: Service.self)
        }
        return unsafeDowncast(object, to: Boxed<Service>.self).value
    }

    /// What a `.weak` registration keeps: its instance, held weakly. Made by the registration's first
    /// creation, so that a registration of any other lifetime has no weak reference to initialise or destroy.
    final class WeakHolder {
        weak var object: AnyObject?

        init(_ object: AnyObject) {
            self.object = object
        }
    }

    /// A `.weak` registration's instance, while anyone else holds it; `nil` before its first creation.
    ///
    /// - Complexity: O(1): a load of the weak reference.
    var weakInstance: AnyObject? {
        object.map { unsafeDowncast($0, to: WeakHolder.self) }?.object
    }

    /// Holds `instance` weakly, as a `.weak` registration's instance, in place of any it held before.
    ///
    /// - Complexity: O(1); the first call allocates the ``WeakHolder``.
    mutating func holdWeakly(_ instance: AnyObject) {
        guard let holder = object else {
            object = WeakHolder(instance)
            return
        }
        unsafeDowncast(holder, to: WeakHolder.self).object = instance
    }
}
