@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Testing

/// Registers a permanent engine with a configurable cylinder count.
private struct EngineModule: BoxModule {
    var cylinders = 4
    func register(in box: Box) {
        box.register(life: .permanent) { Engine(cylinders: cylinders) }
    }
}

/// Registers cars built on whatever engine the box resolves.
private struct GarageModule: BoxModule {
    func register(in box: Box) {
        box.register { r in Car(engine: r.resolve(), name: "garage") }
        box.register(key: "BMW") { r in Car(engine: r.resolve(), name: "BMW") }
    }
}

/// Installs other modules and a child box of its own.
private struct AppModule: BoxModule {
    func register(in box: Box) {
        box.install(EngineModule(cylinders: 6), GarageModule())
        box.newChildBox(forKey: "track").install(EngineModule(cylinders: 12))
    }
}

/// Records the order modules are installed in.
private struct RecordingModule: BoxModule {
    let name: String
    let log: Mutexed<[String]>
    func register(in box: Box) {
        log.mutate { $0.append(name) }
    }
}

@Suite("Modules")
struct ModuleTests {
    @Test("install registers every module's services", arguments: backends)
    func installVariadic(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.install(EngineModule(cylinders: 8), GarageModule())
        #expect(box.registeredServiceCount == 3)
        #expect((box.resolve() as Car).engine.cylinders == 8)
        #expect((box.resolve(key: "BMW") as Car).name == "BMW")
        #expect((box.resolve() as Car).engine === (box.resolve() as Engine))
    }

    @Test("install accepts an array of modules", arguments: backends)
    func installArray(backend: Box.Backend) {
        let box = Box(backend: backend)
        let modules: [any BoxModule] = [GarageModule(), EngineModule(cylinders: 3)]
        box.install(modules)
        #expect(box.registeredServiceCount == 3)
        #expect((box.resolve(key: "BMW") as Car).engine.cylinders == 3)
    }

    @Test("modules install first to last, and a later one replaces an earlier one's registration", arguments: backends)
    func installOrder(backend: Box.Backend) {
        let box = Box(backend: backend)
        let log = Mutexed<[String]>([])
        box.install(RecordingModule(name: "a", log: log), RecordingModule(name: "b", log: log))
        box.install([RecordingModule(name: "c", log: log)])
        #expect(log.value == ["a", "b", "c"])
        box.install(EngineModule(cylinders: 4), EngineModule(cylinders: 10))
        #expect(box.registeredServiceCount == 1)
        #expect((box.resolve() as Engine).cylinders == 10)
    }

    @Test("a module may install other modules and set up child boxes", arguments: backends)
    func nestedModules(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.install(AppModule())
        #expect((box.resolve() as Car).engine.cylinders == 6)
        let track = try #require(box.childBox(forKey: "track"))
        #expect(track.backend == backend)
        #expect((track.resolve() as Engine).cylinders == 12)
        #expect(box.childServiceCount == 4)
    }

    @Test("installing no modules changes nothing", arguments: backends)
    func installNothing(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.install()
        box.install([])
        #expect(box.registeredServiceCount == 0)
    }
}
