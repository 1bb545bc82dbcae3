@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Foundation
import Testing

@Suite("Errors")
struct ErrorTests {
    @Test("a missing registration throws notRegistered naming the type, key and nearest", arguments: backends)
    func missingThrows(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register { Car() }
        box.register(key: "Audi") { Car() }
        box.register(key: "BMW") { Engine() }
        let error = try expectBoxError(.notRegistered) { try box.tryResolve(Car.self, key: "BMW") }
        #expect(error.serviceType == "BoxKitTests.Car")
        #expect(error.key == "BMW")
        #expect(error.chain == [#"BoxKitTests.Car[key: "BMW"]"#])
        #expect(
            error.nearest == [
                "BoxKitTests.Car", #"BoxKitTests.Car[key: "Audi"]"#, #"BoxKitTests.Engine[key: "BMW"]"#,
            ])
    }

    @Test("nearest registrations include ancestors' and same-named types", arguments: backends)
    func nearestSearchesLineage(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register { Showroom.Car() }
        let child = box.newChildBox(forKey: "child")
        child.register { Car() as Car? }
        let error = try #require(throws: BoxError.self) { try child.tryResolve(Car.self) }
        #expect(error.nearest.contains("Swift.Optional<BoxKitTests.Car>"))
        #expect(error.nearest.contains("BoxKitTests.Showroom.Car (in parent box)"))
    }

    @Test("a dependency missing inside a factory names the whole chain", arguments: backends)
    func missingInsideFactoryNamesChain(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        let captured = Mutexed<BoxError?>(nil)
        box.register { r in
            do throws(BoxError) {
                return Car(engine: try r.tryResolve(Engine.self, key: "V12"))
            } catch {
                captured.mutate { $0 = error }
                return Car()
            }
        }
        _ = box.resolve() as Car
        let error = try #require(captured.value)
        #expect(error.chain == ["BoxKitTests.Car", #"BoxKitTests.Engine[key: "V12"]"#])
    }

    @Test("a cycle is reported with its chain, A -> B -> A", arguments: backends)
    func cycleIsReported(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        let captured = registerCycleCatchingItsError(in: box)
        _ = box.resolve() as CycleA
        let error = try #require(captured.value)
        #expect(error.reason == .cycle)
        #expect(error.chain == ["BoxKitTests.CycleA", "BoxKitTests.CycleB", "BoxKitTests.CycleA"])
        #expect(error.description.contains("BoxKitTests.CycleA -> BoxKitTests.CycleB -> BoxKitTests.CycleA"))
    }

    @Test("a cycle is reported when its services have each been made before", arguments: backends)
    func cycleOfServicesMadeBeforeIsReported(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        let closesCycle = Mutexed(false)
        let captured = Mutexed<BoxError?>(nil)
        box.register { r in CycleA(r.resolve()) }
        box.register { r in
            guard closesCycle.value else { return CycleB(nil) }
            do throws(BoxError) {
                return CycleB(try r.tryResolve(CycleA.self))
            } catch {
                captured.mutate { $0 = error }
                return CycleB(nil)
            }
        }
        _ = box.resolve() as CycleA
        closesCycle.mutate { $0 = true }
        _ = box.resolve() as CycleA
        let error = try #require(captured.value)
        #expect(error.reason == .cycle)
        #expect(error.chain == ["BoxKitTests.CycleA", "BoxKitTests.CycleB", "BoxKitTests.CycleA"])
    }

    @Test("two threads resolving the same service at once is not a cycle", arguments: backends)
    func concurrentResolveIsNotCycle(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { () -> Engine in
            Thread.sleep(forTimeInterval: 0.001)
            return Engine()
        }
        DispatchQueue.concurrentPerform(iterations: 64) { _ in _ = box.resolve() as Engine }
    }

    @Test("resolving a missing service stops the program with a full message", arguments: backendNames)
    func missingTraps(backend: String) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [backend] in
            let box = Box(backendNamed: backend)
            box.register(key: "Audi") { Car() }
            box.register { r in Car(engine: r.resolve(Engine.self, key: "V8")) }
            _ = box.resolve() as Car
        }
        let stderr = standardError(of: result)
        #expect(stderr.contains(#"no registration for BoxKitTests.Engine[key: "V8"]"#))
        #expect(stderr.contains(#"Resolution chain: BoxKitTests.Car -> BoxKitTests.Engine[key: "V8"]"#))
    }

    @Test("a cycle stops the program and names the cycle", arguments: backendNames)
    func cycleTraps(backend: String) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [backend] in
            let box = Box(backendNamed: backend)
            box.register { r in CycleA(r.resolve()) }
            box.register(life: .permanent) { r in CycleB(r.resolve() as CycleA) }
            _ = box.resolve() as CycleA
        }
        let stderr = standardError(of: result)
        #expect(
            stderr.contains(
                "circular dependency while resolving BoxKitTests.CycleA: "
                    + "BoxKitTests.CycleA -> BoxKitTests.CycleB -> BoxKitTests.CycleA"))
    }
}

/// An error's text when long keys and many registrations are near the request.
@Suite("Error text limits")
struct ErrorTextLimitTests {
    /// A key of 10 MiB, made once.
    static let hugeKey = String(repeating: "k", count: 10 << 20)

    @Test("an unrelated miss's text names a long key registered nearby by its first 64 characters", arguments: backends)
    func longKeyNearbyIsCut(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register(key: Self.hugeKey) { Car() }
        let error = try #require(caught { () throws(BoxError) in try box.tryResolve(Car?.self) })
        let shown = #"BoxKitTests.Car[key: ""# + String(repeating: "k", count: 64) + #""… (10485760 characters)]"#
        #expect(error.nearest == [shown])
        #expect(error.description.utf8.count < 1_024)
        #expect(error.description.contains("Registered nearby: \(shown)."))
    }

    @Test("a miss of a long key keeps it whole in BoxError.key and cuts it in the text", arguments: backends)
    func longKeyRequestedIsWholeInKey(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        let error = try #require(caught { () throws(BoxError) in try box.tryResolve(Engine.self, key: Self.hugeKey) })
        let keptWhole = error.key == Self.hugeKey  // outside #expect, which would render both keys on failure
        #expect(keptWhole)
        #expect(error.description.utf8.count < 1_024)
        #expect(error.chain.allSatisfy { $0.utf8.count < 200 })
        #expect(error.description.contains("… (10485760 characters)]"))
    }

    /// The error `body` throws, caught without `#require(throws:)`, which renders every string an error holds
    /// (a 10 MiB key takes seconds).
    private func caught<Service>(_ body: () throws(BoxError) -> Service) -> BoxError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }

    @Test("a key of 64 characters or fewer is shown whole, however many bytes it takes", arguments: backends)
    func shortKeysAreWhole(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        let key = String(repeating: "é", count: 64)  // 128 UTF-8 bytes, 64 characters
        let error = try expectBoxError(.notRegistered) { try box.tryResolve(Engine.self, key: key) }
        #expect(error.chain == ["BoxKitTests.Engine[key: \"\(key)\"]"])
    }

    @Test("an error's text names the first eight registrations nearby, then how many more", arguments: backends)
    func nearestListIsCut(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        for index in 0..<20 { box.register(key: "car \(index)") { Car() } }
        let error = try expectBoxError(.notRegistered) { try box.tryResolve(Car.self) }
        #expect(error.nearest == (0..<8).map { #"BoxKitTests.Car[key: "car \#($0)"]"# })
        #expect(error.description.hasSuffix(#"BoxKitTests.Car[key: "car 7"], and 12 more."#))
    }

    @Test("an error made with many nearest registrations names eight in its text, then how many more")
    func givenNearestListIsCut() {
        let error = BoxError(
            reason: .notRegistered, serviceType: "App.Car", key: nil, chain: ["App.Car"],
            nearest: (0..<10).map { "App.Car\($0)" })
        #expect(error.nearest.count == 10)
        #expect(error.description.hasSuffix("App.Car7, and 2 more."))
    }
}
