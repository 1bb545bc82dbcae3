import AppGraphBoxKit300
import AppGraphBoxKit3000
import AppGraphFloor300
import AppGraphFloor3000
import BoxKit
import Foundation

// AppGraphProbe: the report's in-process app-graph passes, repeated in one synchronous process, for
// valgrind: `--tool=callgrind` counts their instructions repeatably (this machine has no hardware counters),
// with `--toggle-collect=` naming one function to count only inside it.
//
//     AppGraphProbe register|first|again|floor 300|3000 PASSES
//
// register: a new box, the graph registered (and the box torn down); first: that, then every top resolved
// once; again: that, then every top resolved a second time; floor: the hand-built graph, from a new build.
// Every mode is run once before the passes, so that what a process pays once is not in them: subtract a run
// with 0 passes to count the passes alone. From Benchmarks/:
//
//     swift build -c release -Xcc -gdwarf-4 --product AppGraphProbe
//     valgrind --tool=callgrind .build/release/AppGraphProbe first 300 200

/// One pass of a mode, over the graph of `services` services.
enum Pass: String {
    case register, first, again, floor

    func run(services: Int) {
        switch self {
        case .register:
            Self.register(Box(), services: services)
        case .first:
            let box = Box()
            Self.register(box, services: services)
            Self.resolveTops(box, services: services)
        case .again:
            let box = Box()
            Self.register(box, services: services)
            Self.resolveTops(box, services: services)
            Self.resolveTops(box, services: services)
        case .floor:
            if services == 300 {
                AppGraphFloor300.resolveTops300(from: HandBuild300())
            } else {
                AppGraphFloor3000.resolveTops3000(from: HandBuild3000())
            }
        }
    }

    static func register(_ box: Box, services: Int) {
        if services == 300 { registerApp300(in: box) } else { registerApp3000(in: box) }
    }

    static func resolveTops(_ box: Box, services: Int) {
        if services == 300 {
            AppGraphBoxKit300.resolveTops300(from: box)
        } else {
            AppGraphBoxKit3000.resolveTops3000(from: box)
        }
    }
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 3, let pass = Pass(rawValue: arguments[1]),
    let services = Int(arguments[2]), services == 300 || services == 3_000,
    let passes = Int(arguments[3]), passes >= 0
else {
    print("usage: AppGraphProbe register|first|again|floor 300|3000 PASSES")
    exit(2)
}
pass.run(services: services)
for _ in 0..<passes { pass.run(services: services) }
