import BoxKit
import Testing

/// A Swift Testing trait that runs each test with a box of its own as ``BoxKit/Box/shared``.
///
/// The box starts with the shared box's registrations (``BoxKit/Box/init(copying:)``) and none of its
/// instances, then takes the test's overrides. The test's own code, the child tasks it makes (`async let`,
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
/// On a suite, each test gets its own box; a test's own `.box` trait then applies its overrides on top of
/// the suite's. Each test pays one copy of the shared box's registrations (about as much as registering
/// them), and its first resolves make their own permanent instances.
public struct BoxTrait: TestTrait, SuiteTrait, TestScoping {
    /// Registers the test's overrides into its box.
    let configure: @Sendable (Box) -> Void

    /// Applied to every test of a suite, each with a box of its own.
    public var isRecursive: Bool { true }

    /// Runs `function` with a copy of the shared box, configured, as `Box.shared`.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let box = Box(copying: .shared)
        configure(box)
        try await withBox(box) { try await function() }
    }
}

extension Trait where Self == BoxTrait {
    /// Each test runs with its own box as `Box.shared`: a copy of the shared box's registrations.
    public static var box: Self { BoxTrait { _ in } }

    /// Each test runs with its own box as `Box.shared`: a copy of the shared box's registrations, then
    /// `configure`'s.
    ///
    /// - Parameter configure: Registers the test's overrides (mocks) into its box.
    /// - Returns: The trait.
    public static func box(_ configure: @escaping @Sendable (Box) -> Void) -> Self { BoxTrait(configure: configure) }
}
