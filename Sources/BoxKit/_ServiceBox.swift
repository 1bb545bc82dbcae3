import Synchronization

/// What every registration knows independently of its service type: identity, key, lifetime, hooks, and
/// whether a permanent instance is ready. The registry stores these (retained) as opaque pointers.
@usableFromInline
class _AnyServiceBox: @unchecked Sendable {
    /// The registered service type, as written at registration.
    @usableFromInline let serviceType: Any.Type
    /// The key as the user wrote it (normalisation happens only where keys are hashed).
    @usableFromInline let key: String?
    @usableFromInline let life: LifeType
    /// When this registration was made, process-wide: orders `registrations` and error listings.
    let sequence: UInt64
    /// The box that holds this registration; a permanent factory receives it.
    weak var owner: Box?
    /// Set (releasing) once a permanent instance is stored; readers check it (acquiring) before reading it.
    @usableFromInline let _ready = Atomic<Bool>(false)
    /// Hooks run after each creation, in order; made with the first hook. `hasHooks` lets hook-less
    /// services skip even the load.
    let hooks = AtomicLazyReference<_Locked<[_Hook]>>()
    @usableFromInline let hasHooks = Atomic<Bool>(false)
    /// Serialises the one creation of a permanent instance; made by the first resolve that needs it.
    let creation = AtomicLazyReference<_Lock>()

    init(serviceType: Any.Type, key: String?, life: LifeType, owner: Box) {
        self.serviceType = serviceType
        self.key = key
        self.life = life
        self.owner = owner
        sequence = _registrationSequence.add(1, ordering: .relaxed).newValue
    }

    /// The registration as error messages and introspection show it: `Module.Car` or `Module.Car["BMW"]`.
    var displayName: String { _describe(serviceType, key: key) }

    /// Whether a permanent instance is ready to be read without locking.
    @inlinable
    final var isReady: Bool { _ready.load(ordering: .acquiring) }

    /// Runs the `onInitialised` hooks on `instance`.
    final func runHooks(_ instance: Any, resolver: Resolver) {
        guard hasHooks.load(ordering: .acquiring) else { return }
        guard let list = hooks.load() else { return }
        let current = list.withLock { $0 }
        for hook in current { hook.run(resolver, instance) }
    }

    /// Resolves through the type-erased path (used by `ServiceStoring.service(_:)`).
    func _resolveAny(from resolver: Resolver) -> Any { fatalError("_AnyServiceBox is abstract") }
}

/// Numbers registrations in the order they were made.
private let _registrationSequence = Atomic<UInt64>(0)

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

    init(key: String?, life: LifeType, owner: Box, plain: (() -> Service)?, resolving: ((Resolver) -> Service)?) {
        plainFactory = plain
        resolvingFactory = resolving
        super.init(serviceType: Service.self, key: key, life: life, owner: owner)
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
    /// permanent instance, created here if no other thread has created it yet.
    @inlinable
    func make(resolvingFrom origin: Box) -> Service {
        guard life == .transient else { return makePermanent(resolvingFrom: origin) }
        let made = call(origin)
        if hasHooks.load(ordering: .acquiring) { initialise(made, resolver: origin) }
        return made
    }

    /// Creates the permanent instance unless another thread already has, and returns it.
    @usableFromInline
    func makePermanent(resolvingFrom origin: Box) -> Service {
        let lock = creation.load() ?? creation.storeIfNil(_Lock())
        lock.withLock {
            if isReady { return }
            let resolver = owner ?? origin
            let made = call(resolver)
            initialise(made, resolver: resolver)
            instance = made
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

    override func _resolveAny(from resolver: Resolver) -> Any { resolver._resolve(registration: self) }

    @usableFromInline func service(_ resolver: Resolver) -> Any { _resolveAny(from: resolver) }

    @discardableResult
    @usableFromInline func onInitialised(_ closure: @escaping (_ resolver: Resolver, _ service: Any) -> Void)
        -> any ServiceStoring
    {
        let list = hooks.load() ?? hooks.storeIfNil(_Locked([]))
        list.withLock { $0.append(_Hook(run: closure)) }
        hasHooks.store(true, ordering: .releasing)
        return self
    }
}
