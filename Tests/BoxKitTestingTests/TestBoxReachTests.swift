import BoxKit
import BoxKitTesting
import Foundation
import Testing

/// Which code reads a test's box from `Box.shared`: what the test's task-local value reaches, and nothing else.
@Suite("Which code sees a test's box", .box)
struct TestBoxReachTests {
    @Test("the test's child tasks and the tasks it starts with Task {} see its box")
    func childTasksSeeTheTestsBox() async {
        let testBox = Box.shared
        async let fromAsyncLet = Box.shared
        let fromGroup = await withTaskGroup(of: Box.self) { group in
            group.addTask { Box.shared }
            return await group.next()!
        }
        let fromTask = await Task { Box.shared }.value
        #expect(await fromAsyncLet === testBox)
        #expect(fromGroup === testBox)
        #expect(fromTask === testBox)
    }

    @Test("a detached task, a GCD block and a thread the test starts see the process-wide box")
    func otherThreadsSeeTheProcessWideBox() async {
        let testBox = Box.shared
        let fromDetached = await Task.detached { Box.shared }.value
        let fromDispatch = await withCheckedContinuation { done in
            DispatchQueue.global().async { done.resume(returning: Box.shared) }
        }
        let fromThread = await withCheckedContinuation { done in
            Thread { done.resume(returning: Box.shared) }.start()
        }
        #expect(fromDetached !== testBox)
        #expect(fromDispatch !== testBox)
        #expect(fromThread !== testBox)
    }

    @Test("the synchronous withBox reaches what it calls on its thread and the tasks it starts there")
    func synchronousWithBox() async {
        let box = Box()
        let (onThread, task) = withBox(box) { (Box.shared, Task { Box.shared }) }
        #expect(onThread === box)
        #expect(await task.value === box)
        #expect(await Task.detached { Box.shared }.value !== box)
    }

    @Test(
        "a @Boxed property of an object made in the test resolves from the test's box on a GCD queue and a thread",
        .box { $0.register(key: "reach") { Probe(name: "the test's") } }
    )
    func boxedMadeInTheTestKeepsItsBox() async {
        let onQueue = Holder()
        let fromQueue = await withCheckedContinuation { done in
            DispatchQueue.global().async { done.resume(returning: onQueue.probe.name) }
        }
        let onThread = Holder()
        let fromThread = await withCheckedContinuation { done in
            Thread { done.resume(returning: onThread.probe.name) }.start()
        }
        let detached = Holder()
        let fromDetached = await Task.detached { detached.probe.name }.value
        #expect(fromQueue == "the test's")
        #expect(fromThread == "the test's")
        #expect(fromDetached == "the test's")
    }
}

/// What the reach tests resolve: a type no other test registers.
private final class Probe: Sendable {
    let name: String

    init(name: String) {
        self.name = name
    }
}

/// An object with an injected property, made in a test and read elsewhere. (`@unchecked Sendable`: the wrapper
/// is assigned only in `init` and is safe to read from any thread.)
private final class Holder: @unchecked Sendable {
    @Boxed(key: "reach") var probe: Probe
}
