import Foundation

/// The executable `name` that SwiftPM built beside the running test bundle (a test target that depends on an
/// executable target has it built there), or `nil` when it is not there.
public func builtExecutable(named name: String) -> URL? {
    var folders = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
    for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
        folders.append(bundle.bundleURL.deletingLastPathComponent())
    }
    return folders.map { $0.appendingPathComponent(name) }.first {
        FileManager.default.isExecutableFile(atPath: $0.path)
    }
}
