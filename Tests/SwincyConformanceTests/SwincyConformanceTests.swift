import BoxKit
import Testing

// User code written against SwincyBox's protocols, compiled in Swift 5 mode as such code usually is:
// a test double of the box (a class with mutable state) and a value type that stores a constant.

final class Engine {
    let cylinders: Int
    init(cylinders: Int = 4) { self.cylinders = cylinders }
}

/// A registration handed out by `MockBox`: remembers its hooks, makes nothing itself.
struct RecordedStore: ServiceStoring {
    let record: MockBox
    let name: String

    func service(_ resolver: Resolver) -> Any { name }
    func onInitialised(_ closure: @escaping (_ resolver: Resolver, _ service: Any) -> Void) {
        record.hooks.append(name)
    }
}

/// A test double of the box, as an app's tests write one against SwincyBox's `BoxApi`.
final class MockBox: BoxApi {
    var registered: [String] = []
    var hooks: [String] = []
    var cleared = 0
    var factories: [String: () -> Any] = [:]

    var registeredServiceCount: Int { registered.count }

    @discardableResult
    func register<Service>(_ type: Service.Type, key: String?, life: LifeType, _ factory: @escaping () -> Service)
        -> ServiceStoring
    {
        let name = "\(type)[\(key ?? "")]"
        registered.append(name)
        factories[name] = factory
        return RecordedStore(record: self, name: name)
    }

    @discardableResult
    func register<Service>(
        _ type: Service.Type, key: String?, life: LifeType, _ factory: @escaping (Resolver) -> Service
    ) -> ServiceStoring {
        let name = "\(type)[\(key ?? "")]"
        registered.append(name)
        return RecordedStore(record: self, name: name)
    }

    func resolve<Service>(_ type: Service.Type, key: String?) -> Service {
        factories["\(type)[\(key ?? "")]"]!() as! Service
    }

    func clear() {
        registered.removeAll()
        cleared += 1
    }

    func newChildBox(forKey key: String) -> Box { Box() }
    func childBox(forKey key: String) -> Box? { nil }
}

/// A registration that always hands out one value.
struct ConstantStore: ServiceStoring {
    let value: Int
    func service(_ resolver: Resolver) -> Any { value }
    func onInitialised(_ closure: @escaping (_ resolver: Resolver, _ service: Any) -> Void) {}
}

/// App code that only knows `BoxApi`, as SwincyBox users write their composition roots.
func installEngines(in box: BoxApi) {
    box.register(Engine.self, key: "V8", life: .permanent) { Engine(cylinders: 8) }
        .onInitialised { _, _ in }
    box.register(Engine.self, key: nil, life: .transient) { Engine() }
}

@Suite("Code written against SwincyBox's protocols, in Swift 5 mode")
struct SwincyConformanceTests {
    @Test("a class with mutable state conforms to BoxApi and stands in for the box")
    func mockBoxStandsIn() {
        let mock = MockBox()
        installEngines(in: mock)
        #expect(mock.registered == ["Engine[V8]", "Engine[]"])
        #expect(mock.hooks == ["Engine[V8]"])
        #expect(mock.registeredServiceCount == 2)
        #expect(mock.resolve(Engine.self, key: "V8").cylinders == 8)
        mock.clear()
        #expect(mock.cleared == 1 && mock.registeredServiceCount == 0)
    }

    @Test("the same code registers into a real Box")
    func realBoxTakesTheSameCode() {
        let box = Box()
        installEngines(in: box)
        #expect(box.registeredServiceCount == 2)
        #expect((box.resolve(key: "V8") as Engine).cylinders == 8)
        #expect(box.resolve(Engine.self) !== box.resolve(Engine.self))
    }

    @Test("a value type conforms to ServiceStoring, and hooks chain on it")
    func valueTypeServiceStoring() {
        let store: ConstantStore = ConstantStore(value: 42).onInitialised { _, _ in }.onInitialised { _, _ in }
        #expect(store.service(Box()) as? Int == 42)
        let existential: ServiceStoring = store
        existential.onInitialised { _, _ in }
        #expect(existential.service(Box()) as? Int == 42)
    }

    @Test("a registration's service(_:) resolves through the box, honouring its lifetime")
    func registrationServiceResolves() {
        let box = Box()
        let registration = box.register(Engine.self, key: nil, life: .permanent) { Engine(cylinders: 6) }
        let first = registration.service(box) as? Engine
        #expect(first?.cylinders == 6)
        #expect(first === registration.service(box) as? Engine)
    }

    @Test("a child box keeps resolving its parent's registrations after the parent is released")
    func orphanedChild() {
        var root: Box? = Box()
        root!.register(Engine.self, key: nil, life: .permanent) { Engine(cylinders: 6) }
        let child = root!.newChildBox(forKey: "garage")
        root = nil
        let engine = child.resolve() as Engine
        #expect(engine.cylinders == 6)
        #expect(engine === child.resolve() as Engine)
    }
}
