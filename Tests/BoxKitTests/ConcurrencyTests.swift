@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Foundation
import Testing

@Suite("Concurrency")
struct ConcurrencyTests {
    @Test("many threads resolve transient and permanent services at once", arguments: backends)
    func concurrentResolves(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(life: .permanent) { Engine(cylinders: 8) }
        box.register { r in Car(engine: r.resolve()) }
        box.register(key: "BMW") { Car(name: "BMW") }
        let shared = ObjectIdentifier(box.resolve() as Engine)
        let mismatches = Counter()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<2_000 {
                if ObjectIdentifier((box.resolve() as Car).engine) != shared { mismatches.increment() }
                if (box.resolve(key: "BMW") as Car).name != "BMW" { mismatches.increment() }
            }
        }
        #expect(mismatches.count == 0)
    }

    @Test("registering while other threads resolve loses nothing", arguments: backends)
    func registerWhileResolving(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(key: "stable") { Car(name: "stable") }
        let failures = Counter()
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            if worker == 0 {
                for index in 0..<2_000 { box.register(key: "k\(index)") { Car(name: "k\(index)") } }
            } else {
                for _ in 0..<2_000 where (box.resolve(key: "stable") as Car).name != "stable" {
                    failures.increment()
                }
            }
        }
        #expect(failures.count == 0)
        #expect(box.registeredServiceCount == 2_001)
        for index in 0..<2_000 { #expect((box.resolve(key: "k\(index)") as Car).name == "k\(index)") }
    }

    @Test(
        "resolving long keys while another thread registers long keys finds the right registration", arguments: backends
    )
    func longKeysWhileRegistering(backend: Box.Backend) {
        let box = Box(backend: backend)
        let stable = "a-stable-key-long-enough-to-be-noted-000"
        box.register(key: stable) { Car(name: "stable") }
        let failures = Counter()
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            if worker == 0 {
                // Fresh string values, so that their notes keep replacing one another (and the stable one's).
                for index in 0..<2_000 {
                    let key = "a-registered-key-long-enough-to-be-noted-\(index)"
                    box.register(key: key) { Car(name: key) }
                }
            } else {
                for index in 0..<2_000 {
                    if (box.resolve(key: stable) as Car).name != "stable" { failures.increment() }
                    let key = "a-registered-key-long-enough-to-be-noted-\(index % 50)"
                    if let car = try? box.tryResolve(Car.self, key: key), car.name != key { failures.increment() }
                }
            }
        }
        #expect(failures.count == 0)
    }
}
