import BoxKit

// ContextProbe: registers a service with an override for every context, and prints which one the box chose,
// then each context that applies. BoxContextTests runs it with launch arguments and environment variables of
// their choosing, in a process where no test library is loaded. `--without-debug` leaves out the `.debug`
// override (the probe is built for debugging when the tests are); `--twice` adds a second launch-argument
// override, for `-first` and `-second`, to show which of one kind wins.

let arguments = CommandLine.arguments.dropFirst()
var overrides: [BoxContext.Override<String>] = [
    .on(.debug) { "debug" },
    .on(.simulator) { "simulator" },
    .on(.test) { "test" },
    .on(.preview) { "preview" },
    .on(.environment("PROBE_MOCK", equals: "1")) { "environment PROBE_MOCK=1" },
    .on(.environment("PROBE_ANY")) { "environment PROBE_ANY" },
    .on(.launchArgument("-mockNetwork")) { "launchArgument -mockNetwork" },
]
if arguments.contains("--without-debug") { overrides.removeFirst() }
if arguments.contains("--twice") {
    overrides += [.on(.launchArgument("-first")) { "launchArgument -first" }]
    overrides += [.on(.launchArgument("-second")) { "launchArgument -second" }]
}
let box = Box()
box.register(String.self, key: "api", overrides: overrides) { "live" }
print("chosen: \(box.resolve(String.self, key: "api"))")
print("active: \(overrides.map(\.context).filter(\.isActive).map(\.description).joined(separator: ", "))")
