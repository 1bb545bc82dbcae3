import BoxKit
import Foundation
import Testing

@Suite("Resolution depth")
struct DepthLimitTests {
    /// In a process of its own, so that a stack overflow (the failure this guards against) fails the test
    /// rather than the whole run. Each engine's factory resolves the next key's engine, a thousand deep.
    /// With `madeBefore`, every engine is made once, alone, before the chain is resolved, so that no level
    /// is a first creation.
    @Test(
        "a resolution chain past 128 deep fails with .tooDeep, naming its head, on a 512 KiB thread",
        arguments: [false, true])
    func deepChainsFailCleanly(madeBefore: Bool) async {
        await #expect(processExitsWith: .success) { [madeBefore] in
            let box = Box()
            let caught = Mutexed<BoxError?>(nil)
            let nests = Mutexed(!madeBefore)
            for index in 0..<1_000 {
                box.register(Engine.self, key: "\(index)") { r in
                    do throws(BoxError) {
                        if nests.value { _ = try r.tryResolve(Engine.self, key: "\(index + 1)") }
                    } catch {
                        caught.mutate { if $0 == nil { $0 = error } }
                    }
                    return Engine(cylinders: index)
                }
            }
            if madeBefore {
                for index in 0..<1_000 { _ = box.resolve(Engine.self, key: "\(index)") }
                nests.mutate { $0 = true }
            }
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                _ = box.resolve(Engine.self, key: "0")
                done.signal()
            }
            // Apple's secondary threads have 512 KiB; sanitizers' frames are several times larger.
            thread.stackSize = (Sanitizer.isAny ? 8 : 1) * 512 * 1_024
            thread.start()
            guard done.wait(timeout: .now() + 60) == .success, let error = caught.value else { exit(2) }
            guard error.reason == .tooDeep, error.chain.count == 129 else { exit(3) }
            guard error.chain.first == #"BoxKitTests.Engine[key: "0"]"# else { exit(4) }
            let message = error.description
            let head = #"began at BoxKitTests.Engine[key: "0"]"#
            guard message.contains("would nest 129 resolutions"), message.contains(head) else { exit(5) }
            exit(0)
        }
    }

    /// Each typed-throws frame of a nested resolve keeps room for a `BoxError` in a debug build: at 72 bytes,
    /// the 129 levels above fit a 512 KiB thread.
    @Test("a BoxError takes at most nine words, the room each level of a nested resolve keeps for one")
    func boxErrorStaysSmall() {
        #expect(MemoryLayout<BoxError>.size <= 72)
    }
}
