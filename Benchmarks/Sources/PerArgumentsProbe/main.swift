import BenchmarkServices
import BoxKit
import Foundation
import ReportSink

// PerArgumentsProbe: cached `.perArguments` hits beside the keyed permanent hit they are held to, repeated in
// one synchronous process for valgrind, whose `--tool=callgrind` counts instructions repeatably (this machine
// has no hardware counters). Every mode resolves once before the passes, so that what a process pays once is
// not in them: instructions per resolve = (count at N - count at 0) / N. From Benchmarks/:
//
//     swift build -c release -Xcc -gdwarf-4 --product PerArgumentsProbe
//     valgrind --tool=callgrind .build/release/PerArgumentsProbe int 100000
//
// permanent: `resolve(Engine.self)`; keyed: `resolve(Engine.self, key: "BMW")`; int: `.perArguments` with
// one `Int`; string: with one `String`; pair: with `(Int, String)`. memory: resolves PASSES distinct `Int`
// values (each making and keeping an instance) and prints how much the resident memory grew per value,
// instance included (on Linux); it counts nothing for valgrind.
enum Mode: String, CaseIterable {
    case permanent, keyed, int, string, pair, memory
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let mode = Mode(rawValue: arguments[arguments.startIndex]),
    let passes = Int(arguments[arguments.startIndex + 1]), passes >= 0
else {
    print("usage: PerArgumentsProbe \(Mode.allCases.map(\.rawValue).joined(separator: "|")) PASSES")
    exit(2)
}

let box = Box()
box.register(life: .permanent) { Engine() }
box.register(key: "BMW", life: .permanent) { Engine() }
box.register(Engine.self, life: .perArguments) { (_: Resolver, horsepower: Int) in Engine(horsepower: horsepower) }
box.register(Engine.self, life: .perArguments) { (_: Resolver, name: String) in Engine(horsepower: name.count) }
box.register(Engine.self, life: .perArguments) { (_: Resolver, horsepower: Int, name: String) in
    Engine(horsepower: horsepower + name.count)
}
let number = opaque(300)
let name = opaque("V8")

@inline(never)
func pass() {
    switch mode {
    case .permanent: blackHole(box.resolve(Engine.self))
    case .keyed: blackHole(box.resolve(Engine.self, key: "BMW"))
    case .int: blackHole(box.resolve(Engine.self, arguments: number))
    case .string: blackHole(box.resolve(Engine.self, arguments: name))
    case .pair: blackHole(box.resolve(Engine.self, arguments: number, name))
    case .memory: break
    }
}

/// The bytes of the process's resident memory (`/proc/self/statm`), which the values' allocations grow.
func residentBytes() -> Int {
    let fields = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8))?.split(separator: " ")
    return (fields.flatMap { Int($0[1]) } ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
}

if mode == .memory {
    let before = residentBytes()
    for value in 0..<passes { blackHole(box.resolve(Engine.self, arguments: value)) }
    let after = residentBytes()
    print("\(passes) values: \(after - before) bytes, \((after - before) / max(passes, 1)) per value")
    exit(0)
}
pass()
for _ in 0..<passes { pass() }
