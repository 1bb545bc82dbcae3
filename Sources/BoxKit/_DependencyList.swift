import Synchronization

/// What a registration's creation resolved, in the order observed: a lock-free stack of `_Dependency`
/// nodes, pushed by the resolving thread and read only when ``Box/dependencyGraph()`` asks.
///
/// A noncopyable struct stored inline in the registration: one word, and nothing allocated until the
/// first dependency. Recording one costs one node and one compare-exchange; a resolve repeated right after
/// itself (a factory resolving in a loop) is recorded once. Repeats further apart are dropped when read.
struct _DependencyList: ~Copyable, @unchecked Sendable {
    /// A recorded dependency and the node recorded before it. The list holds one reference to every node
    /// (`next` is not a reference of its own) and releases them one after another, so that releasing a
    /// long list never recurses.
    final class Node {
        let dependency: _Dependency
        let next: UnsafeMutableRawPointer?

        init(_ dependency: _Dependency, next: UnsafeMutableRawPointer?) {
            self.dependency = dependency
            self.next = next
        }
    }

    /// The last node recorded (retained), or `nil`.
    private let head = Atomic<UnsafeMutableRawPointer?>(nil)

    init() {}

    deinit {
        var next = head.load(ordering: .acquiring)
        while let pointer = next {
            let node = Unmanaged<Node>.fromOpaque(pointer)
            next = node._withUnsafeGuaranteedRef { $0.next }
            node.release()
        }
    }

    /// Records `dependency`, unless it is the one recorded last.
    ///
    /// - Complexity: O(1): one allocation and one compare-exchange (retried only when another thread
    ///   records at the same moment).
    func record(_ dependency: _Dependency) {
        var expected = head.load(ordering: .acquiring)
        while true {
            if let last = expected,
                Unmanaged<Node>.fromOpaque(last)._withUnsafeGuaranteedRef({ $0.dependency == dependency })
            {
                return
            }
            let node = Unmanaged.passRetained(Node(dependency, next: expected))
            let (exchanged, current) = head.compareExchange(
                expected: expected, desired: node.toOpaque(), ordering: .acquiringAndReleasing)
            if exchanged { return }
            node.release()
            expected = current
        }
    }

    /// The recorded dependencies in the order first observed, each once.
    ///
    /// - Complexity: O(*n*²) in the number recorded, which is what one creation resolved.
    var dependencies: [_Dependency] {
        var newestFirst: [_Dependency] = []
        var next = head.load(ordering: .acquiring)
        while let pointer = next {
            let node = Unmanaged<Node>.fromOpaque(pointer)
            node._withUnsafeGuaranteedRef {
                newestFirst.append($0.dependency)
                next = $0.next
            }
        }
        var ordered: [_Dependency] = []
        for dependency in newestFirst.reversed() where !ordered.contains(dependency) { ordered.append(dependency) }
        return ordered
    }
}
