import BenchmarkServices
import BoxKit
import Foundation
import ReportSink

// ResolveProbe: one resolve repeated in one synchronous process, for valgrind: `--tool=callgrind` counts its
// instructions repeatably (this machine has no hardware counters). Subtract a run with 0 resolves from a run
// with N and divide by N for the instructions of one resolve. From Benchmarks/:
//
//     swift build -c release -Xcc -gdwarf-4 --product ResolveProbe
//     valgrind --tool=callgrind .build/release/ResolveProbe child8 1000000
//
// permanent and transient resolve an `Engine` (`.permanent`) and a `Car` (`.transient`) from the box that
// holds them, keyed and keyedlong a permanent `Engine` under a key of 2 bytes and of 12; childN resolves the `Engine` from a child box N levels below that box, each child empty;
// filledN does the same through children that each hold a registration of their own. `box` makes and releases
// an empty box, `register` one given ten keyed registrations. `memory N` prints what N empty child boxes of one
// box take (resident memory) and how long making them took.

/// What one run resolves, and from where.
struct Probe {
    let mode: String
    let depth: Int
    let root = Box()
    let target: Box

    init?(_ argument: String) {
        mode = argument
        root.register(life: .permanent) { Engine() }
        root.register(key: "V8", life: .permanent) { Engine() }
        root.register(key: "a longer key", life: .permanent) { Engine() }
        root.register { Car() }
        let prefixes = ["child", "filled"]
        if ["permanent", "transient", "keyed", "keyedlong"].contains(argument) {
            depth = 0
        } else if let prefix = prefixes.first(where: argument.hasPrefix),
            let depth = Int(argument.dropFirst(prefix.count))
        {
            self.depth = depth
        } else {
            return nil
        }
        var box = root
        for level in 0..<depth {
            box = box.newChildBox(forKey: "level\(level)")
            if argument.hasPrefix("filled") { box.register(key: "own") { Car() } }
        }
        target = box
        // The permanent instances made, outside the counted loop.
        blackHole(target.resolve(Engine.self))
        blackHole(target.resolve(Engine.self, key: "V8"))
        blackHole(target.resolve(Engine.self, key: "a longer key"))
    }

    func run(times: Int) {
        if mode == "transient" {
            for _ in 0..<times { blackHole(target.resolve(Car.self)) }
        } else if mode.hasPrefix("keyed") {
            let key = mode == "keyed" ? "V8" : "a longer key"
            for _ in 0..<times { blackHole(target.resolve(Engine.self, key: key)) }
        } else {
            for _ in 0..<times { blackHole(target.resolve(Engine.self)) }
        }
    }
}

/// `memory N`: the resident memory that N empty child boxes of one box add, and how long making them took.
func measureChildBoxes(_ count: Int) {
    func residentBytes() -> Int {
        let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? "0 0"
        return (Int(statm.split(separator: " ")[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
    let parent = Box()
    parent.register { Car() }
    let before = residentBytes()
    let start = Date()
    for index in 0..<count { parent.newChildBox(forKey: "child \(index)") }
    let seconds = Date().timeIntervalSince(start)
    let bytes = residentBytes() - before
    print("\(count) child boxes: \(bytes >> 20) MB, \(bytes / max(count, 1)) bytes each, \(seconds) s")
}

/// `box N`: N boxes made and released; `register N`: N boxes made, each given ten registrations, and released.
func makeBoxes(_ count: Int, registering: Bool) {
    let keys = (0..<10).map { "key \($0)" }
    for _ in 0..<count {
        let box = Box()
        if registering {
            for key in keys { box.register(key: key) { Engine() } }
        }
        blackHole(box)
    }
}

let arguments = CommandLine.arguments.dropFirst()
if arguments.count == 2, let count = Int(arguments.last!) {
    switch arguments.first {
    case "memory":
        measureChildBoxes(count)
        exit(0)
    case "box", "register":
        makeBoxes(count, registering: arguments.first == "register")
        exit(0)
    default:
        break
    }
}
guard arguments.count == 2, let probe = Probe(arguments[arguments.startIndex]),
    let times = Int(arguments[arguments.startIndex + 1]), times >= 0
else {
    print("usage: ResolveProbe permanent|transient|keyed|keyedlong|childN|filledN|box|register|memory TIMES")
    exit(2)
}
probe.run(times: times)
