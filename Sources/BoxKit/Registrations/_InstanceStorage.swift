/// Where a registration keeps the one instance its lifetime shares (`.permanent`, synchronous, async or with
/// runtime arguments): one object reference, to the instance itself when the service is a class, otherwise
/// to a ``Cell`` object holding the value (a struct, an existential such as `any Vehicle`). A `.weak`
/// registration, which never keeps an instance that way, keeps a ``WeakHolder`` here instead.
///
/// One word whose layout is the same for every service type, so a registration's layout does not depend on
/// its service type: the Swift runtime lays out the registration class for a new service type, and destroys
/// a registration, without any metadata but the service type's own. Releasing the reference destroys the
/// instance, whatever its type.
///
/// For a shared instance: written once, by the creation that made the instance, before the flag that says it
/// is ready is stored (releasing); read only after that flag is loaded (acquiring). For a `.weak`
/// registration: the ``WeakHolder`` is made by its first creation and its weak reference replaced by every
/// creation, read and written only under the registration's creation claim (an async registration's
/// bookkeeping lock); it is never read as an instance (`instance(as:inCell:)`), since no
/// `.weak` registration sets the ready flag. The store and every read of one registration
/// name the same `Service`, but may run in differently compiled code: the store in a resolve specialised in
/// the app's module, a read in BoxKit's generic code (``ServiceStoring/service(_:)``, `verify()`), or the
/// reverse. `_isObjectReference` can answer differently there (for `any Base & Sendable` with a non-final
/// `Base`, the optimiser's folded cast says no where the runtime's says yes), so a read does not ask it again:
/// `store(_:)` returns whether it put the instance in a cell, the registration keeps that note beside its ready flag
/// (`_AnyRegistration.keepInstance(_:)`), and every read is given the note. No read names `Cell<Service>`
/// unless the note says the instance is in a cell, so a class service never makes that class's metadata.
@usableFromInline
struct _InstanceStorage {
    /// A value that is not one class reference, kept as an object.
    @usableFromInline
    final class Cell<Service> {
        @usableFromInline let value: Service

        @usableFromInline
        init(_ value: Service) {
            self.value = value
        }
    }

    /// The instance, or the ``Cell`` object holding it (a `.weak` registration's ``WeakHolder``); `nil`
    /// until ``store(_:)`` (``holdWeakly(_:)``).
    @usableFromInline var object: AnyObject?

    @inlinable
    init() {}

    /// Keeps `instance`, as itself when `Service` is one class reference and in a ``Cell`` otherwise, and
    /// returns whether it put it in a cell: the note every read is given. The storage must be empty.
    ///
    /// - Complexity: O(1); a service that is not a class instance allocates the object that holds it.
    @inlinable
    mutating func store<Service>(_ instance: Service) -> Bool {
        assert(object == nil, "a shared instance is stored once")
        let (object, inCell) = Self.object(keeping: instance)
        self.object = object
        return inCell
    }

    /// The object that keeps `instance`: itself when `Service` is one class reference, otherwise a ``Cell``
    /// holding it; and whether it is in a cell, the note every read is given. The rule of ``store(_:)``, for a
    /// holder of shared instances that keeps the object itself (`_ArgumentInstance`).
    @inlinable
    static func object<Service>(keeping instance: Service) -> (object: AnyObject, inCell: Bool) {
        guard _isObjectReference(Service.self) else { return (Cell(instance), true) }
        return (unsafeBitCast(instance, to: AnyObject.self), false)
    }

    /// The instance ``store(_:)`` kept, read as the same `Service`; `inCell` is what the store returned. The
    /// storage must not be empty.
    ///
    /// A `Service` the size of one reference may have been stored either way (see the type's discussion), so
    /// the note says which: the instance itself, unless `inCell`. A value of any other size is always kept in a cell.
    ///
    /// - Complexity: O(1): a load of the instance, or of the value its ``Cell`` holds.
    @inlinable
    func instance<Service>(as _: Service.Type, inCell: Bool) -> Service {
        Self.instance(in: object.unsafelyUnwrapped, as: Service.self, inCell: inCell)
    }

    /// The instance that `object`, made by ``object(keeping:)``, keeps, read as the same `Service`; `inCell`
    /// is the note it returned with the object.
    @inlinable
    static func instance<Service>(in object: AnyObject, as _: Service.Type, inCell: Bool) -> Service {
        if MemoryLayout<Service>.size == MemoryLayout<AnyObject>.size, !inCell {
            return unsafeBitCast(object, to: Service.self)
        }
        return unsafeDowncast(object, to: Cell<Service>.self).value
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
