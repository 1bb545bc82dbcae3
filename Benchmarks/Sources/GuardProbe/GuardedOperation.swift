import AppGraphBoxKit300
import BenchmarkServices
import BoxKit
import ReportSink

/// One operation that `make bench-check` holds to its recorded instruction count
/// (`Benchmarks/Thresholds/instructions.txt`), repeated by `GuardProbe` as an app's code would call it: from
/// this module, not BoxKit's.
///
/// The warm operations resolve from one box that holds 7 registrations (`registerBenchmarkServices`: an
/// `Engine`, permanent, and a `Car`, transient, each unkeyed and under "BMW"; and the transient graph A(B(C)),
/// each factory resolving the next), as the package-benchmark suite's box does; every permanent instance is
/// made before the repetitions.
enum GuardedOperation: String, CaseIterable {
    /// `box.resolve(Engine.self)`, permanent, already made.
    case permanent
    /// `box.resolve(Car.self)`, transient: the factory runs.
    case transient
    /// `box.resolve(Engine.self, key: "BMW")`, permanent, already made.
    case keyed
    /// `box.resolve(GraphA.self)`: A(B(C)), every level transient and resolved by the level above.
    case graph
    /// A `box.provider(Engine.self)` called, permanent.
    case providerPermanent = "provider-permanent"
    /// A `box.provider(Car.self)` called, transient.
    case providerTransient = "provider-transient"
    /// `box.resolve((any Powered).self)`, forwarded to the permanent `Engine`, already made.
    case forward
    /// `box.resolve(Engine.self, arguments: 300)`, `.perArguments`, the instance for 300 already made.
    case perArgumentsInt = "per-arguments-int"
    /// `box.resolve(Engine.self, arguments: "BMW")`, `.perArguments`, the instance for "BMW" already made.
    case perArgumentsString = "per-arguments-string"
    /// `resolve(Engine.self)` from an empty child box eight levels below the box of 7: the walk up a lineage.
    case child8 = "child-8"
    /// `try? box.tryResolve(Unregistered.self)`: a type nobody registered, in the box of 7.
    case miss
    /// A new box, the 300-service app graph registered into it, and the box released.
    case register300 = "register-300"
    /// As `register-300`, then every top of the graph resolved once: the first pass over the app graph.
    case first300 = "first-300"
    /// As `first-300`, with a creation profiler running over the pass (started after registering, stopped
    /// after it): what profiling a launch costs.
    case first300Profiled = "first-300-profiled"

    /// Sets the operation up and runs it once, so that what a process pays once (metadata, the first
    /// creation of a permanent instance, lazily bound symbols) is paid before the repetitions.
    ///
    /// - Returns: What performs the operation `repetitions` times.
    func prepare() -> (_ repetitions: Int) -> Void {
        let body = makeBody()
        body(1)
        return body
    }

    private func makeBody() -> (_ repetitions: Int) -> Void {
        let box = Self.box()
        switch self {
        case .permanent:
            return { n in for _ in 0..<n { blackHole(box.resolve(Engine.self)) } }
        case .transient:
            return { n in for _ in 0..<n { blackHole(box.resolve(Car.self)) } }
        case .keyed:
            return { n in for _ in 0..<n { blackHole(box.resolve(Engine.self, key: "BMW")) } }
        case .graph:
            return { n in for _ in 0..<n { blackHole(box.resolve(GraphA.self)) } }
        case .providerPermanent:
            let makeEngine = box.provider(Engine.self)
            return { n in for _ in 0..<n { blackHole(makeEngine()) } }
        case .providerTransient:
            let makeCar = box.provider(Car.self)
            return { n in for _ in 0..<n { blackHole(makeCar()) } }
        case .forward:
            box.forward((any Powered).self, to: Engine.self)
            return { n in for _ in 0..<n { blackHole(box.resolve((any Powered).self)) } }
        case .perArgumentsInt:
            box.register(life: .perArguments) { (_: Resolver, horsepower: Int) in Engine(horsepower: horsepower) }
            let horsepower = opaque(300)
            return { n in for _ in 0..<n { blackHole(box.resolve(Engine.self, arguments: horsepower)) } }
        case .perArgumentsString:
            box.register(life: .perArguments) { (_: Resolver, make: String) in Engine(horsepower: make.utf8.count) }
            let make = opaque("BMW")
            return { n in for _ in 0..<n { blackHole(box.resolve(Engine.self, arguments: make)) } }
        case .child8:
            let child = (1...8).reduce(box) { parent, level in parent.newChildBox(forKey: "level \(level)") }
            return { n in for _ in 0..<n { blackHole(child.resolve(Engine.self)) } }
        case .miss:
            return { n in for _ in 0..<n { blackHole(value: try? box.tryResolve(Unregistered.self)) } }
        case .register300:
            return { n in for _ in 0..<n { registerApp300(in: Box()) } }
        case .first300:
            return { n in
                for _ in 0..<n {
                    let box = Box()
                    registerApp300(in: box)
                    resolveTops300(from: box)
                }
            }
        case .first300Profiled:
            return { n in
                for _ in 0..<n {
                    let box = Box()
                    registerApp300(in: box)
                    let profiler = box.startProfiling()
                    resolveTops300(from: box)
                    blackHole(value: profiler.stop())
                }
            }
        }
    }

    /// The box of 7 the warm operations resolve from.
    private static func box() -> Box {
        let box = Box()
        registerBenchmarkServices(in: box)
        return box
    }
}
