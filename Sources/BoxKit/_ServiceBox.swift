import Synchronization

/// What every registration knows independently of its service type: identity, key, lifetime, hooks, and
/// whether a permanent instance is ready. The registry stores these (retained) as opaque pointers.
///
/// The fields a resolve reads come first, so that a resolve touches one cache line of the registration.
@usableFromInline
class _AnyServiceBox: @unchecked Sendable {
    /// A ready permanent instance of a class type, unretained (`instance` keeps it alive): a resolve
    /// retains and returns it without another call. Set (releasing) after `instance`.
    @usableFromInline let _readyObject = Atomic<UnsafeMutableRawPointer?>(nil)
    /// Set (releasing) once a permanent instance is stored; readers check it (acquiring) before reading it.
    @usableFromInline let _ready = Atomic<Bool>(false)
    /// Whether `hooks` has any, so that hook-less services skip even loading it.
    @usableFromInline let hasHooks = Atomic<Bool>(false)
    @usableFromInline let life: LifeType
    /// Whether the factory is `async` (an `_AsyncServiceBox`): a synchronous resolve reports it instead of
    /// making the service. Next to `life`, in what would otherwise be padding.
    @usableFromInline let isAsync: Bool
    /// The registered service type, as written at registration.
    @usableFromInline let serviceType: Any.Type
    /// The key as the user wrote it (normalisation happens only where keys are hashed).
    @usableFromInline let key: String?
    /// Orders this box's registrations; set under the registry's writer lock before the registration is
    /// published, then only read.
    var sequence: UInt64 = 0
    /// Hooks run after each creation, in order; made with the first hook.
    let hooks = _LazyReference<_Locked<[_Hook]>>()
    /// Serialises the one creation of a permanent instance; made by the first resolve that needs it.
    let creation = _LazyReference<_Lock>()

    init(serviceType: Any.Type, key: String?, life: LifeType, isAsync: Bool = false) {
        self.serviceType = serviceType
        self.key = key
        self.life = life
        self.isAsync = isAsync
    }

    /// The registration as error messages and introspection show it: `Module.Car` or `Module.Car["BMW"]`.
    var displayName: String { _describe(serviceType, key: key) }

    /// Whether a permanent instance is ready to be read without locking.
    @inlinable
    final var isReady: Bool { _ready.load(ordering: .acquiring) }

    /// Runs the `onInitialised` hooks on `instance`.
    final func runHooks(_ instance: Any, resolver: Resolver) {
        guard hasHooks.load(ordering: .acquiring), let list = hooks.load() else { return }
        let current = list.withLock { $0 }
        for hook in current { hook.run(resolver, instance) }
    }

    /// Adds an `onInitialised` hook (what ``ServiceStoring/onInitialised(_:)`` does for every registration).
    final func appendHook(_ closure: @escaping (_ resolver: Resolver, _ service: Any) -> Void) {
        let list = hooks.load(orMake: { _Locked([]) })
        list.withLock { $0.append(_Hook(run: closure)) }
        hasHooks.store(true, ordering: .releasing)
    }
}

/// An `onInitialised` hook. `@unchecked Sendable` for the same reason factories need not be `Sendable`:
/// hooks run on whichever thread creates the service, as documented on ``Box``.
struct _Hook: @unchecked Sendable {
    let run: (Resolver, Any) -> Void
}

/// Formats a service type and key the way BoxKit's messages do.
func _describe(_ type: Any.Type, key: String?) -> String {
    let name = String(reflecting: type)
    guard let key else { return name }
    return "\(name)[key: \(String(reflecting: key))]"
}

/// A registration of one service type: its factory and, for `.permanent`, its instance.
@usableFromInline
final class _ServiceBox<Service>: _AnyServiceBox, ServiceStoring, @unchecked Sendable {
    /// The factory, in whichever of the two shapes `register` received (exactly one is set). Two `let`s
    /// rather than an enum, so that calling one borrows it instead of copying (and retaining) it.
    @usableFromInline let plainFactory: (() -> Service)?
    @usableFromInline let resolvingFactory: ((Resolver) -> Service)?
    /// The permanent instance; written once under `creation` before `_ready` is set, then only read.
    @usableFromInline @exclusivity(unchecked) var instance: Service?

    @usableFromInline
    init(key: String?, life: LifeType, plain: (() -> Service)?, resolving: ((Resolver) -> Service)?) {
        plainFactory = plain
        resolvingFactory = resolving
        super.init(serviceType: Service.self, key: key, life: life)
    }

    /// The box at `raw`, which the registry stores retained; the caller keeps it alive.
    @inlinable
    static func at(_ raw: UnsafeMutableRawPointer) -> Unmanaged<_ServiceBox<Service>> {
        Unmanaged<_ServiceBox<Service>>.fromOpaque(raw)
    }

    /// The ready permanent instance.
    @inlinable
    var readyInstance: Service { instance.unsafelyUnwrapped }

    /// Calls the factory. Both are bound with `if let`: going through a generic accessor such as
    /// `unsafelyUnwrapped` would convert the function to another abstraction level, allocating a
    /// reabstraction thunk on every call.
    @inlinable
    func call(_ resolver: Resolver) -> Service {
        if let plainFactory { return plainFactory() }
        if let resolvingFactory { return resolvingFactory(resolver) }
        preconditionFailure("a registration without a factory")
    }

    /// Makes the service for a resolve that started at `origin`: a new instance for `.transient`, or the one
    /// permanent instance, created here (through `holder`, the box that holds the registration) if no
    /// other thread has created it yet.
    @inlinable
    func make(resolvingFrom origin: Box, holder: Unmanaged<Box>?) -> Service {
        guard life == .transient else { return makePermanent(holder: holder?.takeUnretainedValue() ?? origin) }
        let made = call(origin)
        if hasHooks.load(ordering: .acquiring) { initialise(made, resolver: origin) }
        return made
    }

    /// Creates the permanent instance unless another thread already has, and returns it.
    @usableFromInline
    func makePermanent(holder: Box) -> Service {
        let lock = creation.load(orMake: _Lock.init)
        lock.withLock {
            if isReady { return }
            let made = call(holder)
            initialise(made, resolver: holder)
            instance = made
            if Service.self is AnyObject.Type, MemoryLayout<Service>.size == MemoryLayout<AnyObject>.size {
                _readyObject.store(unsafeBitCast(made, to: UnsafeMutableRawPointer.self), ordering: .releasing)
            }
            _ready.store(true, ordering: .releasing)
        }
        return readyInstance
    }

    /// Runs the hooks, exposing `made` to resolves of this registration on this thread while they run.
    @usableFromInline
    func initialise(_ made: Service, resolver: Resolver) {
        guard hasHooks.load(ordering: .acquiring) else { return }
        withUnsafePointer(to: made) { pointer in
            _ResolutionThread.setPending(UnsafeRawPointer(pointer))
            runHooks(made, resolver: resolver)
            _ResolutionThread.setPending(nil)
        }
    }

    @usableFromInline func service(_ resolver: Resolver) -> Any { resolver._resolve(registration: self) }

    @discardableResult
    @usableFromInline func onInitialised(_ closure: @escaping (_ resolver: Resolver, _ service: Any) -> Void)
        -> any ServiceStoring
    {
        appendHook(closure)
        return self
    }
}
