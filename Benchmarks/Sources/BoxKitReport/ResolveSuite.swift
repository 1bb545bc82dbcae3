import BenchmarkServices
import BoxKit
import ReportSink
import Swinject

/// The single-resolve measurements: by type, keyed, protocol-typed and the graph, each on the floor, BoxKit,
/// the Dictionary baseline and Swinject; the pre-bound providers of `box.provider`; and `.perArguments` hits.
/// (Misses are `MissSuite`'s.)
struct ResolveSuite {
    let recorder: Recorder
    let fixtures = Fixtures()

    func run() {
        logProgress("resolve")
        permanent(Operation.permanent, key: nil)
        transient(Operation.transient, key: nil)
        transient(Operation.shortKeyTransient, key: Keys.short)
        permanent(Operation.shortKeyPermanent, key: Keys.short)
        transient(Operation.asciiKeyTransient, key: Keys.ascii40)
        permanent(Operation.asciiKeyPermanent, key: Keys.ascii40)
        permanent(Operation.nonASCIIKeyPermanent, key: Keys.nonASCII40)
        protocolTyped()
        graph()
        providers()
        perArguments()
    }

    /// A permanent `Engine`; the floor reads a stored reference.
    private func permanent(_ operation: String, key: String?) {
        let engine = fixtures.floorEngine
        let container = fixtures.swinject
        recorder.compare(operation) { subjects in
            subjects.add(.floor, "stored reference") { n in
                for _ in 0..<n { blackHole(engine) }
            }
            for (subject, box) in fixtures.boxes {
                subjects.add(subject) { n in
                    for _ in 0..<n { blackHole(box.resolve(Engine.self, key: key)) }
                }
            }
            subjects.add(.swinject, ".container") { n in
                for _ in 0..<n { blackHole(container.resolve(Engine.self, name: key)!) }
            }
        }
    }

    /// A transient `Car`; the floor calls a stored closure that makes one.
    private func transient(_ operation: String, key: String?) {
        let make = fixtures.floorCar
        let container = fixtures.swinject
        recorder.compare(operation) { subjects in
            subjects.add(.floor, "stored closure") { n in
                for _ in 0..<n { blackHole(make()) }
            }
            for (subject, box) in fixtures.boxes {
                subjects.add(subject) { n in
                    for _ in 0..<n { blackHole(box.resolve(Car.self, key: key)) }
                }
            }
            subjects.add(.swinject, ".transient") { n in
                for _ in 0..<n { blackHole(container.resolve(Car.self, name: key)!) }
            }
        }
    }

    /// `Car` registered as `any Vehicle`.
    private func protocolTyped() {
        let make = fixtures.floorVehicle
        let container = fixtures.swinject
        recorder.compare(Operation.protocolTyped) { subjects in
            subjects.add(.floor, "stored closure") { n in
                for _ in 0..<n { blackHole(make()) }
            }
            for (subject, box) in fixtures.boxes {
                subjects.add(subject) { n in
                    for _ in 0..<n { blackHole(box.resolve((any Vehicle).self)) }
                }
            }
            subjects.add(.swinject, ".transient") { n in
                for _ in 0..<n { blackHole(container.resolve((any Vehicle).self)!) }
            }
        }
    }

    /// A(B(C)), every level transient and resolved by the level above; the floor builds it by hand.
    private func graph() {
        let container = fixtures.swinject
        recorder.compare(Operation.graph) { subjects in
            subjects.add(.floor, "built by hand") { n in
                for _ in 0..<n { blackHole(GraphA(b: GraphB(c: GraphC()))) }
            }
            for (subject, box) in fixtures.boxes {
                subjects.add(subject) { n in
                    for _ in 0..<n { blackHole(box.resolve(GraphA.self)) }
                }
            }
            subjects.add(.swinject, ".graph (default)") { n in
                for _ in 0..<n { blackHole(container.resolve(GraphA.self)!) }
            }
        }
    }

    /// A `.perArguments` `Engine` found for one `Int` and for one `String` (Swinject keeps no instance per
    /// argument value); the floor looks the `Int` up in a dictionary.
    private func perArguments() {
        let engines = fixtures.floorEngines
        let horsepower = opaque(Fixtures.horsepower)
        let name = opaque(Fixtures.engineName)
        recorder.compare(Operation.perArgumentsInt) { subjects in
            subjects.add(.floor, "[Int: Engine] lookup") { n in
                for _ in 0..<n { blackHole(engines[horsepower]!) }
            }
            for (subject, box) in fixtures.boxes {
                subjects.add(subject) { n in
                    for _ in 0..<n { blackHole(box.resolve(Engine.self, arguments: horsepower)) }
                }
            }
        }
        recorder.compare(Operation.perArgumentsString) { subjects in
            for (subject, box) in fixtures.boxes {
                subjects.add(subject) { n in
                    for _ in 0..<n { blackHole(box.resolve(Engine.self, arguments: name)) }
                }
            }
        }
    }

    /// `box.provider(_:)` providers called in a loop, beside the same floors as `resolve` (Swinject has none).
    private func providers() {
        let engine = fixtures.floorEngine
        let make = fixtures.floorCar
        recorder.compare(Operation.providerPermanent) { subjects in
            subjects.add(.floor, "stored reference") { n in
                for _ in 0..<n { blackHole(engine) }
            }
            for (subject, box) in fixtures.boxes {
                let makeEngine = box.provider(Engine.self)
                subjects.add(subject, "provider(Engine.self)") { n in
                    for _ in 0..<n { blackHole(makeEngine()) }
                }
            }
        }
        recorder.compare(Operation.providerTransient) { subjects in
            subjects.add(.floor, "stored closure") { n in
                for _ in 0..<n { blackHole(make()) }
            }
            for (subject, box) in fixtures.boxes {
                let makeCar = box.provider(Car.self)
                subjects.add(subject, "provider(Car.self)") { n in
                    for _ in 0..<n { blackHole(makeCar()) }
                }
            }
        }
    }
}
