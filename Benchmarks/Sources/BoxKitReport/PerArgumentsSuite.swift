import BenchmarkServices
@_spi(Baseline) import BoxKit
import ReportSink

/// A `.perArguments` hit (the instance for an argument value already made) with one `Int` argument and with
/// one `String` argument, on BoxKit and the Dictionary baseline; the goals hold it to a keyed permanent
/// hit (`ResolveSuite`'s `keyed "BMW", permanent`).
///
/// Each box holds an `Engine` registered `.perArguments` with an `Int` argument and one with a `String`
/// argument, and the instances for the values resolved (`300` and `"BMW"`, the keyed hit's key) are made
/// before measuring.
struct PerArgumentsSuite {
    let recorder: Recorder

    /// The `Int` argument every hit passes.
    static let horsepower = 300

    func run() {
        logProgress("perArguments")
        let boxes = [Subject.boxKit, .dictionary].map { subject in
            (subject, Self.box(subject == .boxKit ? .hashTable : .dictionary))
        }
        recorder.compare(Operation.perArgumentsInt) { subjects in
            for (subject, box) in boxes {
                subjects.add(subject, "resolve(Engine.self, arguments: 300)") { n in
                    for _ in 0..<n { blackHole(box.resolve(Engine.self, arguments: Self.horsepower)) }
                }
            }
        }
        recorder.compare(Operation.perArgumentsString) { subjects in
            for (subject, box) in boxes {
                subjects.add(subject, "resolve(Engine.self, arguments: \"BMW\")") { n in
                    for _ in 0..<n { blackHole(box.resolve(Engine.self, arguments: Keys.short)) }
                }
            }
        }
    }

    /// A box of `backend` with both `.perArguments` registrations, each instance the hits ask for made.
    private static func box(_ backend: Box.Backend) -> Box {
        let box = Box(backend: backend)
        box.register(life: .perArguments) { (_: Resolver, horsepower: Int) in Engine(horsepower: horsepower) }
        box.register(life: .perArguments) { (_: Resolver, make: String) in Engine(horsepower: make.utf8.count) }
        blackHole(box.resolve(Engine.self, arguments: horsepower))
        blackHole(box.resolve(Engine.self, arguments: Keys.short))
        return box
    }
}
