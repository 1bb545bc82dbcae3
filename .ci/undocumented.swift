// Fails when a public symbol of the named modules has no documentation comment. It reads the symbol graphs
// that `swift package dump-symbol-graph` writes, so it also sees what swift format's
// AllPublicDeclarationsHaveDocumentation rule does not: enum cases and protocol requirements, which are
// public without saying so.
//
//     swift .ci/undocumented.swift SCRATCH_PATH MODULE...
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
    print("usage: swift .ci/undocumented.swift SCRATCH_PATH MODULE...")
    exit(2)
}

/// The `symbolgraph` folders SwiftPM wrote under the scratch path (one per target triple).
let scratch = URL(fileURLWithPath: arguments[0])
let triples = (try? FileManager.default.contentsOfDirectory(at: scratch, includingPropertiesForKeys: nil)) ?? []
let folders = triples.map { $0.appendingPathComponent("symbolgraph") }.filter {
    FileManager.default.fileExists(atPath: $0.path)
}

var undocumented: [String] = []
for module in arguments.dropFirst() {
    // The module's own graph, and one `Module@Other.symbols.json` per module whose types it extends.
    guard let folder = folders.first(where: {
        FileManager.default.fileExists(atPath: $0.appendingPathComponent("\(module).symbols.json").path)
    }) else {
        print("undocumented: no symbol graph for \(module) under \(scratch.path)")
        exit(2)
    }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    for name in names where name == "\(module).symbols.json" || name.hasPrefix("\(module)@") {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent(name)),
            let graph = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let symbols = graph["symbols"] as? [[String: Any]]
        else {
            print("undocumented: cannot read \(name) under \(folder.path)")
            exit(2)
        }
        for symbol in symbols where symbol["docComment"] == nil {
            let path = (symbol["pathComponents"] as? [String] ?? []).joined(separator: ".")
            let kind = (symbol["kind"] as? [String: Any])?["displayName"] as? String ?? "symbol"
            undocumented.append("\(module).\(path) (\(kind))")
        }
    }
}

if undocumented.isEmpty {
    print("undocumented: every public symbol of \(arguments.dropFirst().joined(separator: ", ")) has a doc comment")
} else {
    print("undocumented: public symbols without a doc comment:")
    for name in undocumented.sorted() { print("  \(name)") }
    exit(1)
}
