// Wraps the C process facts (CBoxRuntime: cbox_environment_value, cbox_process_defines): the environment and the
// images the process loaded, which BoxKit's contexts read.
internal import CBoxRuntime

/// What the process is running in, read when a context is asked (`BoxContext.isActive`), never cached: a
/// registration reads them once, when it is made.
enum _ProcessFacts {
    /// The value of the environment variable `name`, or `nil` when it is not set. A name that is empty or holds
    /// `=` names no variable (the C library would match it against the start of another's `NAME=value`).
    static func environment(_ name: String) -> String? {
        guard !name.isEmpty, !name.contains("=") else { return nil }
        return cbox_environment_value(name).map { String(cString: $0) }
    }

    /// Whether the process runs tests: a test runner sets one of Xcode's XCTest variables in the process it
    /// tests (an app that hosts unit tests among them), or one of the test libraries is loaded: Swift Testing
    /// (its entry point, `swt_abiv0_getEntryPoint`), XCTest on Apple platforms (the Objective-C class
    /// `XCTestCase`) or elsewhere (the Swift class `XCTest.XCTestCase`, by its mangled metadata accessor).
    static var runsTests: Bool {
        let variables = ["XCTestConfigurationFilePath", "XCTestBundlePath", "XCTestSessionIdentifier"]
        let symbols = ["swt_abiv0_getEntryPoint", "OBJC_CLASS_$_XCTestCase", "$s6XCTest0A4CaseCMa"]
        return variables.contains { environment($0) != nil } || symbols.contains { cbox_process_defines($0) }
    }

    /// Whether Xcode runs the process to render SwiftUI previews: it sets `XCODE_RUNNING_FOR_PREVIEWS` to `1`.
    static var rendersPreviews: Bool { environment("XCODE_RUNNING_FOR_PREVIEWS") == "1" }

    /// Whether the process was built for a simulator. `BOXKIT_AS_SIMULATOR` takes this branch on any platform
    /// (`make test-as-apple` sets it), so that what a simulator build chooses is tested where no simulator is.
    static var isSimulator: Bool {
        #if targetEnvironment(simulator) || BOXKIT_AS_SIMULATOR
            true
        #else
            false
        #endif
    }
}
