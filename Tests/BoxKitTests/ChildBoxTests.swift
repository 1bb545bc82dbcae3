@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Testing

@Suite("Child boxes")
struct ChildBoxTests {
    @Test("childBox(forKey:) finds the child newChildBox(forKey:) made", arguments: backends)
    func childBoxLookup(backend: Box.Backend) {
        let box = Box(backend: backend)
        let bmw = box.newChildBox(forKey: "bmw")
        #expect(box.childBox(forKey: "bmw") === bmw)
        #expect(box.childBox(forKey: "audi") == nil)
        #expect(bmw.parentBox === box)
        #expect(bmw.backend == backend)
    }

    @Test("a child resolves its own registrations first, then its parent's", arguments: backends)
    func childOverridesAndFallsBack(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Engine(cylinders: 4) }
        box.register(key: "BMW") { Car(name: "parent BMW") }
        let child = box.newChildBox(forKey: "child")
        child.register { Engine(cylinders: 8) }
        #expect((child.resolve() as Engine).cylinders == 8)
        #expect((box.resolve() as Engine).cylinders == 4)
        #expect((child.resolve(key: "BMW") as Car).name == "parent BMW")
    }

    @Test("a transient factory in the parent resolves through the child it was reached from", arguments: backends)
    func transientFactoryReceivesOrigin(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Engine(cylinders: 4) }
        box.register { r in Car(engine: r.resolve()) }
        let sports = box.newChildBox(forKey: "sports")
        sports.register { Engine(cylinders: 12) }
        #expect((sports.resolve() as Car).engine.cylinders == 12)
        #expect((box.resolve() as Car).engine.cylinders == 4)
    }

    @Test("a permanent factory in the parent resolves through the parent and is shared", arguments: backends)
    func permanentFactoryReceivesOwner(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Engine(cylinders: 4) }
        box.register(life: .permanent) { r in Car(engine: r.resolve()) }
        let sports = box.newChildBox(forKey: "sports")
        sports.register { Engine(cylinders: 12) }
        let fromChild = sports.resolve() as Car
        #expect(fromChild.engine.cylinders == 4)
        #expect(fromChild === (box.resolve() as Car))
    }

    @Test("grandchildren fall back through every ancestor", arguments: backends)
    func grandchildFallsBack(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(key: "root") { Car(name: "root") }
        let grandchild = box.newChildBox(forKey: "a").newChildBox(forKey: "b")
        #expect((grandchild.resolve(key: "root") as Car).name == "root")
    }

    @Test("childServiceCount counts this box and every descendant", arguments: backends)
    func childServiceCount(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Car() }
        let bmw = box.newChildBox(forKey: "bmw")
        bmw.register { Engine() }
        bmw.register(key: "x") { Engine() }
        let m3 = bmw.newChildBox(forKey: "m3")
        m3.register { Engine() }
        box.newChildBox(forKey: "audi").register { Car() }
        #expect(box.registeredServiceCount == 1)
        #expect(box.childServiceCount == 5)
        #expect(bmw.childServiceCount == 3)
    }

    @Test("clear keeps the children's registrations; clearAll removes them", arguments: backends)
    func clearAndClearAll(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Car() }
        let child = box.newChildBox(forKey: "child")
        child.register { Engine() }
        child.newChildBox(forKey: "grandchild").register { Engine() }
        box.clear()
        #expect(box.registeredServiceCount == 0)
        #expect(box.childServiceCount == 2)
        box.register { Car() }
        box.clearAll()
        #expect(box.childServiceCount == 0)
        #expect(box.childBox(forKey: "child") === child)
    }

    @Test("newChildBox(forKey:) with an existing key replaces that child", arguments: backends)
    func newChildReplaces(backend: Box.Backend) {
        let box = Box(backend: backend)
        let first = box.newChildBox(forKey: "bmw")
        first.register { Engine() }
        let second = box.newChildBox(forKey: "bmw")
        #expect(box.childBox(forKey: "bmw") === second)
        #expect(box.childServiceCount == 0)
    }
}
