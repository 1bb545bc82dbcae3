@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Testing

@Suite("Box(copying:)")
struct CopyingTests {
    @Test("a copy has the box's and its ancestors' registrations, the nearest winning", arguments: backends)
    func copiesTheLineage(backend: Box.Backend) throws {
        let root = Box(backend: backend)
        root.register(key: "V6") { Engine(cylinders: 6) }
        root.register { Engine(cylinders: 4) }
        let child = root.newChildBox(forKey: "child")
        child.register { Engine(cylinders: 8) }
        child.register(OrderedCar.self) { (_: Resolver, colour: String) in OrderedCar(colour: colour) }

        let copy = Box(copying: child)
        #expect(copy.registeredServiceCount == 3)
        #expect(copy.resolve(Engine.self).cylinders == 8)
        #expect(copy.resolve(Engine.self, key: "V6").cylinders == 6)
        #expect(copy.resolve(OrderedCar.self, arguments: "red").colour == "red")
        #expect(copy.parentBox == nil)
    }

    @Test("a copy makes its own permanent instances and keeps the hooks", arguments: backends)
    func ownInstancesSameHooks(backend: Box.Backend) {
        let box = Box(backend: backend)
        let hooks = Counter()
        box.register(life: .permanent) { Engine() }.onInitialised { _, _ in hooks.increment() }
        let original = box.resolve(Engine.self)
        let copy = Box(copying: box)
        let copied = copy.resolve(Engine.self)
        #expect(copied !== original)
        #expect(copied === copy.resolve(Engine.self))
        #expect(hooks.count == 2, "the hook ran for each box's one creation")
    }

    @Test("registering into a copy leaves the original as it is", arguments: backends)
    func independentOfTheOriginal(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Engine(cylinders: 4) }
        let copy = Box(copying: box)
        copy.register { Engine(cylinders: 12) }
        copy.register { Car() }
        #expect(box.resolve(Engine.self).cylinders == 4)
        #expect(!box.isRegistered(Car.self))
        box.clear()
        #expect(copy.resolve(Engine.self).cylinders == 12)
    }

    @Test("async registrations are copied", arguments: backends)
    func copiesAsync(backend: Box.Backend) async {
        let box = Box(backend: backend)
        box.register(life: .permanent) { () async -> Engine in Engine(cylinders: 10) }
        let copy = Box(copying: box)
        #expect(await copy.resolveAsync(Engine.self).cylinders == 10)
        #expect(await copy.resolveAsync(Engine.self) !== (await box.resolveAsync(Engine.self)))
    }
}
