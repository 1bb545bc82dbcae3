import BenchmarkServices
@_spi(Baseline) import BoxKit
import ReportSink
import Swinject

/// Keyed permanent resolves in a fixed random order among `count` registrations ("k0", "k1", ...).
///
/// The order is precomputed as a sequence of keys at least as long as the registry, read front to back
/// (so fetching the next key is a sequential read the prefetcher hides), and successive repetitions
/// continue along it: with 1,000,000 registrations nearly every lookup misses the caches in the registry
/// itself. Every instance is made before measuring, so only lookups are timed.
struct RandomAccessSuite {
    let recorder: Recorder
    let count: Int

    func run() {
        logProgress("random access among \(Operation.grouped(count))")
        let operation = Operation.randomAccess(count)
        let keys = Keys.numbered(count)
        let order = Keys.randomIndices(below: count)
        let sequence = order.map { keys[$0] }
        let mask = order.count - 1

        let instances = keys.map { _ in Car() }
        let boxes = [(Subject.boxKit, Box()), (.dictionary, Box(backend: .dictionary))]
        for (_, box) in boxes {
            for key in keys { box.register(Car.self, key: key, life: .permanent) { Car() } }
            for key in keys { blackHole(box.resolve(Car.self, key: key)) }
        }
        let container = Container()
        for key in keys { container.register(Car.self, name: key) { _ in Car() }.inObjectScope(.container) }
        for key in keys { blackHole(container.resolve(Car.self, name: key)!) }

        recorder.compare(operation) { subjects in
            var floorCursor = 0
            subjects.add(.floor, "array of references") { n in
                for _ in 0..<n {
                    blackHole(instances[order[floorCursor & mask]])
                    floorCursor &+= 1
                }
            }
            for (subject, box) in boxes {
                var cursor = 0
                subjects.add(subject) { n in
                    for _ in 0..<n {
                        blackHole(box.resolve(Car.self, key: sequence[cursor & mask]))
                        cursor &+= 1
                    }
                }
            }
            var swinjectCursor = 0
            subjects.add(.swinject, ".container") { n in
                for _ in 0..<n {
                    blackHole(container.resolve(Car.self, name: sequence[swinjectCursor & mask])!)
                    swinjectCursor &+= 1
                }
            }
        }
    }
}
