@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Foundation
import Testing

@StressTestThread @Suite("Stress")
struct StressTests {
    @Test("8 readers stay correct while 2 writers register, replace and clear", arguments: backends)
    func readersDuringWrites(backend: Box.Backend) {
        let root = Box(backend: backend)
        root.register(key: "stable") { Car(name: "stable") }
        root.register(key: "shared", life: .permanent) { Car(name: "shared") }
        let shared = ObjectIdentifier(root.resolve(key: "shared") as Car)
        let churn = root.newChildBox(forKey: "churn")
        let keys = (0..<64).map { "key-\($0)" }
        let writersDone = Counter()
        let wrong = Counter()
        let resolved = Counter()
        onThreads(10) { index in
            switch index {
            case 0:
                for round in 0..<300 {
                    for key in keys {
                        churn.register(key: key, life: round.isMultiple(of: 2) ? .transient : .permanent) {
                            Car(name: key)
                        }
                    }
                }
                writersDone.increment()
            case 1:
                for round in 0..<300 {
                    if round.isMultiple(of: 3) { churn.clear() } else { churn.register { Engine(cylinders: round) } }
                }
                writersDone.increment()
            default:
                var rounds = 0
                while writersDone.count < 2 || rounds < 200, rounds < 200_000 {
                    rounds += 1
                    if (churn.resolve(key: "stable") as Car).name != "stable" { wrong.increment() }
                    if ObjectIdentifier(churn.resolve(key: "shared") as Car) != shared { wrong.increment() }
                    let key = keys[rounds % keys.count]
                    if let car = try? churn.tryResolve(Car.self, key: key) {
                        resolved.increment()
                        if car.name != key { wrong.increment() }
                    }
                    if let engine = try? churn.tryResolve(Engine.self), engine.cylinders < 0 { wrong.increment() }
                }
            }
        }
        #expect(wrong.count == 0)
        #expect(resolved.count > 0)
        for key in keys { churn.register(key: key) { Car(name: key) } }
        #expect(churn.registeredServiceCount >= keys.count)
    }

    @Test("a permanent factory runs exactly once over 1,000 races", arguments: backends)
    func permanentOnceOverRaces(backend: Box.Backend) {
        let extraRuns = Counter()
        let splitInstances = Counter()
        for _ in 0..<1_000 {
            let box = Box(backend: backend)
            let made = Counter()
            box.register(life: .permanent, made.counting { Engine() })
            let distinct = distinctObjects(onThreads: 4) { _ in box.resolve() as Engine }
            if made.count != 1 { extraRuns.increment() }
            if distinct != 1 { splitInstances.increment() }
        }
        #expect(extraRuns.count == 0)
        #expect(splitInstances.count == 0)
    }

    @Test("factories may register, create child boxes and resolve without deadlock", arguments: backends)
    func reentrantFactories(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(life: .permanent) { r in
            r.register(key: "registered-inside") { Engine(cylinders: 2) }
            let child = r.newChildBox(forKey: "made-inside")
            child.register { Engine(cylinders: 6) }
            return Car(engine: child.resolve())
        }
        onThreads(4) { _ in
            #expect((box.resolve() as Car).engine.cylinders == 6)
            #expect((box.resolve(key: "registered-inside") as Engine).cylinders == 2)
        }
    }
}
