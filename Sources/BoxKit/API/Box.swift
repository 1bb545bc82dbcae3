/// A dependency-injection container: register factories for services, resolve instances anywhere.
///
/// Registrations are identified by the service type's identity and an optional key. The registry is a C
/// open-addressing hash table hashed with XXH3; resolving never takes a lock, so hot loops on many threads
/// scale with cores.
///
/// ```swift
/// let box = Box()
/// box.register { Car() }                                  // transient: a new Car on every resolve
/// box.register(key: "BMW") { Car(make: "BMW") }           // keyed
/// box.register(life: .permanent) { Engine() }             // one shared Engine
/// box.register { r in Garage(car: r.resolve()) }          // a factory that resolves its dependencies
///
/// let car = box.resolve() as Car
/// let bmw: Car = box.resolve(key: "BMW")
/// ```
///
/// `Box` is `Sendable` and safe to use from any number of threads at once. Factories run on whichever
/// thread resolves, so a factory and the services it shares must themselves be safe to use from there.
public final class Box: BoxApi, Sendable {
    /// Where a box keeps its registrations. Not part of BoxKit's API: the Dictionary baseline exists for the
    /// benchmarks and the tests that compare against it, which import BoxKit with `@_spi(Baseline)`.
    @_spi(Baseline)
    public enum Backend: Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// BoxKit's C hash table: lock-free reads, XXH3 keys. The default.
        case hashTable
        /// A Swift `Dictionary` behind a lock: the baseline that benchmarks and tests compare against.
        case dictionary

        /// `hashTable` or `dictionary`.
        public var description: String {
            switch self {
            case .hashTable: "hashTable"
            case .dictionary: "dictionary"
            }
        }
    }

    /// The words this box reads and writes atomically: the first stored property of this root class, so that
    /// it starts where `_getUnsafePointerToStoredProperties` says the stored properties do (`init` asserts
    /// it). Word 0 holds the children map once the box has had a child (`_children`); word 1 the C table
    /// (`_table` and `_tableWord`, in `Box+Lookup.swift`). Read and written only through those, atomically,
    /// never as a property after `init`.
    /// `nonisolated(unsafe)`: only they touch it, atomically.
    nonisolated(unsafe) private var _words: (children: UInt64, table: UInt64) = (0, 0)

    /// This box's registry and its ancestors' (see `_Registry`): what a resolve from this box searches, kept
    /// alive by this box whether or not the app keeps its ancestors.
    let _registry: _Registry
    /// The number no other box of this process has had: what an error of a resolve that started here keeps
    /// to find this box when it is read (see `_LiveBoxes`).
    let _serial: UInt64
    /// For a test box (``init(testing:liveServices:reportingIssues:)``) and its child boxes, where the problems
    /// a test should fail on go, and its rule for live registrations; `nil` for any other box.
    let _testIssues: _TestIssues?

    /// The child boxes by key (``newChildBox(forKey:)``), made with the first child: a box that never has one
    /// allocates nothing for them, and a process whose boxes have none never makes `[String: Box]`'s metadata
    /// (which makes the Swift runtime search every loaded image for `String`'s `Hashable` conformance).
    var _children: _LazyReference<_Locked<[String: Box]>> {
        _LazyReference(_AtomicWords(inObjectAt: _getUnsafePointerToStoredProperties(self))[0])
    }

    /// Where this box keeps its registrations: what BoxKit's code reads to tell the backends apart, a plain
    /// field where `_table` is an atomic load, which a comparison cannot fold in.
    @_spi(Baseline)
    public let backend: Backend

    /// Makes every resolve fence itself after entering its read section, as on Apple platforms, where no
    /// `membarrier` orders readers for the writer (`true`); or only where this platform needs it (`false`,
    /// the default). Not part of BoxKit's API: the benchmark report measures Apple's read protocol on Linux
    /// with it. Turning fences on is safe at any moment; turning them off only returns to what is needed.
    @_spi(Baseline)
    public static func _fenceReaders(_ on: Bool) {
        _HashTableStorage.fenceReaders(on)
    }

    /// Creates an empty box backed by BoxKit's hash table.
    public convenience init() {
        self.init(backend: .hashTable, parent: nil)
    }

    /// Creates an empty box with the given registry backend.
    ///
    /// - Parameter backend: `.hashTable` (the default) or `.dictionary`, the pure-Swift baseline.
    @_spi(Baseline)
    public convenience init(backend: Backend) {
        self.init(backend: backend, parent: nil)
    }

    /// `serial` is the box's `_serial`: a new one, unless the caller took one first (a test box, whose
    /// `testIssues` name it).
    init(backend: Backend, parent: Box?, serial: UInt64 = _LiveBoxes.newSerial(), testIssues: _TestIssues? = nil) {
        _serial = serial
        self.backend = backend
        _testIssues = testIssues ?? parent?._testIssues
        let table = backend == .hashTable ? _HashTableStorage() : nil
        _words.table = UInt64(UInt(bitPattern: table.map { UnsafeRawPointer($0.handle) }))
        _registry = _Registry(
            table: table, dictionary: backend == .dictionary ? _DictionaryStorage() : nil, parent: parent?._registry)
        _registry.box = self
        assert(
            withUnsafeMutablePointer(to: &_words) { UnsafeMutableRawPointer($0) }
                == _getUnsafePointerToStoredProperties(self),
            "the atomic words are not the box's first stored property")
        _LiveBoxes.enter(self)
    }

    /// Releases the child boxes one after another rather than each from its parent's `deinit`, so that
    /// releasing a deep chain of child boxes cannot overflow the stack: a child that nothing else holds
    /// hands its own children to this loop before it goes.
    deinit {
        _LiveBoxes.leave(_serial)
        var pending = _takeChildren()
        while var child = pending.popLast() {
            if isKnownUniquelyReferenced(&child) {
                pending += child._takeChildren()
            }
        }
        _children.releaseObject()
    }

    var _storage: any _ServiceStorage { _registry.storage }

    /// The number of registrations in this box, not counting child boxes.
    ///
    /// - Complexity: O(1).
    public var registeredServiceCount: Int { _storage.count }

    /// The number of registrations in this box and all of its descendants.
    ///
    /// - Complexity: O(number of descendant boxes).
    public var childServiceCount: Int {
        var count = 0
        _forEachInTree { count += $0.registeredServiceCount }
        return count
    }

    /// Removes this box's registrations, releasing their factories and permanent instances once no resolve
    /// in flight uses them. Child boxes keep theirs.
    public func clear() {
        _storage.removeAll()
    }

    /// Removes the registrations of this box and of every descendant.
    public func clearAll() {
        _forEachInTree { $0.clear() }
    }
}
