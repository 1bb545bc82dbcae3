#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// GuardProbe: one guarded operation (see `GuardedOperation`) repeated in one synchronous process, for
// valgrind's instruction counts (`--tool=callgrind`; this machine has no hardware counters). The operation is
// set up and run once before the repetitions, so a run with 0 repetitions counts everything but them:
// (count at N - count at 0) / N is one operation's instructions. `Benchmarks/guards.sh` does that for every
// operation and compares with `Benchmarks/Thresholds/instructions.txt`. From Benchmarks/:
//
//     swift build -c release -Xcc -gdwarf-4 --scratch-path .build-guards --product GuardProbe
//     valgrind --tool=callgrind .build-guards/release/GuardProbe permanent 100000
//     GuardProbe --list      (the operations, one a line)

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["--list"] {
    for operation in GuardedOperation.allCases { print(operation.rawValue) }
    exit(0)
}
guard arguments.count == 2, let operation = GuardedOperation(rawValue: arguments[0]),
    let repetitions = Int(arguments[1]), repetitions >= 0
else {
    print("usage: GuardProbe OPERATION REPETITIONS, or GuardProbe --list")
    exit(2)
}
operation.prepare()(repetitions)
