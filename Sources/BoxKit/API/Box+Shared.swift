extension Box {
    /// The box that ``Boxed`` and ``BoxedIfRegistered`` properties resolve from when given no box.
    ///
    /// It starts as an empty box backed by the hash table. Register into it, or replace it with the app's
    /// box before the first such property is read: a property made outside ``withBox(_:operation:)-(_,()->R)``
    /// reads `Box.shared` on its first access, and keeps what it resolved from then on, so replacing the box
    /// later affects only properties not yet read. A property made inside `withBox` keeps the box given there
    /// (see ``SharedBoxBinding``).
    ///
    /// ```swift
    /// Box.shared = appBox                  // or: Box.shared.install(AppModule())
    ///
    /// final class Dashboard {
    ///     @Boxed var car: Car              // resolved from Box.shared on first access
    /// }
    /// ```
    ///
    /// Inside ``withBox(_:operation:)-(_,()->R)`` it is the box given to `withBox` instead, for the code that
    /// the task-local value `withBox` binds reaches: what `operation` runs on its own task (or, outside any
    /// task, on its thread), the child tasks of that task (`async let`, task groups), and the tasks started
    /// there with `Task { }`, which copy the task-local values of the code that starts them. Code that runs
    /// anywhere else reads the process-wide box: a `Task.detached`, a block dispatched with GCD, a `Thread`,
    /// a framework's callback on a queue of its own. That is how tests running in parallel each see their own
    /// box (see <doc:TestingWithBoxKit>). Setting it inside `withBox` still replaces the process-wide box,
    /// which code outside `withBox` sees.
    ///
    /// Reading and replacing it are safe from any thread at once; each takes a lock, so keep the box in a
    /// local where it is read in a loop.
    public static var shared: Box {
        get { _taskShared ?? _sharedBox.withLock { $0 } }
        set {
            // The box replaced is released after unlocking: its registrations' instances may read
            // `Box.shared` in their `deinit`.
            var displaced = newValue
            _sharedBox.withLock { swap(&$0, &displaced) }
        }
    }
}

/// The storage of `Box.shared`.
private let _sharedBox = _Locked(Box())

extension Box {
    /// The box `withBox` puts in place of `Box.shared`, for the code its task-local value reaches.
    @TaskLocal static var _taskShared: Box?
}

/// Runs `operation` with `box` as ``Box/shared``: what `operation` calls on this thread (or this task), the
/// child tasks of the current task, and the tasks started with `Task { }` inside it, which copy its
/// task-local values, read `box` from `Box.shared` (``Boxed`` and ``BoxedIfRegistered`` properties without a
/// box among them). Code on other threads does not, even when `operation` starts it: a `Task.detached`, a
/// block dispatched with GCD, a `Thread` or a framework's callback on its own queue reads the process-wide
/// box, as other tests' tasks and threads do. The synchronous form, for XCTest's `invokeTest` or any
/// synchronous code.
///
/// ```swift
/// override func invokeTest() {
///     withBox(Box(copying: .shared)) { super.invokeTest() }
/// }
/// ```
///
/// - Parameters:
///   - box: The box `Box.shared` is while `operation` runs.
///   - operation: The code to run.
/// - Returns: What `operation` returns.
/// - Complexity: O(1), plus one task-local read each time `Box.shared` is read.
public func withBox<R>(_ box: Box, operation: () throws -> R) rethrows -> R {
    try Box.$_taskShared.withValue(box, operation: operation)
}

/// Runs `operation` with `box` as ``Box/shared``, as the synchronous form does, awaiting it: the form for
/// Swift Testing and async code. `operation`, the child tasks it makes (`async let`, task groups) and the
/// tasks it starts with `Task { }` read `box`; a `Task.detached`, a GCD block or a `Thread` it starts reads
/// the process-wide box. The `BoxKitTesting` trait `.box` calls it for each test.
///
/// ```swift
/// @Test func showsTheMockedForecast() async {
///     let box = Box(copying: .shared)
///     box.register { MockWeather() as Weather }
///     await withBox(box) {
///         #expect(await ForecastModel().load() == "sunny")
///     }
/// }
/// ```
///
/// - Parameters:
///   - box: The box `Box.shared` is while `operation` runs.
///   - isolation: The actor `operation` runs on; inferred.
///   - operation: The code to run.
/// - Returns: What `operation` returns.
public func withBox<R>(
    _ box: Box, isolation: isolated (any Actor)? = #isolation, operation: () async throws -> R
) async rethrows -> R {
    try await Box.$_taskShared.withValue(box, operation: operation, isolation: isolation)
}

extension Box {
    /// Creates a box that starts with `other`'s registrations, its own and its ancestors' (a nearer box's
    /// winning, as in a resolve), and none of their instances: its permanent, graph and weak instances are
    /// its own, made on its first resolves. Registering into it leaves `other` as it is.
    ///
    /// This is the box a test wants: `other`'s wiring, with the test's overrides on top and nothing shared
    /// with other tests. Unlike a child box, which shares its ancestors' permanent instances and sees their
    /// later changes, a copy is independent of `other` from the moment it is made. Child boxes of `other`
    /// are not copied. A copy of a test box (``init(testing:liveServices:reportingIssues:)``) reports where the
    /// test box does.
    ///
    /// ```swift
    /// let box = Box(copying: .shared)
    /// box.register { MockAPI() as API }     // this box only
    /// ```
    ///
    /// - Parameter other: The box whose registrations to copy.
    /// - Complexity: O(*n*) in the registrations of `other`'s lineage: one registration made and inserted
    ///   for each.
    public convenience init(copying other: Box) {
        self.init(backend: other.backend, parent: nil, testIssues: other._testIssues)
        _copyRegistrations(of: other)
    }

    /// Registers, unmade, the registrations of `other`'s lineage, a nearer box's winning. A test box copies
    /// each live one (`_LiveServiceCheck.isLive`) with a factory that checks its use under the box's rule, unless
    /// its factory checks under a rule as strict already: that check, which reports where it did, is kept, and a
    /// stricter one goes first. Under `.allow` it marks the copy `.live`.
    func _copyRegistrations(of other: Box) {
        for registry in other._lineage.reversed() {
            for registration in registry.storage.registrations.sorted(by: { $0.sequence < $1.sequence }) {
                var check: _LiveServiceCheck?
                var isLive = false
                if let issues = _testIssues, _LiveServiceCheck.isLive(registration, copiedFrom: other) {
                    isLive = true
                    if issues.liveServices.strictness > registration.testRole.policy.strictness {
                        check = _LiveServiceCheck(registration, issues)
                    }
                }
                let copy = registration.unmade(checking: check)
                if isLive && !copy.testRole.isChecked { copy.testRole = .live }
                _register(copy, typeID: registration.registryTypeID)
            }
        }
    }
}
