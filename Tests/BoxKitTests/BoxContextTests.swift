import BoxKit
import Foundation
import Testing

// Contexts (`BoxContext`) and the registrations that choose by them. What this test process is (tests run, a
// debug or release build) is checked here; what launch arguments and the environment choose, in a process
// started for it, with `ContextProbe`.

@Suite("Contexts")
struct BoxContextTests {
    @Test("this process runs tests")
    func testsRun() {
        #expect(BoxContext.test.isActive)
    }

    @Test("debug is the build configuration of the code that names it")
    func debugFollowsTheBuild() {
        #if DEBUG
            #expect(BoxContext.debug.isActive)
        #else
            #expect(!BoxContext.debug.isActive)
        #endif
    }

    @Test("simulator is what the build was made for")
    func simulatorFollowsTheBuild() {
        #if targetEnvironment(simulator) || BOXKIT_AS_SIMULATOR
            #expect(BoxContext.simulator.isActive)
        #else
            #expect(!BoxContext.simulator.isActive)
        #endif
    }

    @Test("a launch argument, an environment variable and a preview apply only when present")
    func absentContexts() {
        #expect(!BoxContext.launchArgument("-BoxKitNeverPassed").isActive)
        #expect(!BoxContext.environment("BOXKIT_NEVER_SET").isActive)
        #expect(!BoxContext.preview.isActive)
        #expect(BoxContext.environment("PATH").isActive, "any value, when none is given")
        #expect(!BoxContext.environment("PATH", equals: "not the path").isActive)
        #expect(!BoxContext.environment("").isActive && !BoxContext.environment("PA=").isActive, "not a name")
    }

    @Test("a registration takes the override that applies, chosen when it is made")
    func overrideApplies() {
        let box = Box()
        box.register(
            String.self, overrides: [.on(.launchArgument("-BoxKitNeverPassed")) { "argument" }, .on(.test) { "test" }]
        ) {
            "live"
        }
        box.register(Int.self, overrides: [.on(.preview) { 1 }]) { 0 }
        #expect(box.resolve(String.self) == "test")
        #expect(box.resolve(Int.self) == 0, "the registration's own factory, where no override applies")
    }

    @Test("overrides may resolve from the box, and keep the lifetime")
    func overridesResolve() {
        let box = Box()
        box.register { Engine(cylinders: 6) }
        box.register(Car.self, life: .permanent, overrides: [.on(.test) { r in Car(engine: r.resolve()) }]) {
            Car(engine: Engine(cylinders: 2))
        }
        #expect(box.resolve(Car.self).engine.cylinders == 6)
        #expect(box.resolve(Car.self) === box.resolve(Car.self))
    }

    @Test("descriptions say what each context is")
    func descriptions() {
        #expect(BoxContext.launchArgument("-mock").description == #"launchArgument("-mock")"#)
        #expect(BoxContext.environment("MOCK", equals: "1").description == #"environment("MOCK", equals: "1")"#)
        #expect(BoxContext.environment("MOCK").description == #"environment("MOCK")"#)
        #expect(
            [BoxContext.preview, .test, .simulator, .debug].map(\.description) == [
                "preview", "test", "simulator", "debug",
            ])
    }

    /// What ContextProbe chose, and the contexts that applied, run with `arguments` and `environment` added to a
    /// plain environment (no test runner's variables).
    private func probe(_ arguments: [String] = [], environment: [String: String] = [:]) throws -> (
        chosen: String, active: String
    ) {
        let executable = try #require(
            builtExecutable(named: "ContextProbe"), "ContextProbe was not built next to the tests")
        let plain = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"]
        let (printed, _) = try standardOutput(
            ofRunning: executable, arguments: arguments,
            environment: plain.merging(environment, uniquingKeysWith: { $1 }))
        let lines = printed.split(separator: "\n").map(String.init)
        let chosen = lines.first { $0.hasPrefix("chosen: ") }?.dropFirst(8) ?? ""
        let active = lines.first { $0.hasPrefix("active: ") }?.dropFirst(8) ?? ""
        return (String(chosen), String(active))
    }

    #if DEBUG
        /// Without any context of the run, a debug build's probe takes its `.debug` override.
        private let plain = "debug"
    #else
        private let plain = "live"
    #endif

    @Test("in a process without tests, the test context does not apply")
    func noTestsNoTestContext() throws {
        let run = try probe()
        #expect(!run.active.contains("test"), "\(run.active)")
        #if targetEnvironment(simulator) || BOXKIT_AS_SIMULATOR
            #expect(run.chosen == "simulator")
        #else
            #expect(run.chosen == plain)
            #expect(try probe(["--without-debug"]).chosen == "live")
        #endif
    }

    @Test("a launch argument wins over every other context")
    func launchArgumentWins() throws {
        let everything = [
            "PROBE_MOCK": "1", "PROBE_ANY": "x", "XCODE_RUNNING_FOR_PREVIEWS": "1", "XCTestBundlePath": "/t",
        ]
        let run = try probe(["-mockNetwork"], environment: everything)
        #expect(run.chosen == "launchArgument -mockNetwork")
        #expect(run.active.contains(#"launchArgument("-mockNetwork")"#))
        #expect(run.active.contains("preview") && run.active.contains("test"), "the others apply too: \(run.active)")
    }

    @Test("then an environment variable, the first listed of its kind")
    func environmentNext() throws {
        let run = try probe(environment: ["PROBE_MOCK": "1", "PROBE_ANY": "x", "XCODE_RUNNING_FOR_PREVIEWS": "1"])
        #expect(run.chosen == "environment PROBE_MOCK=1")
        #expect(try probe(environment: ["PROBE_MOCK": "2", "PROBE_ANY": "x"]).chosen == "environment PROBE_ANY")
    }

    @Test("then a preview, then tests (a simulator build and a debug build rank below: see the probe without tests)")
    func thenWhereTheCodeRuns() throws {
        #expect(
            try probe(environment: ["XCODE_RUNNING_FOR_PREVIEWS": "1", "XCTestBundlePath": "/t"]).chosen == "preview")
        #expect(try probe(environment: ["XCODE_RUNNING_FOR_PREVIEWS": "0"]).chosen != "preview")
        #expect(try probe(environment: ["XCTestConfigurationFilePath": "/t"]).chosen == "test")
        #expect(try probe(environment: ["XCTestSessionIdentifier": "1"]).chosen == "test")
    }

    @Test("among launch arguments, the first listed that was passed wins")
    func firstOfAKind() throws {
        #expect(try probe(["--twice", "-second", "-first"]).chosen == "launchArgument -first")
        #expect(try probe(["--twice", "-second"]).chosen == "launchArgument -second")
    }
}
