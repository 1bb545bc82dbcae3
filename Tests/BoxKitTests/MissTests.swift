@_spi(Baseline) import BoxKitTestSupport
import Foundation
import Testing

@_spi(Baseline) @testable import BoxKit

/// A type nothing registers.
private struct Unregistered {}

/// A service whose factory catches the error of a dependency it cannot find.
final class Wheel {}

@Suite("Misses")
struct MissTests {
    /// A miss holds identities until it is read; listing the registrations nearby (under each box's writer
    /// lock) happens only then.
    @Test("a miss takes no lock: it returns while another thread holds the registry's writer lock")
    func missTakesNoLock() {
        let parent = Box()
        parent.register { Engine() }
        let box = parent.newChildBox(forKey: "child")
        box.register(key: "BMW") { Car() }
        let returned = parent._whileWriting {
            box._whileWriting {
                returnsWithin(seconds: 30) {
                    _ = try? box.tryResolve(Unregistered.self)
                    _ = try? box.tryResolve(Car.self, key: "Audi")
                }
            }
        }
        #expect(returned == true, "the misses waited for the writer lock")
    }

    @Test("an error caught while a write is in progress renders its text once the write is done")
    func errorRendersAfterTheWrite() throws {
        let box = Box()
        box.register(key: "Audi") { Car() }
        // Caught without #require, which would render the error (and list the registrations) at once. On a
        // thread of its own, so that an error that locked while it was made fails the test instead of
        // hanging it.
        let caught = Mutexed<BoxError?>(nil)
        let returned = returnsWithin(seconds: 30) {
            box._whileWriting {
                do throws(BoxError) {
                    _ = try box.tryResolve(Car.self, key: "BMW")
                } catch {
                    caught.mutate { $0 = error }
                }
            }
        }
        #expect(returned, "making the error waited for the writer lock")
        let error = try #require(caught.value)
        #expect(error.reason == .notRegistered)
        #expect(error.nearest == [#"BoxKitTests.Car[key: "Audi"]"#])
    }

    @Test("an error's nearest registrations are those of the box when the error is read", arguments: backends)
    func nearestIsReadWhenRendered(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        let error = try #require(throws: BoxError.self) { try box.tryResolve(Car.self, key: "BMW") }
        box.register(key: "Audi") { Car() }
        #expect(error.nearest == [#"BoxKitTests.Car[key: "Audi"]"#])
        #expect(error.description.hasSuffix(#"Registered nearby: BoxKitTests.Car[key: "Audi"]."#))
    }

    @Test("an error keeps neither the box nor the registrations in flight alive", arguments: backends)
    func errorKeepsNothingAlive(backend: Box.Backend) throws {
        var released = WeakReference<Box>(nil)
        var caught: BoxError?
        do {
            let box = Box(backend: backend)
            box.register(key: "Audi") { Car() }
            box.register { r in
                do throws(BoxError) {
                    _ = try r.tryResolve(Car.self, key: "BMW")
                } catch {
                    caught = error
                }
                return Wheel()
            }
            _ = box.resolve(Wheel.self)
            released = WeakReference(box)
        }
        let error = try #require(caught)
        #expect(released.object == nil, "the error kept the box alive")
        #expect(error.chain == ["BoxKitTests.Wheel", #"BoxKitTests.Car[key: "BMW"]"#])
        #expect(error.nearest == [], "nothing is registered nearby once the box is gone")
    }

    @Test("an error whose box is gone lists nothing nearby, even from a box made after it", arguments: backends)
    func errorOutlivingItsBoxNeverReadsAnother(backend: Box.Backend) throws {
        var caught: BoxError?
        do {
            let box = Box(backend: backend)
            box.register(key: "Audi") { Car() }
            caught = try #require(throws: BoxError.self) { try box.tryResolve(Car.self, key: "BMW") }
        }
        // Boxes made now may take the memory of the one that is gone; none of them is the error's box. Each
        // registers the missed key with an argument, which the error would report as an argument mismatch.
        let later = (0..<16).map { _ in Box(backend: backend) }
        for box in later {
            box.register(key: "Audi") { Car() }
            box.register(Car.self, key: "BMW") { (_: Resolver, name: String) in Car(name: name) }
        }
        let error = try #require(caught)
        #expect(error.nearest == [])
        #expect(error.reason == .notRegistered)
        #expect(error.registeredArguments == [])
    }

    @Test("a box that is gone leaves the registry errors find boxes in", arguments: backends)
    func goneBoxLeavesTheRegistry(backend: Box.Backend) {
        var serial: UInt64 = 0
        do {
            let box = Box(backend: backend)
            serial = box._serial
            #expect(_LiveBoxes.holds(serial))
        }
        #expect(!_LiveBoxes.holds(serial), "the registry kept the entry of a box that is gone")
    }

    @Test("serials handed out on two threads at once are all different")
    func serialsAreUnique() {
        let handedOut = Mutexed<[UInt64]>([])
        onThreads(2) { _ in
            let serials = (0..<100_000).map { _ in _LiveBoxes.newSerial() }
            handedOut.mutate { $0 += serials }
        }
        #expect(Set(handedOut.value).count == 200_000)
    }

    /// In a process of its own, so that boxes other tests hold meanwhile cannot keep the registry's room up.
    /// Every 97th box lives on, and must still be found by its serial after the entries moved.
    @Test("the registry errors find boxes in gives back the room of boxes that are gone, and keeps the rest")
    func goneBoxesGiveBackTheirRoom() async {
        await #expect(processExitsWith: .success) {
            var boxes = (0..<8_000).map { _ in Box() }
            let peak = _LiveBoxes.capacity
            let kept = boxes.indices.filter { $0 % 97 == 0 }.map { boxes[$0] }
            let gone = boxes.indices.filter { $0 % 97 != 0 }.map { boxes[$0]._serial }
            boxes.removeAll()
            let room = _LiveBoxes.capacity
            guard peak >= 8_000, room <= peak / 4 else {
                FileHandle.standardError.write(Data("room for \(peak) entries, then \(room)\n".utf8))
                exit(1)
            }
            guard kept.allSatisfy({ _LiveBoxes.box($0._serial) === $0 }) else { exit(2) }
            guard !gone.contains(where: _LiveBoxes.holds) else { exit(3) }
            exit(0)
        }
    }

    /// One thread makes boxes and lets them go, so that the registry's entries move again and again, while
    /// another reads errors' nearest registrations, which look their boxes up in it.
    @Test("errors read while the registry's entries move find their own box's registrations")
    func errorsReadWhileTheRegistryShrinks() {
        let box = Box()
        box.register(key: "Audi") { Car() }
        let returned = returnsWithin(seconds: 60) {
            onThreads(2) { lane in
                if lane == 0 {
                    for _ in 0..<20 { _ = (0..<1_000).map { _ in Box() } }
                } else {
                    for _ in 0..<2_000 {
                        do throws(BoxError) {
                            _ = try box.tryResolve(Car.self, key: "BMW")
                            Issue.record("found an unregistered key")
                        } catch {
                            #expect(error.nearest == [#"BoxKitTests.Car[key: "Audi"]"#])
                        }
                    }
                }
            }
        }
        #expect(returned, "a thread waited for the registry's lock for good")
    }

    /// Each error is read while the thread that made it releases its box, and makes the next: reading an
    /// error takes a reference to its box, which may be the last one, so its `deinit` runs on the reading
    /// thread, after the registry's lock is given back (it would wait for itself otherwise).
    @Test("errors read while their boxes are released list their own box's registrations or none")
    func errorsReadWhileTheirBoxesGo() {
        let handed = Mutexed<[BoxError]>([])
        let read = Mutexed<[[String]]>([])
        let rounds = 500
        let returned = returnsWithin(seconds: 60) {
            DispatchQueue.concurrentPerform(iterations: 2) { lane in
                if lane == 0 {
                    for _ in 0..<rounds {
                        let box = Box()
                        box.register(key: "Audi") { Car() }
                        do throws(BoxError) {
                            _ = try box.tryResolve(Car.self, key: "BMW")
                        } catch {
                            handed.mutate { $0.append(error) }
                        }
                    }
                } else {
                    var seen = 0
                    while seen < rounds {
                        var errors: [BoxError] = []
                        handed.mutate {
                            errors = $0
                            $0.removeAll()
                        }
                        for error in errors { read.mutate { $0.append(error.nearest) } }
                        seen += errors.count
                    }
                }
            }
        }
        #expect(returned, "reading errors while their boxes went waited for a lock")
        let lists = read.value
        #expect(lists.count == rounds)
        #expect(lists.allSatisfy { $0 == [] || $0 == [#"BoxKitTests.Car[key: "Audi"]"#] })
    }

    @Test("a miss reports the same error whether a key or runtime arguments missed", arguments: backends)
    func missingWithArguments(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register(Car.self) { (_: Resolver, name: String) in Car(name: name) }
        let error = try expectBoxError(.argumentMismatch) { try box.tryResolve(Car.self) }
        #expect(error.registeredArguments == [["Swift.String"]])
        #expect(error.chain == ["BoxKitTests.Car"])
    }

    @Test("errors are equal when they say the same, however they were made", arguments: backends)
    func equalityComparesWhatTheErrorsSay(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register(key: "Audi") { Car() }
        let observed = try #require(throws: BoxError.self) { try box.tryResolve(Car.self, key: "BMW") }
        let given = BoxError(
            reason: .notRegistered, serviceType: "BoxKitTests.Car", key: "BMW",
            chain: [#"BoxKitTests.Car[key: "BMW"]"#], nearest: [#"BoxKitTests.Car[key: "Audi"]"#])
        #expect(observed == given)
        #expect(observed.description == given.description)
        let other = BoxError(
            reason: .notRegistered, serviceType: "BoxKitTests.Car", key: "BMW",
            chain: [#"BoxKitTests.Car[key: "BMW"]"#], nearest: [])
        #expect(observed != other)
    }
}
