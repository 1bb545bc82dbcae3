@_spi(Baseline) import BoxKitTestSupport
import CBoxTable
import Testing

@_spi(Baseline) @testable import BoxKit

/// A ready permanent class instance is published in its box's table, in its slot and in its type-index entry
/// (for no key or a short one), where a resolve reads it without reading the registration
/// (`Box._publish(readyObject:of:)`, `cbox_table_publish_ready`). Each must publish exactly the instance of
/// the registration it holds now: never one a re-registration or a reset replaced, and never for a resolve
/// whose dependency a first creation is recording.
@Suite("Ready objects in the type index and the slots")
struct ReadyObjectTests {
    /// The object the type index of `box` publishes for `type`'s registration with `key` (nil: none), if any.
    func published<Service>(_ type: Service.Type, key: String? = nil, in box: Box) -> AnyObject? {
        let reader = cbox_reader_current()
        cbox_read_begin(reader)
        defer { cbox_read_end(reader) }
        let word = _withKeyBytes(key) { bytes, hasKey, _ in cbox_key_word(bytes.baseAddress, bytes.count, hasKey) }
        return cbox_table_index_entry(box._table!, _typeBits(ObjectIdentifier(type)), word)
            .flatMap(cbox_type_entry_ready)
            .map { Unmanaged<AnyObject>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The object published in the slot of `type`'s registration with `key` (nil: none) in `box`'s table, if
    /// any.
    func publishedInSlot<Service>(_ type: Service.Type, key: String? = nil, in box: Box) -> AnyObject? {
        let reader = cbox_reader_current()
        cbox_read_begin(reader)
        defer { cbox_read_end(reader) }
        let typeBits = _typeBits(ObjectIdentifier(type))
        return _withTableKey(typeBits, key) { bytes, hash, word, _ in
            cbox_table_find_slot(box._table!, hash, typeBits, bytes.baseAddress, bytes.count, word)
        }
        .flatMap(cbox_slot_ready)
        .map { Unmanaged<AnyObject>.fromOpaque($0).takeUnretainedValue() }
    }

    @Test("the first creation of a permanent class instance publishes it; resolves return that instance")
    func firstCreationPublishes() {
        let box = Box()
        box.register(life: .permanent) { Engine() }
        #expect(published(Engine.self, in: box) == nil, "nothing is ready before the first resolve")

        let engine: Engine = box.resolve()
        #expect(published(Engine.self, in: box) === engine)
        #expect(publishedInSlot(Engine.self, in: box) === engine)
        #expect(box.resolve(Engine.self) === engine)
    }

    @Test("a permanent with a key of at most 7 bytes is published in the index; a longer key, in its slot alone")
    func shortKeysPublish() {
        let box = Box()
        box.register(key: "BMW", life: .permanent) { Engine(cylinders: 8) }
        box.register(key: "a key longer than seven bytes", life: .permanent) { Engine(cylinders: 12) }
        box.register(life: .permanent) { Engine(cylinders: 4) }
        let bmw = box.resolve(Engine.self, key: "BMW")
        let long = box.resolve(Engine.self, key: "a key longer than seven bytes")
        let plain = box.resolve(Engine.self)

        #expect(published(Engine.self, key: "BMW", in: box) === bmw)
        #expect(published(Engine.self, key: "a key longer than seven bytes", in: box) == nil)
        #expect(publishedInSlot(Engine.self, key: "a key longer than seven bytes", in: box) === long)
        #expect(published(Engine.self, in: box) === plain)
        #expect(box.resolve(Engine.self, key: "BMW") === bmw && bmw.cylinders == 8)
        #expect(box.resolve(Engine.self, key: "a key longer than seven bytes") === long)
        #expect((try? box.tryResolve(Engine.self, key: "BM")) == nil, "a key the index does not hold")
    }

    @Test("a keyed re-registration withdraws its published instance and leaves the others'")
    func keyedReRegistrationWithdraws() {
        let box = Box()
        for key in ["BMW", "VW", ""] { box.register(key: key, life: .permanent) { Engine() } }
        box.register(life: .permanent) { Engine() }
        let before = ["BMW", "VW", ""].map { box.resolve(Engine.self, key: $0) }
        let plain = box.resolve(Engine.self)
        box.register(key: "BMW", life: .permanent) { Engine() }

        #expect(published(Engine.self, key: "BMW", in: box) == nil)
        #expect(publishedInSlot(Engine.self, key: "BMW", in: box) == nil)
        #expect(box.resolve(Engine.self, key: "BMW") !== before[0])
        #expect(box.resolve(Engine.self, key: "VW") === before[1])
        #expect(box.resolve(Engine.self, key: "") === before[2])
        #expect(box.resolve(Engine.self) === plain)
        #expect(plain !== before[2], "the empty key is a key, not none")
    }

    @Test("a short key resolved from heap storage, or outside ASCII, finds the same published instance")
    func shortKeysInAnyFormResolveTheOneInstance() {
        let box = Box()
        box.register(key: "BMW", life: .permanent) { Engine() }
        box.register(key: "é", life: .permanent) { Engine() }
        let bmw = box.resolve(Engine.self, key: "BMW")
        let accented = box.resolve(Engine.self, key: "é")

        #expect(box.resolve(Engine.self, key: inStorage("BMW")) === bmw)
        #expect(box.resolve(Engine.self, key: "e\u{301}") === accented, "the decomposed form of the same key")
    }

    @Test("transient, weak and graph registrations, and value types, publish nothing")
    func onlyPermanentClassesPublish() {
        let box = Box()
        box.register { Car() }
        box.register(life: .weak) { Tracked() }
        box.register(life: .graph) { SafetyCar() }
        box.register(key: "BMW") { Engine() }
        box.register(life: .permanent) { Point(x: 1, y: 2) }
        let held: Tracked = box.resolve()
        _ = (
            box.resolve() as Car, box.resolve() as SafetyCar, box.resolve(Engine.self, key: "BMW"),
            box.resolve() as Point
        )

        #expect(published(Car.self, in: box) == nil)
        #expect(published(Tracked.self, in: box) == nil)
        #expect(published(SafetyCar.self, in: box) == nil)
        #expect(published(Engine.self, key: "BMW", in: box) == nil)
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

    @Test("a first creation that outlives its registration publishes nothing: the new registration's instance follows")
    func latePublicationIsRefused() {
        let box = Box()
        var replaced = false
        box.register(life: .permanent) { [unowned box] () -> Engine in
            if !replaced {
                replaced = true
                box.register(life: .permanent) { Engine() }
            }
            return Engine()
        }
        let first: Engine = box.resolve()
        #expect(published(Engine.self, in: box) == nil, "the first registration's instance was refused")
        #expect(publishedInSlot(Engine.self, in: box) == nil, "the first registration's instance was refused")

        let second: Engine = box.resolve()
        #expect(second !== first)
        #expect(published(Engine.self, in: box) === second)
        #expect(publishedInSlot(Engine.self, in: box) === second)
    }

    @Test("a first creation during which its registration is reset or removed publishes nothing")
    func publicationAfterResetOrRemovalIsRefused() {
        for change: (Box) -> Void in [{ $0.reset() }, { $0.clear() }] {
            let box = Box()
            var changed = false
            box.register(life: .permanent) { [unowned box] () -> Engine in
                if !changed {
                    changed = true
                    change(box)
                }
                return Engine()
            }
            _ = try? box.tryResolve(Engine.self)
            #expect(published(Engine.self, in: box) == nil)
            #expect(publishedInSlot(Engine.self, in: box) == nil)
        }
    }

    @Test("resolves from the index retain what they return: the instance is released after a reset")
    func indexResolvesRetainOnce() {
        let box = Box()
        box.register(life: .permanent) { Tracked() }
        weak var old: Tracked?
        do {
            let first: Tracked = box.resolve()
            old = first
            for _ in 0..<3 { #expect(box.resolve(Tracked.self) === first) }
        }
        box.reset()
        #expect(eventuallyReleased(box) { old == nil })
    }

    @Test("a permanent registered as AnyObject or as a class-bound protocol resolves to its one instance")
    func existentialsResolveTheirInstance() {
        let box = Box()
        box.register(life: .permanent) { () -> AnyObject in Engine() }
        box.register(life: .permanent) { () -> any Vehicle in Car() }
        let objects = (box.resolve(AnyObject.self), box.resolve(AnyObject.self))
        let vehicles = (box.resolve((any Vehicle).self), box.resolve((any Vehicle).self))

        #expect(objects.0 is Engine)
        #expect(ObjectIdentifier(objects.0) == ObjectIdentifier(objects.1))
        #expect(ObjectIdentifier(vehicles.0) == ObjectIdentifier(vehicles.1))
    }

    @Test(
        "threads resolving a permanent while another re-registers it never get an older instance than one they saw",
        arguments: backends)
    func resolvesNeverGoBackDuringReRegistration(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(life: .permanent) { Engine(cylinders: 0) }
        let writerDone = Counter()
        let wrong = Counter()
        onThreads(3) { index in
            guard index > 0 else {
                for round in 1...3_000 { box.register(life: .permanent) { Engine(cylinders: round) } }
                writerDone.increment()
                return
            }
            var last = 0
            while writerDone.count == 0 {
                let seen = box.resolve(Engine.self).cylinders
                if seen < last { wrong.increment() }
                last = seen
            }
        }
        #expect(wrong.count == 0)
        #expect(box.resolve(Engine.self).cylinders == 3_000)
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
            #expect(publishedInSlot(Engine.self, in: parent) === engine)
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

    @Test(
        "a first creation that resolves an instance published in its slot still records it as a dependency",
        arguments: backends)
    func recordingSeesInstancesPublishedInSlots(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(key: "a key longer than seven bytes", life: .permanent) { Engine() }
        let engine = box.resolve(Engine.self, key: "a key longer than seven bytes")
        box.register { r in Car(engine: r.resolve(Engine.self, key: "a key longer than seven bytes")) }

        #expect(box.resolve(Car.self).engine === engine)
        #expect(
            box.dependencyGraph().edges == [
                .init(from: "BoxKitTests.Car", to: #"BoxKitTests.Engine[key: "a key longer than seven bytes"]"#)
            ])
    }

    @Test("a permanent among more registrations than the type index holds resolves to its one instance")
    func permanentsBeyondTheIndexResolveTheirInstance() {
        let box = Box()
        let keys = (0..<3_000).map { "k\($0)" }
        for (index, key) in keys.enumerated() { box.register(key: key, life: .permanent) { Engine(cylinders: index) } }
        let first = keys.map { box.resolve(Engine.self, key: $0) }

        for (index, key) in keys.enumerated() {
            let again = box.resolve(Engine.self, key: key)
            guard again === first[index], again.cylinders == index else {
                Issue.record("\(key) resolved another instance")
                return
            }
        }
        let unindexed = keys.filter { published(Engine.self, key: $0, in: box) == nil }
        #expect(!unindexed.isEmpty, "some keys are held by no index")
        for key in unindexed { #expect(publishedInSlot(Engine.self, key: key, in: box) != nil, "\(key)") }
    }
}
