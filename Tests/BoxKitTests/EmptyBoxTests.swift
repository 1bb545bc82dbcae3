@_spi(Baseline) import BoxKitTestSupport
import Foundation
import Testing

@_spi(Baseline) @testable import BoxKit

/// Each memory test measures in a process of its own (an exit test): other tests allocate and free meanwhile,
/// and would move the allocator's totals.
@Suite("Empty boxes")
struct EmptyBoxTests {
    @Test("a box takes at most 1 KiB until its first registration")
    func emptyBoxIsSmall() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            _ = Box()  // what the first box makes once per process
            report(Allocations.bytesEach(of: 1_000) { (0..<1_000).map { _ in Box() } })
        }
        guard let bytesPerBox = try bytes(reportedIn: result) else { return }
        #expect(bytesPerBox <= 1_024)
    }

    @Test("a child box takes at most 1 KiB until its first registration, its parent's entry for it included")
    func emptyChildBoxIsSmall() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            let parent = Box()
            parent.register { Engine() }
            parent.newChildBox(forKey: "first")  // the parent's map of children, made with its first child
            report(Allocations.bytesEach(of: 1_000) { (0..<1_000).map { parent.newChildBox(forKey: "child \($0)") } })
        }
        guard let bytesPerBox = try bytes(reportedIn: result) else { return }
        #expect(bytesPerBox <= 1_024)
    }

    @Test("a registration made after a box's children were made is found from them", arguments: backends)
    func firstRegistrationAfterChildren(backend: Box.Backend) {
        let box = Box(backend: backend)
        let child = box.newChildBox(forKey: "child")
        let grandchild = child.newChildBox(forKey: "grandchild")
        #expect((try? grandchild.tryResolve(Engine.self)) == nil)
        box.register { Engine(cylinders: 4) }
        child.register(key: "V8") { Engine(cylinders: 8) }
        #expect(grandchild.resolve(Engine.self).cylinders == 4)
        #expect(grandchild.resolve(Engine.self, key: "V8").cylinders == 8)
        #expect(child.resolve(Engine.self).cylinders == 4)
        #expect(box.isRegistered(Engine.self) && !box.isRegistered(Engine.self, key: "V8"))
    }

    @Test("a box cleared, counted and listed before its first registration takes registrations", arguments: backends)
    func emptyBoxOperations(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.clear()
        #expect(box.registeredServiceCount == 0)
        #expect(!box.isRegistered(Engine.self))
        #expect(box._checkInvariants() == nil)
        box.register(life: .permanent) { Engine(cylinders: 6) }
        #expect(box.resolve(Engine.self).cylinders == 6)
        #expect(box.registeredServiceCount == 1)
        #expect(box._checkInvariants() == nil)
    }

    @Test("resolves racing with a box's first registration find nothing or that registration, then find it")
    func resolvesRacingFirstRegistration() {
        for _ in 0..<(Sanitizer.isThread ? 20 : 100) {
            let box = Box()
            let child = box.newChildBox(forKey: "child")
            let wrong = Counter()
            onThreads(3) { index in
                guard index > 0 else {
                    box.register(life: .permanent) { Engine(cylinders: 8) }
                    return
                }
                let resolver = index == 1 ? box : child  // the box's own table, or the parent's from the child
                while true {
                    guard let engine = try? resolver.tryResolve(Engine.self) else {
                        sched_yield()  // so that the registering thread runs, on a machine with few cores
                        continue
                    }
                    if engine.cylinders != 8 { wrong.increment() }
                    return
                }
            }
            #expect(wrong.count == 0)
            #expect(box._checkInvariants() == nil)
        }
    }

    @Test("first registrations of one box on two threads at once both stay")
    func simultaneousFirstRegistrations() {
        for _ in 0..<(Sanitizer.isThread ? 20 : 200) {
            let box = Box()
            onThreads(2) { index in
                if index == 0 {
                    box.register { Engine() }
                } else {
                    box.register { Car() }
                }
            }
            #expect(box.registeredServiceCount == 2)
            #expect(box.isRegistered(Engine.self) && box.isRegistered(Car.self))
        }
    }
}

/// Writes what an exit test measured to its standard error, for `bytes(reportedIn:)`.
private func report(_ bytes: Int?) {
    FileHandle.standardError.write(Data((bytes.map(String.init) ?? "unknown").utf8))
}

/// The bytes an exit test reported with `report`, or `nil` where the allocator cannot say (the test then
/// checks nothing).
private func bytes(reportedIn result: ExitTest.Result?) throws -> Int? {
    let reported = try #require(result.map(standardError(of:)))
    guard reported != "unknown" else { return nil }
    let bytes: Int = try #require(Int(reported))
    return bytes
}
