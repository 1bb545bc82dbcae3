/// Where the process runs, as a registration's overrides choose by it: under tests, in a SwiftUI preview, on a
/// simulator, in a debug build, or with a launch argument or an environment variable.
///
/// A registration carries overrides for contexts (``Box/register(_:key:life:overrides:_:)-(_,_,_,_,(Resolver)->Service)``),
/// and the box chooses among them once, when the registration is made: a resolve pays nothing for them.
///
/// ```swift
/// box.register(API.self, life: .permanent, overrides: [
///     .on(.launchArgument("-mockNetwork")) { StubAPI() },   // UI tests launch the app with it
///     .on(.preview) { PreviewAPI() },
/// ]) { r in URLSessionAPI(session: r.resolve()) }
/// ```
///
/// When several overrides apply, the first of the highest kind wins, in this order:
/// ``launchArgument(_:)``, ``environment(_:equals:)``, ``preview``, ``test``, ``simulator``, ``debug``: what a run
/// was started with first, then what runs the code, then what it was built for.
public struct BoxContext: Sendable, Hashable, CustomStringConvertible {
    /// The kinds of context, in the order of precedence.
    @usableFromInline
    enum Kind: Int, Sendable, Hashable {
        case launchArgument, environment, preview, test, simulator, debug
    }

    @usableFromInline let kind: Kind
    /// The launch argument, or the environment variable's name.
    @usableFromInline let name: String
    /// The value the environment variable must have (`nil`: any); for ``debug``, `"1"` when the code that
    /// asked was built for debugging.
    @usableFromInline let value: String?

    @usableFromInline
    init(_ kind: Kind, name: String = "", value: String? = nil) {
        self.kind = kind
        self.name = name
        self.value = value
    }

    /// ``debug``, for code built for debugging or not.
    @usableFromInline
    init(debugBuild: Bool) {
        self.init(.debug, value: debugBuild ? "1" : nil)
    }

    /// When the process was launched with `argument` among its arguments (`CommandLine.arguments`, past the
    /// executable's path), as a UI test passes `-mockNetwork` with `app.launchArguments`.
    ///
    /// - Parameter argument: The argument, exactly as it is passed.
    /// - Returns: The context.
    public static func launchArgument(_ argument: String) -> BoxContext {
        BoxContext(.launchArgument, name: argument)
    }

    /// When the environment variable `name` is set (to `value`, if given), as a scheme or a UI test's
    /// `app.launchEnvironment` sets it.
    ///
    /// - Parameters:
    ///   - name: The variable's name.
    ///   - value: The value it must have; `nil` for any.
    /// - Returns: The context.
    public static func environment(_ name: String, equals value: String? = nil) -> BoxContext {
        BoxContext(.environment, name: name, value: value)
    }

    /// When Xcode runs the process to render SwiftUI previews (`XCODE_RUNNING_FOR_PREVIEWS` is `1`).
    public static var preview: BoxContext { BoxContext(.preview) }

    /// When the process runs tests: Swift Testing or XCTest is loaded, or Xcode's test runner started it (an
    /// app that hosts unit tests among them). A test box (``Box/init(testing:liveServices:reportingIssues:)``)
    /// is the finer tool: it replaces services per test, where this chooses for the whole process.
    public static var test: BoxContext { BoxContext(.test) }

    /// When the process was built for a simulator (`targetEnvironment(simulator)`).
    public static var simulator: BoxContext { BoxContext(.simulator) }

    /// When the code that names this context was built without optimisation, as Xcode's Debug configuration
    /// and SwiftPM's `debug` build it: decided in your module, where it is written, whatever BoxKit was built
    /// with.
    @_alwaysEmitIntoClient
    public static var debug: BoxContext { BoxContext(debugBuild: _isDebugAssertConfiguration()) }

    /// Whether the process runs in this context now.
    ///
    /// - Complexity: O(*n*) in the process's arguments for ``launchArgument(_:)``; one look at the environment
    ///   or the loaded images otherwise.
    public var isActive: Bool {
        switch kind {
        case .launchArgument: CommandLine.arguments.dropFirst().contains(name)
        case .environment: _ProcessFacts.environment(name).map { value == nil || $0 == value } ?? false
        case .preview: _ProcessFacts.rendersPreviews
        case .test: _ProcessFacts.runsTests
        case .simulator: _ProcessFacts.isSimulator
        case .debug: value != nil
        }
    }

    /// `launchArgument("-mockNetwork")`, `environment("MOCK", equals: "1")`, `preview`, `test`, `simulator` or
    /// `debug`.
    public var description: String {
        switch kind {
        case .launchArgument: "launchArgument(\(String(reflecting: name)))"
        case .environment:
            "environment(\(String(reflecting: name))\(value.map { ", equals: \(String(reflecting: $0))" } ?? ""))"
        case .preview: "preview"
        case .test: "test"
        case .simulator: "simulator"
        case .debug: "debug"
        }
    }

    /// A factory that replaces a registration's own where a context applies (``Box/register(_:key:life:overrides:_:)-(_,_,_,_,(Resolver)->Service)``).
    public struct Override<Service> {
        /// Where it applies.
        public let context: BoxContext
        /// The factory, in its resolver-taking shape.
        let factory: (Resolver) -> Service

        /// `factory` in `context`.
        ///
        /// - Parameters:
        ///   - context: Where it applies.
        ///   - factory: Makes the service, resolving what it needs from its argument.
        /// - Returns: The override.
        public static func on(_ context: BoxContext, _ factory: @escaping (Resolver) -> Service) -> Self {
            Self(context: context, factory: factory)
        }

        /// `factory` in `context`.
        ///
        /// - Parameters:
        ///   - context: Where it applies.
        ///   - factory: Makes the service.
        /// - Returns: The override.
        public static func on(_ context: BoxContext, _ factory: @escaping () -> Service) -> Self {
            Self(context: context, factory: { _ in factory() })
        }
    }

    /// The override that applies now among `overrides`: of those whose context is active, the first of the
    /// highest kind (see ``BoxContext``); `nil` when none is.
    static func chosen<Service>(among overrides: [Override<Service>]) -> Override<Service>? {
        var chosen: Override<Service>?
        for override in overrides where override.context.isActive {
            if let best = chosen, best.context.kind.rawValue <= override.context.kind.rawValue { continue }
            chosen = override
        }
        return chosen
    }
}
