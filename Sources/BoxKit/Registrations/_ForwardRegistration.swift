/// A registration that ``Box/forward(_:to:key:)`` makes: it has no factory and keeps no instance, but resolves
/// another registration under the same key, its target, from the box the resolve started from, and hands the
/// target's instance over as its own service type. The target's lifetime decides what is shared.
///
/// A class instance is handed over by a template: the bytes of a forwarded value that a dynamic cast made of
/// an instance of the same class, whose first word is that instance's reference. A cast of a class instance
/// to a class, or to an existential (protocols, `AnyObject`, `Any`), stores the reference first and, after
/// it, only what depends on the instance's class (witness tables, the class's metadata, unused words), so
/// writing another instance of that class over the first word makes what the cast would make, without asking
/// the runtime whether the class conforms. The only other results of a cast from a class instance are
/// bridged values, which either do not store the reference first or are not a class when they are one word:
/// those are cast every time. The template is taken once, from the first cast of this shape
/// (`_ForwardRegistration.keepTemplate`), from the process's templates (`_ForwardTemplates`), which outlive
/// every forward: a lookup may write by a template after the forward is gone.
///
/// Once the target is a ready class instance in the box that holds this forward, and the template fits it, the
/// instance is published in this forward's own table entry (`_HashTableStorage.publish(forwarded:of:)`), as a
/// permanent publishes its own: a resolve through the forward then reads it as it reads a permanent's, and
/// writes the forwarded value by the template. This forward keeps that instance alive (`publishedTarget`) until
/// the table releases it; the table replaces it with a fresh copy (`unmade()`) in the write that changes the
/// target.
///
/// This class is what the read side needs without knowing the forwarded type: the target's identity and the
/// template (`Box._readyForward`, `_Lookup._forwarded`); `_ForwardRegistration<Forwarded>` resolves the
/// target and casts.
@usableFromInline
class _AnyForwardRegistration: _AnyRegistration, @unchecked Sendable {
    /// The target's service type, registered under this registration's `key`.
    @usableFromInline let targetType: Any.Type
    /// Whether the target's service type is one class reference (`_isObjectReference`), so that its
    /// registrations' instances are resolved as `AnyObject` where no typed code is needed
    /// (`Box._beginObject`).
    @usableFromInline let targetIsObject: Bool
    /// Whether the target's service type is not the size of one reference (`Box._begin(_:key:wide:)`).
    @usableFromInline let targetIsWide: Bool
    /// Word 0: the template, once made: the identity of the class it was made from, then the words of a
    /// forwarded value. Written once (releasing), then only read (acquiring). Word 1, its first byte: whether a
    /// resolve has claimed publishing the target (`claimPublication()`).
    @usableFromInline let forwardWords = _AtomicWords(count: 2)
    /// The target's instance, published in this forward's table entry while this forward is the entry, which
    /// the entry may hand out until the table releases this forward: set once, under the writer lock of the
    /// table that holds this forward (`_HashTableStorage.publish(forwarded:of:)`), read there, and cleared by
    /// the table's release (`leftTable()`), when no publication can reach this forward any more.
    private(set) var publishedTarget: AnyObject?

    /// `forwarded` is this registration's service type; its lifetime is `.transient`, which it never runs as
    /// such (`isForward`).
    init(forwarded: Any.Type, target: Any.Type, targetIsObject: Bool, targetIsWide: Bool, key: String?) {
        targetType = target
        self.targetIsObject = targetIsObject
        self.targetIsWide = targetIsWide
        super.init(serviceType: forwarded, key: key, life: .transient, isForward: true)
    }

    /// The identity the target is looked up under, with `key`.
    @inlinable
    final var targetTypeID: ObjectIdentifier { ObjectIdentifier(targetType) }

    /// The template, once made.
    @inlinable
    final var template: UnsafeMutableRawPointer? {
        @inline(__always) get { forwardWords[0].loadPointer(ordering: .acquiring) }
    }

    /// Claims, once for this registration, the publication of its target; returns whether this call did.
    final func claimPublication() -> Bool {
        forwardWords[1].byte(0).claim()
    }

    /// Keeps `target`, the target's instance, as the one published in this forward's entry, unless one is
    /// kept already; returns whether `target` is the one kept. Under the writer lock of the table that holds
    /// this forward.
    final func keepPublished(_ target: AnyObject) -> Bool {
        if publishedTarget == nil { publishedTarget = target }
        return publishedTarget === target
    }

    /// Lets the published target go: its entry is gone, and so is every reader that could read the target
    /// there. A forward someone still holds (a provider's pin) no longer keeps the target alive. Only the
    /// table's release calls it, after which no publication can reach this forward (`publish(forwarded:of:)`
    /// finds it is no longer the entry).
    override final func leftTable() {
        publishedTarget = nil
        super.leftTable()
    }

    /// Whether `template`, the template, was made from an instance of the class of `object` (a class
    /// instance, alive).
    ///
    /// - Complexity: O(1): the template's first word and the class of `object`, compared.
    @inlinable @inline(__always)
    final func template(_ template: UnsafeMutableRawPointer, fits object: UnsafeMutableRawPointer) -> Bool {
        let type = Unmanaged<AnyObject>.fromOpaque(object)._withUnsafeGuaranteedRef {
            ObjectIdentifier(Swift.type(of: $0))
        }
        return template.load(as: ObjectIdentifier.self) == type
    }

    /// Writes `object`, a class instance, as a forwarded value of `size` bytes into `destination`
    /// (uninitialised room for one), by `template`, which `template(_:fits:)` says fits it. The value holds
    /// `object` without retaining it: the caller gives it a reference.
    ///
    /// - Complexity: O(*n*) in the words of a forwarded value, which specialised code unrolls.
    @inlinable @inline(__always)
    static func write(
        _ object: UnsafeMutableRawPointer, by template: UnsafeMutableRawPointer,
        into destination: UnsafeMutableRawPointer, size: Int
    ) {
        let word = MemoryLayout<UInt>.size
        destination.storeBytes(of: object, as: UnsafeMutableRawPointer.self)
        for offset in stride(from: word, to: size, by: word) {
            let bits = template.load(fromByteOffset: word + offset, as: UInt.self)
            destination.storeBytes(of: bits, toByteOffset: offset, as: UInt.self)
        }
    }
}

/// An `_AnyForwardRegistration` of the forwarded type `Forwarded`: it resolves the target and casts it.
@usableFromInline
final class _ForwardRegistration<Forwarded>: _AnyForwardRegistration, @unchecked Sendable {
    /// Finishes a lookup of the target begun from the box given (`resolveTarget(from:)`), through the one
    /// funnel, as a resolve of the target's service type would (made where ``Box/forward(_:to:key:)`` is
    /// called, which knows that type), and casts it (`cast(_:)` of the registration given, this one); throws
    /// what that resolve throws, or ``BoxError/Reason-swift.enum/typeMismatch``.
    @usableFromInline let finishTarget:
        (Unmanaged<_ForwardRegistration<Forwarded>>, Box, _Lookup) throws(BoxError)
            -> Forwarded

    @usableFromInline
    init(
        target: Any.Type, targetIsObject: Bool, targetIsWide: Bool, key: String?,
        finishTarget:
            @escaping (Unmanaged<_ForwardRegistration<Forwarded>>, Box, _Lookup) throws(BoxError)
            -> Forwarded
    ) {
        self.finishTarget = finishTarget
        super.init(
            forwarded: Forwarded.self, target: target, targetIsObject: targetIsObject, targetIsWide: targetIsWide,
            key: key)
    }

    /// The registration at `raw`, which a lookup holds; the caller keeps it alive.
    @inlinable
    static func at(_ raw: UnsafeMutableRawPointer) -> Unmanaged<_ForwardRegistration<Forwarded>> {
        Unmanaged<_ForwardRegistration<Forwarded>>.fromOpaque(raw)
    }

    /// `target`, the target's instance, as a `Forwarded`: a class instance by `cast(retained:)`, any other
    /// value by a dynamic cast. `nil` when it is not a `Forwarded`.
    @inlinable
    final func cast<Target>(_ target: Target) -> Forwarded? {
        guard _isObjectReference(Target.self) else { return target as? Forwarded }
        return cast(retained: Unmanaged.passRetained(unsafeBitCast(target, to: AnyObject.self)).toOpaque())
    }

    /// The class instance `object`, whose reference the caller gives up, as a `Forwarded`, which takes it:
    /// by the template when it was made from an instance of the class of `object`; otherwise by a dynamic
    /// cast, from whose result the template is made if there is none yet. `nil` (with the reference released)
    /// when it is not a `Forwarded`.
    ///
    /// - Complexity: O(1): with the template, the class of `object`, one comparison and a copy of the
    ///   template's words; otherwise a dynamic cast.
    @inlinable
    final func cast(retained object: UnsafeMutableRawPointer) -> Forwarded? {
        guard let template, self.template(template, fits: object) else {
            let instance = Unmanaged<AnyObject>.fromOpaque(object).takeRetainedValue()
            guard let cast = instance as? Forwarded else { return nil }
            keepTemplate(of: cast, from: instance)
            return cast
        }
        return withUnsafeTemporaryAllocation(of: Forwarded.self, capacity: 1) { buffer in
            let made = buffer.baseAddress.unsafelyUnwrapped
            Self.write(object, by: template, into: UnsafeMutableRawPointer(made), size: MemoryLayout<Forwarded>.size)
            return made.move()
        }
    }

    /// Takes the template for the class of `object` from `cast`, what a dynamic cast made of the class
    /// instance `object`, if this forward has none yet and `cast` has the shape a template needs: the
    /// reference to `object` first, and more than one word or a class.
    @usableFromInline
    final func keepTemplate(of cast: Forwarded, from object: AnyObject) {
        let size = MemoryLayout<Forwarded>.size
        let word = MemoryLayout<UInt>.size
        let shaped =
            size == word ? Forwarded.self is AnyObject.Type || Forwarded.self == AnyObject.self : size > word
        guard shaped, size % word == 0, template == nil else { return }
        let first = withUnsafeBytes(of: cast) { $0.load(as: UInt.self) }
        guard first == UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque()) else { return }
        let template = _ForwardTemplates.template(
            for: ObjectIdentifier(type(of: object)), forwarded: Forwarded.self, size: size
        ) { bytes in
            withUnsafeBytes(of: cast) { bytes.copyMemory(from: $0.baseAddress.unsafelyUnwrapped, byteCount: size) }
        }
        _ = forwardWords[0].compareExchangePointer(expected: nil, desired: template, ordering: .acquiringAndReleasing)
    }

    /// Resolves the target from `box`, as a resolve of it there would, and returns it as a `Forwarded`; throws
    /// what that resolve throws, or ``BoxError/Reason-swift.enum/typeMismatch`` when the target's instance is
    /// not a `Forwarded`. A class target is resolved without typed code where it can be (`Box._beginObject`)
    /// and cast by `cast(retained:)`; any other is finished by `finishTarget`. The caller has entered this
    /// forward (`_ResolutionThread.enterForward`).
    @inlinable @inline(__always)
    final func resolveTarget(from box: Box) throws(BoxError) -> Forwarded {
        guard targetIsObject else {
            let lookup = box._begin(targetTypeID, key: key, wide: targetIsWide)
            return try finishTarget(Unmanaged.passUnretained(self), box, lookup)
        }
        let lookup = box._beginObject(targetType, key: key)
        guard lookup.state == .object else { return try finishTarget(Unmanaged.passUnretained(self), box, lookup) }
        guard let cast = cast(retained: lookup.object) else {
            throw box._typeMismatchError(targetType, isNot: Forwarded.self, key: key)
        }
        return cast
    }

    /// A forward makes nothing itself: a test box checks its target, never the forward (`check` is `nil`).
    override func unmade(checking check: _LiveServiceCheck? = nil) -> _AnyRegistration {
        copySettings(
            to: _ForwardRegistration(
                target: targetType, targetIsObject: targetIsObject, targetIsWide: targetIsWide, key: key,
                finishTarget: finishTarget))
    }

    /// Resolves the target through it; what that throws is reported as the verification's problem.
    override func verificationResolve(from box: Box) -> Any? {
        do {
            return try box._resolveHeldForward(self)
        } catch {
            _ResolutionThread.sandbox?._withUnsafeGuaranteedRef { $0.report(error) }
            return nil
        }
    }
}
