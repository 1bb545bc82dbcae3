import Foundation

/// The executable `name` that SwiftPM built beside the running tests (a test target that depends on an executable
/// target has it built there), or `nil` when it is not there.
///
/// It looks beside the running executable first: on Linux that is the test bundle itself. Only where another
/// runner loaded the bundle (macOS's `xctest`) does it ask `Bundle.allBundles`, which on Linux leaks an array on
/// each call (AddressSanitizer's leak check would fail the run).
public func builtExecutable(named name: String) -> URL? {
    func inFolder(of url: URL) -> URL? {
        let candidate = url.deletingLastPathComponent().appendingPathComponent(name)
        return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
    }
    if let beside = inFolder(of: URL(fileURLWithPath: CommandLine.arguments[0])) { return beside }
    for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
        if let found = inFolder(of: bundle.bundleURL) { return found }
    }
    return nil
}

/// What a run of `executable` printed on standard output, and how it exited. `environment` replaces the tests'
/// own when given.
public func standardOutput(
    ofRunning executable: URL, arguments: [String] = [], environment: [String: String]? = nil
) throws -> (printed: String, status: Int32) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (String(decoding: data, as: UTF8.self), process.terminationStatus)
}
