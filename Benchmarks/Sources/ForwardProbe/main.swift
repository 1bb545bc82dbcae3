import BenchmarkServices
import BoxKit
import Foundation
import ReportSink

// ForwardProbe: a resolve through a `forward`, beside a resolve of its target, repeated in one synchronous
// process for valgrind: `--tool=callgrind` counts their instructions repeatably. Subtract a run with 0
// resolves to count the resolves alone. From Benchmarks/:
//
//     swift build -c release -Xcc -gdwarf-4 --product ForwardProbe
//     valgrind --tool=callgrind .build/release/ForwardProbe forward permanent 100000

/// What is resolved: the target (`Car`), or the protocol forwarded to it (`Vehicle`) by a `forward` of that
/// one type, or of it and another in one call (`pack`), which is not specialised where it is called.
enum Through: String {
    case target, forward, pack
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 3, let through = Through(rawValue: arguments[arguments.startIndex]),
    let life = [("permanent", LifeType.permanent), ("transient", LifeType.transient)]
        .first(where: { $0.0 == arguments[arguments.startIndex + 1] })?.1,
    let resolves = Int(arguments[arguments.startIndex + 2]), resolves >= 0
else {
    print("usage: ForwardProbe target|forward|pack permanent|transient RESOLVES")
    exit(2)
}

let box = Box()
box.register(life: life) { Car() }
if through == .pack {
    box.forward((any Vehicle).self, (any Sendable).self, to: Car.self)
} else {
    box.forward((any Vehicle).self, to: Car.self)
}
// Once before the counted resolves, so that what a process pays once (a first creation) is not in them.
switch through {
case .target: blackHole(box.resolve(Car.self))
case .forward, .pack: blackHole(box.resolve((any Vehicle).self))
}
for _ in 0..<resolves {
    switch through {
    case .target: blackHole(box.resolve(Car.self))
    case .forward, .pack: blackHole(box.resolve((any Vehicle).self))
    }
}
