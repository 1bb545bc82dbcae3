import BoxKit
import Foundation
import Testing

/// A Swift Testing trait that runs each test with a box of its own as ``BoxKit/Box/shared``.
///
/// The box starts with the shared box's registrations (a test box,
/// ``BoxKit/Box/init(testing:liveServices:reportingIssues:)``) and none of its instances, then takes the test's
/// doubles. The test's own code, the child tasks it makes (`async let`,
/// task groups) and the tasks it starts with `Task { }` (which copy its task-local values) read it from
/// `Box.shared`, including `@Boxed` and `@BoxedIfRegistered` properties without a box, so tests that
/// register different mocks for the same service run in parallel without seeing each other's. Code the test
/// hands to other threads does not: a `Task.detached`, a block dispatched with GCD, a `Thread` or a
/// framework's callback on a queue of its own reads the process-wide box; but a `@Boxed` property of an
/// object made in the test keeps the test's box wherever it is read. Nothing created in one test reaches
/// another test or the shared box.
///
/// ```swift
/// import BoxKitTesting
///
/// @Suite(.box)                                  // every test in the suite gets its own box
/// struct ForecastTests {
///     @Test(.box { $0.register { SunnyWeather() as Weather } })
///     func showsSunshine() async {
///         #expect(await ForecastModel().load() == "sunny")
///     }
/// }
/// ```
///
/// On a suite, each test gets its own box; a test's own `.box` trait then registers its doubles on top of
/// the suite's. Each test pays one copy of the shared box's registrations (about as much as registering
/// them), and its first resolves make their own permanent instances.
///
/// The box is a test box (``BoxKit/Box/init(testing:liveServices:reportingIssues:)``): what the test should fail
/// on is recorded as an issue of the test when it ends, whichever thread found it. That is the use of an
/// unimplemented placeholder (``BoxKit/Box/register(unimplemented:key:)``) and, with `.box(.strict)`, of each
/// live registration the test did not replace and that is not marked ``BoxKit/ServiceStoring/testSafe()``,
/// naming the service, its key and the chain that reached it:
///
/// ```swift
/// @Suite(.box(.strict))
/// struct CheckoutTests {
///     @Test(.box { $0.register { MockPayments() as Payments } })
///     func paysWithTheMock() { ... }            // fails if it reaches the real network client
/// }
/// ```
///
/// `.box(.stop)` stops the program at the first live registration instead, before its factory runs.
public struct BoxTrait: TestTrait, SuiteTrait, TestScoping {
    /// What a resolve of a live registration does.
    let liveServices: LiveServicePolicy
    /// Registers the test's doubles into its box.
    let configure: @Sendable (Box) -> Void

    /// Applied to every test of a suite, each with a box of its own.
    public var isRecursive: Bool { true }

    /// Runs `function` with a test box copied from the shared box, configured, as `Box.shared`, and then
    /// records the problems it reported as issues of `test`.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let problems = Problems()
        let box = Box(testing: .shared, liveServices: liveServices) { problems.append($0) }
        configure(box)
        defer {
            for problem in problems.taken() {
                Issue.record(Comment(rawValue: problem.description), sourceLocation: test.sourceLocation)
            }
        }
        try await withBox(box) { try await function() }
    }

    /// The problems a test box reported, from whichever thread found them, in order.
    private final class Problems: @unchecked Sendable {
        // `@unchecked Sendable`: `list` is read and written only under `lock`.
        private let lock = NSLock()
        private var list: [BoxError] = []

        func append(_ problem: BoxError) {
            lock.withLock { list.append(problem) }
        }

        /// The problems reported so far; none are left.
        func taken() -> [BoxError] {
            lock.withLock {
                defer { list = [] }
                return list
            }
        }
    }
}

extension Trait where Self == BoxTrait {
    /// Each test runs with its own box as `Box.shared`: a copy of the shared box's registrations.
    public static var box: Self { BoxTrait(liveServices: .allow) { _ in } }

    /// Each test runs with its own box as `Box.shared`: a copy of the shared box's registrations, then
    /// `configure`'s.
    ///
    /// - Parameter configure: Registers the test's doubles (mocks, stubs) into its box.
    /// - Returns: The trait.
    public static func box(_ configure: @escaping @Sendable (Box) -> Void) -> Self {
        BoxTrait(liveServices: .allow, configure: configure)
    }

    /// Each test runs with its own box as `Box.shared`: a copy of the shared box's registrations, then
    /// `configure`'s, whose live registrations are treated as `liveServices` says: with ``BoxKit/LiveServicePolicy/strict``,
    /// a test that resolves one it did not replace, and that is not marked ``BoxKit/ServiceStoring/testSafe()``,
    /// fails, the issue naming the service, its key and the chain that reached it.
    ///
    /// ```swift
    /// @Test(.box(.strict) { $0.register { MockPayments() as Payments } })
    /// func paysWithTheMock() { ... }
    /// ```
    ///
    /// - Parameters:
    ///   - liveServices: What a resolve of a live registration does.
    ///   - configure: Registers the test's doubles (mocks, stubs) into its box.
    /// - Returns: The trait.
    public static func box(
        _ liveServices: LiveServicePolicy, _ configure: @escaping @Sendable (Box) -> Void = { _ in }
    ) -> Self {
        BoxTrait(liveServices: liveServices, configure: configure)
    }
}
