import BenchmarkServices
@_spi(Baseline) import BoxKit
import ReportSink
import Swinject

/// Registration cost: keyed services "k0", "k1", ... registered into fresh containers, per registration.
///
/// Each repetition fills `containers` fresh containers (made before the clock starts and released after it
/// stops), so small counts still give repetitions long enough to time.
struct RegistrationSuite {
    let recorder: Recorder
    let count: Int
    let containers: Int
    /// Repetitions of each value; the harness's count when `nil`.
    let repetitions: Int?

    func run() {
        logProgress("registration of \(Operation.grouped(count))")
        let operation = Operation.registration(count)
        let keys = Keys.numbered(count)
        let registrations = Double(count * containers)
        let containers = containers

        recorder.compareRepeated(operation, repetitions: repetitions) { subjects in
            subjects.add(.floor, "append to a reserved array") {
                var tables = (0..<containers).map { _ in [(String, () -> Car)]() }
                for index in tables.indices { tables[index].reserveCapacity(keys.count) }
                let elapsed = nanoseconds {
                    for index in tables.indices {
                        for key in keys { tables[index].append((key, { Car() })) }
                    }
                }
                blackHole(value: tables)
                return elapsed / registrations
            }
            for (subject, backend) in [(Subject.boxKit, Box.Backend.hashTable), (.dictionary, .dictionary)] {
                subjects.add(subject) {
                    let boxes = (0..<containers).map { _ in Box(backend: backend) }
                    let elapsed = nanoseconds {
                        for box in boxes {
                            for key in keys { box.register(Car.self, key: key) { Car() } }
                        }
                    }
                    blackHole(value: boxes)
                    return elapsed / registrations
                }
            }
            subjects.add(.swinject) {
                let swinjects = (0..<containers).map { _ in Container() }
                let elapsed = nanoseconds {
                    for container in swinjects {
                        for key in keys { container.register(Car.self, name: key) { _ in Car() } }
                    }
                }
                blackHole(value: swinjects)
                return elapsed / registrations
            }
        }
    }
}
