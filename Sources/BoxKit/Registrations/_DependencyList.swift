/// What a registration's creation resolved, in the order recorded: a lock-free stack of batches, each the
/// dependencies of one creation (usually the first, and only one), read only when
/// ``Box/dependencyGraph()`` asks.
///
/// A view of one of the registration's atomic words, which holds the head: nothing is kept until a creation
/// that resolved something ends. The resolving thread gathers a creation's dependencies in its own buffer
/// (see `_ResolutionThread.recordDependency`) and hands them over here as one batch, carved from that
/// thread's slab rather than allocated (`_ResolutionThread.reserveBatch`). The registration calls
/// `releaseAll()` in its `deinit`.
///
/// A batch's words are the batch handed over before it (`0` for none), its count, then one entry per
/// dependency. An entry is a service type (its metadata pointer, tagged `plainTag`) for a dependency without
/// a key or runtime arguments, which is almost every one and costs no reference count; any other is a
/// retained `Cell` holding the whole `_Dependency`.
struct _DependencyList: @unchecked Sendable {
    /// A dependency with a key, runtime arguments, or nothing registered for it, as an entry holds it.
    final class Cell {
        let dependency: _Dependency
        init(_ dependency: _Dependency) { self.dependency = dependency }
    }

    /// The low bits of an entry for a service type alone (metadata pointers are word-aligned; a `Cell`
    /// object's low bits are clear).
    static let plainTag = _ResolutionThread.plainEdgeTag

    /// The word offsets within a batch.
    private typealias Field = _ResolutionThread.BatchWord

    /// The last batch handed over, or 0.
    private let head: _AtomicWord

    /// Where the head word is: batches are published there in C (`_ResolutionThread.publishBatch`, and
    /// `cbox_edges_hand_over_plain`).
    var headAddress: UnsafeMutablePointer<UInt64> { head.address }

    /// A list whose head is `word`, which must start at 0, be used for nothing else, and outlive the list.
    init(head word: _AtomicWord) {
        head = word
    }

    /// The entry for a dependency on `type` without a key or runtime arguments.
    static func plainEntry(_ type: Any.Type) -> UInt64 {
        UInt64(UInt(bitPattern: unsafeBitCast(type, to: UnsafeRawPointer.self))) | plainTag
    }

    /// The entry for any dependency, retained: the batch it is recorded in releases it.
    static func cellEntry(_ dependency: _Dependency) -> UInt64 {
        UInt64(UInt(bitPattern: Unmanaged.passRetained(Cell(dependency)).toOpaque()))
    }

    /// The dependency an entry stands for.
    static func dependency(of entry: UInt64) -> _Dependency {
        if entry & plainTag != 0 {
            return _Dependency(plain: unsafeBitCast(UInt(entry & ~plainTag), to: Any.Type.self))
        }
        return cell(entry)._withUnsafeGuaranteedRef { $0.dependency }
    }

    private static func cell(_ entry: UInt64) -> Unmanaged<Cell> {
        Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: UInt(entry)).unsafelyUnwrapped)
    }

    /// The batches, newest first, as their words and themselves.
    private func forEachBatch(_ body: (UnsafeMutablePointer<UInt64>, UnsafeMutableRawPointer) -> Void) {
        var next = head.load(ordering: .acquiring)
        while let batch = UnsafeMutableRawPointer(bitPattern: UInt(next)) {
            let words = _ResolutionThread.words(ofBatch: batch)
            next = words[Field.next]
            body(words, batch)
        }
    }

    /// The entries of `batch`.
    private static func entries(of batch: UnsafeMutablePointer<UInt64>) -> UnsafeBufferPointer<UInt64> {
        UnsafeBufferPointer(start: batch + Field.entries, count: Int(batch[Field.count]))
    }

    /// Releases every batch; the owner's `deinit` calls it, once.
    func releaseAll() {
        forEachBatch { words, batch in
            for entry in Self.entries(of: words) where entry & Self.plainTag == 0 { Self.cell(entry).release() }
            _ResolutionThread.releaseBatch(batch)
        }
    }

    /// Hands over `count` entries, made by `entry` in order, as one batch; the list takes over the `Cell`
    /// references among them.
    ///
    /// - Complexity: O(*n*): words reserved in the calling thread's slab, and one compare-exchange (retried
    ///   only when another thread hands over a batch at the same moment).
    func record(count: Int, _ entry: (Int) -> UInt64) {
        publish(reserving: count) { entries in
            for index in 0..<count { entries[index] = entry(index) }
            return count
        }
    }

    /// Moves the first of each distinct value among `values[0..<count]` to the front, in order, and returns
    /// how many there are; `onRepeat` receives every later repeat.
    ///
    /// - Complexity: O(*n*²) comparisons for up to `_ResolutionThread.comparedEdgesMax` values (one creation's
    ///   dependencies, usually a few), O(*n*) with hashing beyond.
    static func keepFirstOfEach<Value: Hashable>(
        _ values: UnsafeMutablePointer<Value>, count: Int, onRepeat: (Value) -> Void = { _ in }
    ) -> Int {
        var distinct = 0
        var seen: Set<Value> = []
        for index in 0..<count {
            let value = values[index]
            let isNew =
                count > _ResolutionThread.comparedEdgesMax
                ? seen.insert(value).inserted : !(0..<distinct).contains { values[$0] == value }
            guard isNew else {
                onRepeat(value)
                continue
            }
            values[distinct] = value
            distinct += 1
        }
        return distinct
    }

    /// Reserves a batch with room for `capacity` entries, lets `fill` write them and say how many it wrote,
    /// and publishes the batch as the new head (none when `capacity` is 0).
    private func publish(reserving capacity: Int, _ fill: (UnsafeMutablePointer<UInt64>) -> Int) {
        guard capacity > 0 else { return }
        let batch = _ResolutionThread.reserveBatch(words: Field.entries + capacity)
        let words = _ResolutionThread.words(ofBatch: batch)
        words[Field.count] = UInt64(fill(words + Field.entries))
        _ResolutionThread.publishBatch(batch, at: headAddress)
    }

    /// How many batches are recorded: one per creation that resolved something, one per dependency missed
    /// outside a first creation (each once).
    var batchCount: Int {
        var count = 0
        forEachBatch { _, _ in count += 1 }
        return count
    }

    /// How many entries the batches hold in all, repeats across batches included.
    var entryCount: Int {
        var count = 0
        forEachBatch { words, _ in count += Int(words[Field.count]) }
        return count
    }

    /// Whether `dependency` is recorded.
    ///
    /// - Complexity: O(*n*) in the number recorded.
    func contains(_ dependency: _Dependency) -> Bool {
        var found = false
        forEachBatch { words, _ in
            if !found { found = Self.entries(of: words).contains { Self.dependency(of: $0) == dependency } }
        }
        return found
    }

    /// Calls `body` with each recorded dependency whose service type `isWanted` accepts, repeats included,
    /// newest batch first: for a question about a few types asked of many registrations, which copies out no
    /// dependency on any other type.
    ///
    /// - Complexity: O(*n*) calls of `isWanted` in the number recorded.
    func forEach(whereType isWanted: (ObjectIdentifier) -> Bool, _ body: (_Dependency) -> Void) {
        forEachBatch { words, _ in
            for entry in Self.entries(of: words) {
                if entry & Self.plainTag != 0 {
                    let type = unsafeBitCast(UInt(entry & ~Self.plainTag), to: Any.Type.self)
                    if isWanted(ObjectIdentifier(type)) { body(_Dependency(plain: type)) }
                } else {
                    let wanted = Self.cell(entry)._withUnsafeGuaranteedRef { cell in
                        isWanted(ObjectIdentifier(cell.dependency.serviceType)) ? cell.dependency : nil
                    }
                    if let wanted { body(wanted) }
                }
            }
        }
    }

    /// The recorded dependencies in the order first recorded, each once: a creation records each once,
    /// and repeats across creations (racing first creations, misses) are dropped here.
    ///
    /// - Complexity: O(*n*) in the number recorded, with hashing.
    var dependencies: [_Dependency] {
        var batches: [UnsafeMutablePointer<UInt64>] = []
        forEachBatch { words, _ in batches.append(words) }
        var seen: Set<_Dependency> = []
        var ordered: [_Dependency] = []
        for batch in batches.reversed() {
            for entry in Self.entries(of: batch) {
                let dependency = Self.dependency(of: entry)
                if seen.insert(dependency).inserted { ordered.append(dependency) }
            }
        }
        return ordered
    }
}
