/// What a registration's creation resolved, in the order observed: a lock-free stack of batches, each the
/// dependencies of one creation (usually the first, and only one), read only when
/// ``Box/dependencyGraph()`` asks.
///
/// A view of one of the registration's atomic words, which holds the head: nothing allocated until a creation
/// that resolved something ends. The resolving thread gathers a
/// creation's dependencies in its own buffer (see `_ResolutionThread.recordDependency`) and hands them over
/// here as one batch, one allocation. The registration calls `releaseAll()` in its `deinit`.
struct _DependencyList: @unchecked Sendable {
    /// A batch's count and the batch handed over before it. The list holds one reference to every batch
    /// (`next` is not a reference of its own) and releases them one after another, so that releasing a long
    /// list never recurses.
    struct Header {
        var count: Int
        let next: UnsafeMutableRawPointer?
    }

    /// The dependencies of one creation, stored after the header.
    final class Batch: ManagedBuffer<Header, _Dependency> {
        deinit {
            _ = withUnsafeMutablePointers { header, elements in elements.deinitialize(count: header.pointee.count) }
        }
    }

    /// The last batch handed over (retained), or `nil`.
    private let head: _AtomicWord

    /// A list whose head is `word`, which must start at 0, be used for nothing else, and outlive the list.
    init(head word: _AtomicWord) {
        head = word
    }

    private func loadHead() -> UnsafeMutableRawPointer? { head.loadPointer(ordering: .acquiring) }

    /// Releases every batch; the owner's `deinit` calls it, once.
    func releaseAll() {
        var next = loadHead()
        while let pointer = next {
            let batch = Unmanaged<Batch>.fromOpaque(pointer)
            next = batch._withUnsafeGuaranteedRef { $0.header.next }
            batch.release()
        }
    }

    /// Hands over `count` dependencies, made by `dependency(at:)` in order, as one batch.
    ///
    /// - Complexity: O(*n*): one allocation and one compare-exchange (retried only when another thread
    ///   hands over a batch at the same moment).
    func record(count: Int, _ dependency: (Int) -> _Dependency) {
        guard count > 0 else { return }
        let made = Batch.create(minimumCapacity: count) { _ in Header(count: 0, next: nil) }
        let batch = unsafeDowncast(made, to: Batch.self)
        var expected = loadHead()
        batch.withUnsafeMutablePointers { header, elements in
            for index in 0..<count { (elements + index).initialize(to: dependency(index)) }
            header.pointee = Header(count: count, next: expected)
        }
        let pointer = Unmanaged.passRetained(batch).toOpaque()
        while true {
            let (exchanged, current) = head.compareExchangePointer(
                expected: expected, desired: pointer, ordering: .acquiringAndReleasing)
            if exchanged { return }
            expected = current
            batch.withUnsafeMutablePointers { header, _ in
                header.pointee = Header(count: header.pointee.count, next: expected)
            }
        }
    }

    /// How many batches are recorded: one per creation that resolved something, one per dependency missed
    /// outside a first creation (each once).
    var batchCount: Int {
        var count = 0
        var next = loadHead()
        while let pointer = next {
            count += 1
            next = Unmanaged<Batch>.fromOpaque(pointer)._withUnsafeGuaranteedRef { $0.header.next }
        }
        return count
    }

    /// Whether `dependency` is recorded.
    ///
    /// - Complexity: O(*n*) in the number recorded.
    func contains(_ dependency: _Dependency) -> Bool {
        var next = loadHead()
        while let pointer = next {
            let batch = Unmanaged<Batch>.fromOpaque(pointer)
            let found = batch._withUnsafeGuaranteedRef {
                $0.withUnsafeMutablePointers { header, elements in
                    UnsafeBufferPointer(start: elements, count: header.pointee.count).contains(dependency)
                }
            }
            if found { return true }
            next = batch._withUnsafeGuaranteedRef { $0.header.next }
        }
        return false
    }

    /// The recorded dependencies in the order first observed, each once: a creation records each once,
    /// and repeats across creations (racing first creations, misses) are dropped here.
    ///
    /// - Complexity: O(*n*) in the number recorded, with hashing.
    var dependencies: [_Dependency] {
        var batches: [Unmanaged<Batch>] = []
        var next = loadHead()
        while let pointer = next {
            let batch = Unmanaged<Batch>.fromOpaque(pointer)
            batches.append(batch)
            next = batch._withUnsafeGuaranteedRef { $0.header.next }
        }
        var seen: Set<_Dependency> = []
        var ordered: [_Dependency] = []
        for batch in batches.reversed() {
            batch._withUnsafeGuaranteedRef {
                $0.withUnsafeMutablePointers { header, elements in
                    for index in 0..<header.pointee.count where seen.insert(elements[index]).inserted {
                        ordered.append(elements[index])
                    }
                }
            }
        }
        return ordered
    }
}
