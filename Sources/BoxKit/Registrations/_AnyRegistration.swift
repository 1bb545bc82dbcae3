/// What every registration knows independently of its service type: identity, key, lifetime, hooks, and
/// whether a permanent instance is ready; and, for a class service (`_ObjectRegistration`), its factory, which
/// every other kind carries empty (32 bytes). The registry stores these (retained) as opaque pointers.
///
/// The fields a resolve reads come first: the two words it reads, the flags and (for a class service) the
/// factory span the 56 bytes after the object's header, and `serviceType`, which a first creation's recording
/// reads, the 8 after them, so that a resolve touches two of the registration's cache lines, or one when the
/// object starts 48 bytes into a line (the allocator aligns an object to 16 bytes, not to a line). The words
/// no resolve reads (hooks, dependencies, scope) follow. `RegistrationLayoutTests` checks these offsets.
@usableFromInline
class _AnyRegistration: @unchecked Sendable {
    /// The fields threads share that a resolve reads (see `Word`), read and written only through `words`:
    /// never as a property after `init`, since a formal access could copy it or claim it exclusively while
    /// other threads use the words. The first stored property of this root class, so that it starts where
    /// `_getUnsafePointerToStoredProperties` says the stored properties do (`init` asserts it).
    private final var _wordStorage: (UInt64, UInt64) = (0, 0)
    @usableFromInline let life: LifeType
    /// Whether the factory is `async` (an `_AsyncRegistration`): a synchronous resolve reports it instead of
    /// making the service. Next to `life`, in what would otherwise be padding.
    @usableFromInline let isAsync: Bool
    /// `life == .transient && !isAsync && isolation == nil && !mayThrow && !isForward`: a resolve runs the
    /// factory, with no instance to look for and nothing to check first. Also in what would otherwise be
    /// padding.
    @usableFromInline let isSyncTransient: Bool
    /// Whether a resolve that runs the factory may fail on its account: the factory may throw
    /// (`register { () throws -> ... }`), or the registration is `.weak` and its factory may make a value,
    /// which cannot be held weakly. Such a resolve takes the `.makeThrowing` path, so that `tryResolve` throws
    /// what a plain resolve would stop the program with. Also in what would otherwise be padding.
    @usableFromInline let mayThrow: Bool
    /// `key == nil` and no runtime arguments: a dependency on this registration is recorded as its service
    /// type alone (`_ResolutionThread.recordDependency`). Also in what would otherwise be padding.
    let hasPlainIdentity: Bool
    /// Whether this is an `_ObjectRegistration`, whose factory returns `AnyObject`: a resolve of a service
    /// type of one reference checks it to know which class to call (`_Lookup.instance`). Also in what would
    /// otherwise be padding, on the line a resolve reads.
    @usableFromInline let makesObjects: Bool
    /// Whether this is a `_ForwardRegistration`, which has no factory of its own: a resolve resolves its
    /// target (`_ResolutionThread.decide` answers `.forward`). Also in what would otherwise be padding.
    @usableFromInline let isForward: Bool
    /// An `_ObjectRegistration`'s factory, in whichever of its two shapes `register` received (exactly one is
    /// set; neither in any other registration). In this class, not that one, because a subclass's fields
    /// follow all of these: here a transient resolve finds it within the 56 bytes it reads first, ahead of the
    /// cold fields below.
    @usableFromInline let objectFactory: (() -> AnyObject)?
    @usableFromInline let objectResolvingFactory: ((Resolver) -> AnyObject)?
    /// The registered service type, as written at registration. Next, for a first creation's recording
    /// (`_ResolutionThread.recordDependency`).
    @usableFromInline let serviceType: Any.Type
    /// The fields threads share that no resolve reads (see `ColdWord`), as `_wordStorage` is, through
    /// `coldWords`, `coldWordsOffset` bytes into the stored properties (`init` asserts it).
    private final var _coldWordStorage: (UInt64, UInt64, UInt64) = (0, 0, 0)
    /// What only some registrations have (an actor, declared dependencies, a factory that may throw).
    let extras: _RegistrationExtras?
    /// The key as the user wrote it (normalisation happens only where keys are hashed).
    @usableFromInline let key: String?
    /// Orders this box's registrations; set under the registry's writer lock before the registration is
    /// published, then only read.
    var sequence: UInt64 = 0
    /// The `.permanent` instance (of a synchronous, async or runtime-argument registration), once made: written
    /// once, under `creation` (an async registration's, under its `bookkeeping` lock), before the flag that says
    /// it is ready is set, then only read. A `.weak` registration keeps its instance here instead, held weakly
    /// (`weakInstance`, `holdWeakly(_:)`): replaced by each creation, read and written only under `creation`
    /// (`bookkeeping`), and never read through the ready flag, which `.weak` never sets.
    @usableFromInline @exclusivity(unchecked) final var instance = _InstanceStorage()

    /// The `.weak` instance while someone else holds it (`instance`'s); read, and replaced with
    /// `holdWeakly(_:)`, only while holding `creation` (an async registration's `bookkeeping` lock).
    final var weakInstance: AnyObject? { instance.weakInstance }

    /// Holds `made` weakly as the `.weak` instance; only while holding `creation` (an async registration's
    /// `bookkeeping` lock).
    final func holdWeakly(_ made: AnyObject) {
        instance.holdWeakly(made)
    }

    /// `returnsServiceType`: whether the factory returns `serviceType` itself (a `_Registration`, an
    /// `_ArgumentRegistration`), so that, when that is not a class, it may make a value, which a `.weak`
    /// registration cannot hold (see `mayThrow`); not an `_ObjectRegistration`'s, which returns `AnyObject`
    /// for a class-bound service type.
    @usableFromInline
    init(
        serviceType: Any.Type, key: String?, life: LifeType, isAsync: Bool = false,
        extras: _RegistrationExtras? = nil, takesArguments: Bool = false, isForward: Bool = false,
        returnsServiceType: Bool = false, objectFactory: (() -> AnyObject)? = nil,
        objectResolvingFactory: ((Resolver) -> AnyObject)? = nil
    ) {
        self.serviceType = serviceType
        self.objectFactory = objectFactory
        self.objectResolvingFactory = objectResolvingFactory
        makesObjects = objectFactory != nil || objectResolvingFactory != nil
        self.key = key
        self.life = life
        self.isAsync = isAsync
        self.extras = extras
        mayThrow =
            (extras?.holdsThrowingFactory ?? false)
            || (life == .weak && returnsServiceType && !(serviceType is AnyObject.Type))
        self.isForward = isForward
        isSyncTransient = life == .transient && !isAsync && extras?.isolation == nil && !mayThrow && !isForward
        hasPlainIdentity = key == nil && !takesArguments
        _require(
            life != .perArguments || takesArguments,
            _Message.perArgumentsWithoutArguments(_describe(serviceType, key: key)))
        assert(
            withUnsafeMutablePointer(to: &_wordStorage) { UnsafeMutableRawPointer($0) } == words.base,
            "the atomic words are not the registration's first stored property")
        assert(
            withUnsafeMutablePointer(to: &_coldWordStorage) { UnsafeMutableRawPointer($0) } == coldWords.base,
            "the cold atomic words are not at coldWordsOffset")
    }

    /// The global actor the factory must run on (`register(isolatedTo:)`), or `nil` for any thread.
    final var isolation: _Isolation? { extras?.isolation }

    /// For an auto-registered initializer (`autoregister`), the types of its parameters, which its factory
    /// resolves (without keys) and nothing else: known without running it. Empty otherwise.
    final var declaredDependencies: [Any.Type] { extras?.declaredDependencies ?? [] }

    /// Hooks run after each creation, in order; made with the first hook.
    final var hooks: _LazyReference<_Locked<[_Hook]>> { _LazyReference(coldWords[ColdWord.hooks]) }
    /// Held by the thread creating the shared instance (`.permanent`, `.weak`), while it runs the factory.
    @usableFromInline final var creation: _CreationClaim { _CreationClaim(words[Word.flags].byte(Flag.creation)) }
    /// What the first creation (and `verify()`) saw this registration resolve.
    final var dependencies: _DependencyList { _DependencyList(head: coldWords[ColdWord.dependencies]) }
    /// Whether a verification found this registration's factory resolving a registration that must be made on
    /// a global actor (which verification threads are not on); see `Flag.resolvesIsolated`.
    final var resolvesIsolated: Bool {
        get { words[Word.flags].byte(Flag.resolvesIsolated).loadFlag(ordering: .relaxed) }
        set { words[Word.flags].byte(Flag.resolvesIsolated).storeFlag(newValue, ordering: .relaxed) }
    }

    /// The named scope ``Box/reset(scope:)`` resets this registration with, once `inScope` set it.
    final var scopeReference: _LazyReference<_ScopeMembership> { _LazyReference(coldWords[ColdWord.scope]) }

    /// The registration's atomic words that a resolve reads, inside the object: its first stored property,
    /// `_wordStorage`.
    ///
    /// - Complexity: O(1): an offset from the object's address, with no load.
    @inlinable
    final var words: _AtomicWords {
        @inline(__always) get { _AtomicWords(inObjectAt: _getUnsafePointerToStoredProperties(self)) }
    }

    /// Where `_coldWordStorage` starts in the stored properties: after the two words (16 bytes), the seven
    /// flags (padded to 8), the two factories (32) and `serviceType` (8).
    static let coldWordsOffset = 64

    /// The registration's atomic words that no resolve reads, inside the object: `_coldWordStorage`.
    final var coldWords: _AtomicWords {
        _AtomicWords(inObjectAt: _getUnsafePointerToStoredProperties(self) + Self.coldWordsOffset)
    }

    deinit {
        hooks.releaseObject()
        scopeReference.releaseObject()
        dependencies.releaseAll()
    }

    /// The indices of the registration's `words`.
    @usableFromInline
    enum Word {
        /// A ready permanent instance of a class type, unretained (`instance` keeps it alive): a resolve
        /// retains and returns it without another call. Set (releasing) after `instance`, by `createPermanent`
        /// alone: `nil` for every lifetime but `.permanent`.
        @inlinable static var readyObject: Int { 0 }
        /// The flags, a byte each (see `Flag`).
        @inlinable static var flags: Int { 1 }
    }

    /// The indices of the registration's `coldWords`.
    enum ColdWord {
        /// `hooks`' object.
        static let hooks = 0
        /// The head of `dependencies`.
        static let dependencies = 1
        /// `scope`'s object.
        static let scope = 2
    }

    /// The bytes of the `Word.flags` word.
    @usableFromInline
    enum Flag {
        /// Set (releasing) once a permanent instance is stored; readers check it (acquiring) before reading it.
        @inlinable static var ready: Int { 0 }
        /// Whether `hooks` has any, so that hook-less services skip even loading it.
        @inlinable static var hasHooks: Int { 1 }
        /// Set while a creation needs nothing but its factory called: its dependencies are recorded and no
        /// observer is told of its creations (`beginCreation()`). A resolve pays one load for both. Clear from
        /// registration until the first creation, and for a registration a creation observer watches, from when
        /// it starts watching (`_CreationObservers.install`) until its first creation once no observer is
        /// installed.
        @inlinable static var plainCreations: Int { 2 }
        /// Set once a verification found that this registration's factory resolves one whose factory must run
        /// on a global actor: later verifications leave it alone.
        static let resolvesIsolated = 3
        /// `creation`'s claim: held while a thread creates the shared instance.
        static let creation = 4
        /// Set when `instance` keeps the shared instance in a `Cell` rather than as itself: stored with the
        /// instance, before `ready` (an async registration's `created`) is set, and read after it.
        @inlinable static var instanceInCell: Int { 5 }
        /// What the registration is to a test box: a `_TestRole`, set before a test box copies it.
        static let testRole = 6
        /// Bit 0 (`recordedBit`) is set when the first creation starts: the resolutions nested in that one are
        /// recorded as this registration's dependencies, later ones are not. Bits 1 to 7 are the slots of the
        /// creation observers that watch the registration (`_CreationObserver.slot`). Each bit is set and
        /// cleared on its own (atomic or/and).
        static let creationMarks = 7
        /// The bit of `creationMarks` that says the dependencies are recorded.
        static let recordedBit: UInt8 = 1
    }

    /// What this registration is to a test box (see `_LiveServiceCheck.isLive`).
    final var testRole: _TestRole {
        get { _TestRole(rawValue: words[Word.flags].byte(Flag.testRole).load(ordering: .relaxed)) ?? .registered }
        set { words[Word.flags].byte(Flag.testRole).store(newValue.rawValue, ordering: .relaxed) }
    }

    /// The types of the runtime arguments the factory takes besides the resolver, in order; empty when it
    /// takes none. Read by messages and introspection, never by a resolve.
    var argumentTypes: [Any.Type] { [] }

    /// The registration as error messages and introspection show it: `Module.Car`,
    /// `Module.Car[key: "BMW"]` or `Module.Car[key: "BMW", arguments: (Swift.String)]` (a long key cut short).
    var displayName: String { _describe(serviceType, key: key, arguments: argumentTypes) }

    /// `displayName` with the key whole, however long: what identifies the registration in a dependency graph.
    var graphName: String { _describe(serviceType, key: key, arguments: argumentTypes, wholeKey: true) }

    /// Whether a permanent instance is ready to be read without locking.
    @inlinable
    final var isReady: Bool { words[Word.flags].byte(Flag.ready).loadFlag(ordering: .acquiring) }

    /// The ready permanent instance of a class type, unretained, or `nil`.
    @inlinable
    final var readyObject: UnsafeMutableRawPointer? { words[Word.readyObject].loadPointer(ordering: .acquiring) }

    /// Whether any `onInitialised` hook was added.
    @inlinable
    final var hasHooks: Bool { words[Word.flags].byte(Flag.hasHooks).loadFlag(ordering: .acquiring) }

    /// Whether a creation needs nothing but its factory called (`Flag.plainCreations`): its first creation has
    /// begun, and no creation observer has made it time creations since (`beginCreation()`).
    @inlinable
    final var hasPlainCreations: Bool { words[Word.flags].byte(Flag.plainCreations).loadFlag(ordering: .relaxed) }

    /// Whether the first creation has begun, which records the resolutions nested in it (`beginCreation()`).
    final var hasRecordedDependencies: Bool {
        words[Word.flags].byte(Flag.creationMarks).load(ordering: .relaxed) & Flag.recordedBit != 0
    }

    /// The slots of the creation observers that watch this registration (`_CreationObserver.slot`), as bits.
    final var observerSlots: UInt8 {
        words[Word.flags].byte(Flag.creationMarks).load(ordering: .relaxed) & ~Flag.recordedBit
    }

    /// Marks this registration as watched by the observer of slot `slot` (a bit), or no longer (`watched` false).
    final func mark(observerSlot slot: UInt8, watched: Bool) {
        if watched {
            words[Word.flags].byte(Flag.creationMarks).setBits(slot)
        } else {
            words[Word.flags].byte(Flag.creationMarks).clearBits(slot)
        }
    }

    /// Makes this registration's creations take the path that `beginCreation()` decides on, until one finds
    /// nothing to do there: for a creation observer that starts watching it.
    final func stopPlainCreations() {
        words[Word.flags].byte(Flag.plainCreations).storeFlag(false, ordering: .sequentiallyConsistent)
    }

    /// What a creation that is not plain (`hasPlainCreations` false) does besides calling the factory: record
    /// the resolutions nested in it as the registration's dependencies, if it is the first creation (which
    /// marks it taken), and be timed for the creation observers that watch the registration, if any
    /// (`beginsTimed`). Makes later creations plain when neither holds.
    @inline(__always)
    final func beginCreation() -> (records: Bool, timed: Bool) {
        let marks = words[Word.flags].byte(Flag.creationMarks)
        let seen = marks.load(ordering: .relaxed)
        let records = seen & Flag.recordedBit == 0 && marks.setBits(Flag.recordedBit) & Flag.recordedBit == 0
        return (records, beginsTimed(seen))
    }

    /// `beginCreation()`'s second half: whether the creation is timed, which it is while an observer watches the
    /// registration (its slot bit is among the creation marks `seen`), and, while an observer without a slot is
    /// installed, for any registration (those find their observers when the creation ends,
    /// `_CreationObservers.collect`); a forward, which makes nothing, never is. Otherwise later creations are
    /// made plain.
    ///
    /// The flag is set before the marks are read again, and `_CreationObservers.install` clears it after it sets
    /// a registration's mark (all sequentially consistent): a creation racing with an observer's start either
    /// sees the mark or leaves the flag clear for the next creation.
    @inline(__always)
    private final func beginsTimed(_ seen: UInt8) -> Bool {
        let plain = words[Word.flags].byte(Flag.plainCreations)
        if isForward {
            plain.storeFlag(true, ordering: .relaxed)
            return false
        }
        if seen & ~Flag.recordedBit != 0 || _ResolutionThread.hasSlotlessCreationObservers { return true }
        plain.storeFlag(true, ordering: .sequentiallyConsistent)
        let again = words[Word.flags].byte(Flag.creationMarks).load(ordering: .sequentiallyConsistent)
        guard again & ~Flag.recordedBit != 0 || _ResolutionThread.hasSlotlessCreationObservers else { return false }
        stopPlainCreations()
        return true
    }

    /// The recorded dependencies, in the order first seen, each once.
    final var recordedDependencies: [_Dependency] { dependencies.dependencies }

    /// The identity the registry files this registration under (with its key): its service type's, or, for
    /// a registration with runtime arguments, that of its signature.
    var registryTypeID: ObjectIdentifier { ObjectIdentifier(serviceType) }

    /// A registration of the same service, key, lifetime, factory and hooks, that has made nothing yet: what
    /// `Box(copying:)` registers, and a reset puts in place. With `check`, the copy's factory calls
    /// `check.enter()` before it runs (a test box's copy of a live registration). Each registration kind makes
    /// its own.
    func unmade(checking check: _LiveServiceCheck? = nil) -> _AnyRegistration {
        preconditionFailure("every registration kind overrides unmade(checking:)")
    }

    /// Whether this registration keeps a shared instance now, which a reset (putting `unmade()` in its
    /// place) drops: a ready `.permanent` instance, or a `.weak` one that someone still holds. One whose
    /// creation is under way on another thread keeps none yet. The kinds that keep their instances elsewhere
    /// (async, `.perArguments`) override it.
    var keepsInstance: Bool {
        switch life {
        case .permanent: isReady
        case .weak: creation.ifFree { weakInstance != nil } ?? false
        case .transient, .graph, .perArguments: false
        }
    }

    /// Called when the table that held this registration releases it, once no reader can find it there: drops
    /// what only an entry in that table needed: the creation observers' hold on it (`_CreationObservers.forget`)
    /// and, for a forward, its published target (`_AnyForwardRegistration`).
    func leftTable() {
        _CreationObservers.forget(self)
    }

    /// Gives `copy` this registration's hooks, in order, its scope and its role for test boxes; `check`: what
    /// `unmade(checking:)` wrapped the copy's factory with.
    final func copySettings(to copy: _AnyRegistration, checkedBy check: _LiveServiceCheck? = nil) -> _AnyRegistration {
        for hook in hooks.load()?.withLock({ $0 }) ?? [] { copy.addHook(hook.run) }
        if let scope { copy.join(scope) }
        copy.testRole = check.map { _TestRole.checked(under: $0.issues.liveServices) } ?? testRole
        return copy
    }

    /// The named scope this registration's shared instance belongs to, if any.
    final var scope: Box.Scope? { scopeReference.load()?.scope }

    /// Puts this registration in `scope`, once: stops the program if it is already in another, or if its
    /// lifetime shares no instance for a scope to reset.
    final func join(_ scope: Box.Scope) {
        guard life.sharesInstances else {
            _misuse(_Message.sharesNoInstance(displayName, life: life, scope: scope.name))
        }
        let member = scopeReference.load(orMake: { _ScopeMembership(scope) })
        _require(
            member.scope == scope,
            _Message.alreadyInScope(displayName, scope: member.scope.name))
    }

    /// Resolves this registration from `box`, the box that holds it, for ``Box/verify()``; `nil` for
    /// registrations that cannot be resolved on their own.
    func verificationResolve(from box: Box) -> Any? { nil }

    /// Runs the `onInitialised` hooks on `instance`.
    final func runHooks(_ instance: Any, resolver: Resolver) {
        guard hasHooks, let list = hooks.load() else { return }
        let current = list.withLock { $0 }
        for hook in current { hook.run(resolver, instance) }
    }

    /// Runs the hooks, exposing `made` to resolves of this registration on this thread while they run.
    @usableFromInline
    final func initialise<Service>(_ made: Service, resolver: Resolver) {
        guard hasHooks else { return }
        withUnsafePointer(to: made) { pointer in
            _ResolutionThread.setPending(UnsafeRawPointer(pointer))
            runHooks(made, resolver: resolver)
            _ResolutionThread.setPending(nil)
        }
    }

    /// Adds an `onInitialised` hook, after those already added.
    final func addHook(_ closure: @escaping (_ resolver: Resolver, _ service: Any) -> Void) {
        let list = hooks.load(orMake: { _Locked([]) })
        list.withLock { $0.append(_Hook(run: closure)) }
        words[Word.flags].byte(Flag.hasHooks).storeFlag(true, ordering: .releasing)
    }
}

/// The one `onInitialised` of the four registration classes (plain, for classes, with runtime arguments,
/// async): each
/// conforms to ``ServiceStoring`` and keeps its hooks in `_AnyRegistration`.
extension ServiceStoring where Self: _AnyRegistration {
    @usableFromInline func onInitialised(_ closure: @escaping (_ resolver: Resolver, _ service: Any) -> Void) {
        addHook(closure)
    }
}

/// An `onInitialised` hook. `@unchecked Sendable` for the same reason factories need not be `Sendable`:
/// hooks run on whichever thread creates the service, as documented on ``Box``.
struct _Hook: @unchecked Sendable {
    let run: (Resolver, Any) -> Void
}
