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
}
