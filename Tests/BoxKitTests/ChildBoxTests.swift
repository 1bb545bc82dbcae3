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

    @Test("a child keeps resolving its ancestors' registrations after the app releases them", arguments: backends)
    func orphanedChildKeepsResolving(backend: Box.Backend) {
        var root: Box? = Box(backend: backend)
        root!.register(life: .permanent) { Engine(cylinders: 8) }
        root!.register { r in Car(engine: r.resolve()) }
        var middle: Box? = root!.newChildBox(forKey: "middle")
        let child = middle!.newChildBox(forKey: "child")
        root = nil
        middle = nil
        #expect(child.parentBox == nil)
        #expect(child.resolve(Engine.self).cylinders == 8)
        #expect(child.resolve(Car.self).engine === child.resolve(Engine.self), "the permanent is still shared")
        #expect(child.isRegistered(Car.self))
    }

    @Test("a released tree of boxes frees every box and every instance they kept", arguments: backends)
    func releasedTreeFreesEverything(backend: Box.Backend) {
        var root: Box? = Box(backend: backend)
        root!.register(life: .permanent) { Tracked(1) }
        let child = root!.newChildBox(forKey: "child")
        child.register(life: .permanent) { Tracked(2) }
        let grandchild = child.newChildBox(forKey: "grandchild")
        let rootInstance = WeakReference(grandchild.resolve(Tracked.self) as Tracked)
        let childInstance = WeakReference(child.resolve(Tracked.self) as Tracked)
        let boxes = (WeakReference(root), WeakReference(child), WeakReference(grandchild))
        #expect(rootInstance.object != nil && childInstance.object != nil)
        root = nil
        #expect(boxes.0.object == nil, "the children keep the root's registrations, not the root box")
        #expect(rootInstance.object != nil, "the grandchild, held by its parent, keeps the root's registrations")
        _ = consume child
        _ = consume grandchild
        #expect(boxes.0.object == nil && boxes.1.object == nil && boxes.2.object == nil)
        #expect(rootInstance.object == nil && childInstance.object == nil)
    }
}
