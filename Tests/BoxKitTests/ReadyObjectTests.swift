@_spi(Baseline) import BoxKitTestSupport
import CBoxTable
import Testing

@_spi(Baseline) @testable import BoxKit

/// A ready permanent class instance is published in its box's type index, where an unkeyed resolve reads it
/// without reading the registration (`Box._publish(readyObject:of:)`, `cbox_table_publish_ready`). The index
/// must publish exactly the instance of the registration it holds now: never one a re-registration or a
/// reset replaced, and never for a resolve whose dependency a first creation is recording.
@Suite("Ready objects in the type index")
struct ReadyObjectTests {
    /// The object the type index of `box` publishes for `type`'s unkeyed registration, if any.
    func published<Service>(_ type: Service.Type, in box: Box) -> AnyObject? {
        let reader = cbox_reader_current()
        cbox_read_begin(reader)
        defer { cbox_read_end(reader) }
        return cbox_table_type_entry(box._table!, _typeBits(ObjectIdentifier(type)))
            .flatMap(cbox_type_entry_ready)
            .map { Unmanaged<AnyObject>.fromOpaque($0).takeUnretainedValue() }
    }

    @Test("the first creation of a permanent class instance publishes it; resolves return that instance")
    func firstCreationPublishes() {
        let box = Box()
        box.register(life: .permanent) { Engine() }
        #expect(published(Engine.self, in: box) == nil, "nothing is ready before the first resolve")

        let engine: Engine = box.resolve()
        #expect(published(Engine.self, in: box) === engine)
        #expect(box.resolve(Engine.self) === engine)
    }

    @Test("transient, weak, graph and keyed registrations, and value types, publish nothing")
    func onlyUnkeyedPermanentClassesPublish() {
        let box = Box()
        box.register { Car() }
        box.register(life: .weak) { Tracked() }
        box.register(life: .graph) { SafetyCar() }
        box.register(key: "BMW", life: .permanent) { Engine() }
        box.register(life: .permanent) { Point(x: 1, y: 2) }
        let held: Tracked = box.resolve()
        _ = (
            box.resolve() as Car, box.resolve() as SafetyCar, box.resolve(Engine.self, key: "BMW"),
            box.resolve() as Point
        )

        #expect(published(Car.self, in: box) == nil)
        #expect(published(Tracked.self, in: box) == nil)
        #expect(published(SafetyCar.self, in: box) == nil)
        #expect(published(Engine.self, in: box) == nil)
        withExtendedLifetime(held) {}
    }

    @Test("a re-registration withdraws the published instance: the next resolve makes the new one", arguments: backends)
    func reRegistrationWithdraws(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(life: .permanent) { Engine() }
        let old: Engine = box.resolve()
        box.register(life: .permanent) { Engine() }

        let new: Engine = box.resolve()
        #expect(new !== old)
        #expect(box.resolve(Engine.self) === new)
    }

    @Test("reset() withdraws the published instance, and the new one is published", arguments: backends)
    func resetWithdraws(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(life: .permanent) { Engine() }
        let old: Engine = box.resolve()
        box.reset()

        let new: Engine = box.resolve()
        #expect(new !== old)
        #expect(box.resolve(Engine.self) === new)
        if backend == .hashTable { #expect(published(Engine.self, in: box) === new) }
    }

    @Test("a permanent resolved through a child box is published in the box that holds it", arguments: backends)
    func publishedWhereHeld(backend: Box.Backend) {
        let parent = Box(backend: backend)
        parent.register(life: .permanent) { Engine() }
        let child = parent.newChildBox(forKey: "child")

        let engine: Engine = child.resolve()
        #expect(parent.resolve(Engine.self) === engine)
        #expect(child.resolve(Engine.self) === engine)
        if backend == .hashTable {
            #expect(published(Engine.self, in: parent) === engine)
            #expect(published(Engine.self, in: child) == nil)
        }
    }

    @Test(
        "a first creation that resolves a published instance still records it as a dependency", arguments: backends)
    func recordingSeesPublishedInstances(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(life: .permanent) { Engine() }
        let engine: Engine = box.resolve()
        box.register { r in Car(engine: r.resolve()) }

        #expect(box.resolve(Car.self).engine === engine)
        #expect(box.dependencyGraph().edges == [.init(from: "BoxKitTests.Car", to: "BoxKitTests.Engine")])
    }
}
