@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Foundation
import Testing

// What happens when async factories meet synchronous resolves, missing registrations and cycles.

@Suite("Async factories: errors and cycles")
struct AsyncErrorTests {
    @Test(
        "a synchronous tryResolve of an async registration throws asyncFactory, also once it exists",
        arguments: backends)
    func syncTryResolveThrows(backend: Box.Backend) async throws {
        let box = Box(backend: backend)
        box.register(key: "V8", life: .permanent) { () async -> Engine in
            await suspend()
            return Engine(cylinders: 8)
        }
        box.register { Engine() }
        for round in 0..<2 {
            let error = try expectBoxError(.asyncFactory) { try box.tryResolve(Engine.self, key: "V8") }
            #expect(error.serviceType == "BoxKitTests.Engine")
            #expect(error.key == "V8")
            #expect(error.chain == [#"BoxKitTests.Engine[key: "V8"]"#])
            #expect(error.nearest == ["BoxKitTests.Engine"])
            #expect(
                error.description.contains(
                    #"BoxKitTests.Engine[key: "V8"] is registered with an async factory"#
                        + #", which a synchronous resolve cannot run. "#
                        + #"Use `await box.resolveAsync(BoxKitTests.Engine.self, key: "V8")` "#
                        + "(or tryResolveAsync, resolveAllAsync; `await box.resolve` with BoxKitAwait) "
                        + "from async code."))
            if round == 0 { #expect(await box.resolveAsync(Engine.self, key: "V8").cylinders == 8) }
        }
    }

    @Test(
        "a synchronous factory that resolves an async registration gets asyncFactory with the chain",
        arguments: backends)
    func syncFactoryResolvingAsyncRegistration(backend: Box.Backend) async throws {
        let box = Box(backend: backend)
        let captured = Mutexed<BoxError?>(nil)
        box.register { () async -> Engine in Engine() }
        box.register { r in
            do throws(BoxError) {
                return Car(engine: try r.tryResolve(Engine.self))
            } catch {
                captured.mutate { $0 = error }
                return Car()
            }
        }
        _ = await box.resolveAsync(Car.self)
        let error = try #require(captured.value)
        #expect(error.reason == .asyncFactory)
        #expect(error.chain == ["BoxKitTests.Car", "BoxKitTests.Engine"])
    }

    @Test("the message names the service type as a Swift expression that compiles", arguments: backends)
    func messageTypeExpressions(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register { () async -> any Vehicle in Car() }
        box.register { () async -> (Int, String) in (1, "one") }
        let vehicle = try #require(throws: BoxError.self) { try box.tryResolve((any Vehicle).self) }
        #expect(vehicle.description.contains("`await box.resolveAsync(BoxKitTests.Vehicle.self)`"))
        let tuple = try #require(throws: BoxError.self) { try box.tryResolve((Int, String).self) }
        #expect(tuple.description.contains("`await box.resolveAsync(((Swift.Int, Swift.String)).self)`"))
        _ = (BoxKitTests.Vehicle.self, ((Swift.Int, Swift.String)).self)  // as the messages spell them
    }

    @Test("tryResolveAsync throws notRegistered with the chain of async factories in flight", arguments: backends)
    func missingInsideAsyncFactory(backend: Box.Backend) async throws {
        let box = Box(backend: backend)
        let captured = Mutexed<BoxError?>(nil)
        box.register(key: "V6") { Engine(cylinders: 6) }
        box.register { r in
            do throws(BoxError) {
                return Car(engine: try await r.tryResolveAsync(Engine.self, key: "V12"))
            } catch {
                captured.mutate { $0 = error }
                return Car()
            }
        }
        _ = await box.resolveAsync(Car.self)
        let error = try #require(captured.value)
        #expect(error.reason == .notRegistered)
        #expect(error.chain == ["BoxKitTests.Car", #"BoxKitTests.Engine[key: "V12"]"#])
        #expect(error.nearest == [#"BoxKitTests.Engine[key: "V6"]"#])
        let direct = await #expect(throws: BoxError.self) { try await box.tryResolveAsync(Engine.self) }
        #expect(direct?.reason == .notRegistered)
        #expect(direct?.chain == ["BoxKitTests.Engine"])
    }

    @Test(
        "a cycle through async factories is reported, A -> B -> A", arguments: backends, asyncLifetimes)
    func asyncCycle(backend: Box.Backend, life: LifeType) async throws {
        let box = Box(backend: backend)
        let captured = Mutexed<BoxError?>(nil)
        box.register(life: life) { r in CycleA(await r.resolveAsync()) }
        box.register(life: life) { r in
            do throws(BoxError) {
                return CycleB(try await r.tryResolveAsync(CycleA.self))
            } catch {
                captured.mutate { $0 = error }
                return CycleB(nil)
            }
        }
        _ = await box.resolveAsync(CycleA.self)
        let error = try #require(captured.value)
        #expect(error.reason == .cycle)
        #expect(error.chain == ["BoxKitTests.CycleA", "BoxKitTests.CycleB", "BoxKitTests.CycleA"])
    }

    @Test(
        "a cycle of synchronous factories reached from an async one is reported with the whole chain",
        arguments: backends)
    func syncCycleInsideAsyncFactory(backend: Box.Backend) async throws {
        let box = Box(backend: backend)
        box.register { r in
            await suspend()
            _ = r.resolve() as CycleA
            return Car()
        }
        let captured = registerCycleCatchingItsError(in: box)
        _ = await box.resolveAsync(Car.self)
        let error = try #require(captured.value)
        #expect(error.reason == .cycle)
        #expect(
            error.chain == ["BoxKitTests.Car", "BoxKitTests.CycleA", "BoxKitTests.CycleB", "BoxKitTests.CycleA"])
    }

    @Test("two tasks resolving the same async service at once is not a cycle", arguments: backends)
    func concurrentResolveIsNotCycle(backend: Box.Backend) async {
        let box = Box(backend: backend)
        box.register { await Connection.open() }
        box.register(life: .permanent) { r in await Car(name: "\(r.resolveAsync(Connection.self).id)") }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<32 {
                group.addTask {
                    _ = await box.resolveAsync(Connection.self)
                    _ = await box.resolveAsync(Car.self)
                }
            }
        }
    }

    @Test(
        "resolving an async registration synchronously stops the program with a full message", arguments: backendNames)
    func syncResolveTraps(backend: String) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [backend] in
            let box = Box(backendNamed: backend)
            box.register(life: .permanent) { () async -> Engine in Engine() }
            box.register { r in Car(engine: r.resolve()) }
            _ = await box.resolveAsync(Engine.self)
            _ = box.resolve() as Car
        }
        let stderr = standardError(of: result)
        #expect(
            stderr.contains(
                "BoxKitTests.Engine is registered with an async factory, which a synchronous resolve cannot "
                    + "run. Use `await box.resolveAsync(BoxKitTests.Engine.self)`"))
        #expect(stderr.contains("Resolution chain: BoxKitTests.Car -> BoxKitTests.Engine."))
    }

    @Test("resolveAll stops the program at an async registration rather than leave it out", arguments: backendNames)
    func resolveAllTraps(backend: String) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [backend] in
            let box = Box(backendNamed: backend)
            box.register(key: "sync") { Car() }
            box.register(key: "async") { () async -> Car in Car() }
            _ = box.resolveAll(Car.self)
        }
        let stderr = standardError(of: result)
        #expect(stderr.contains(#"BoxKitTests.Car[key: "async"] is registered with an async factory"#))
    }

    @Test(
        "a ServiceProvider, ServiceStoring.service and @BoxedIfRegistered stop at an async registration",
        arguments: backendNames)
    func providersTrap(backend: String) async {
        let provider = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [backend] in
            let box = Box(backendNamed: backend)
            box.register(key: "BMW") { () async -> Car in Car() }
            let makeCar = box.provider(Car.self, key: "BMW")
            _ = makeCar()
        }
        let service = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [backend] in
            let box = Box(backendNamed: backend)
            let registration = box.register(key: "BMW") { () async -> Car in Car() }
            _ = registration.service(box)
        }
        let property = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [backend] in
            let box = Box(backendNamed: backend)
            box.register(key: "BMW") { () async -> Car in Car() }
            @BoxedIfRegistered(key: "BMW", in: box) var car: Car?
            _ = car
        }
        for result in [provider, service, property] {
            let stderr = standardError(of: result)
            #expect(stderr.contains(#"Use `await box.resolveAsync(BoxKitTests.Car.self, key: "BMW")`"#))
        }
    }
}
