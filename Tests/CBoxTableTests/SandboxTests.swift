import BoxKitTestSupport
import CBoxRuntime
import CBoxTable
import Foundation
import Testing

/// What a sandbox body saw and did; passed to the C body through its context pointer.
private final class SandboxProbe {
    var ranOn: UInt64 = 0
    var threadID: Int?
    var abandon = false
    let fixture: TableFixture?
    let key: Key?

    init(fixture: TableFixture? = nil, key: Key? = nil) {
        self.fixture = fixture
        self.key = key
    }
}

/// Patience enough for any body here that does not block: 30 s.
private let patience: UInt64 = 30_000_000_000

/// Room for every sandbox thread these tests start at once.
private let maxThreads: UInt64 = 64

/// The semaphores of a body that blocks, or makes progress step by step.
private final class Steps: @unchecked Sendable {
    let mayGoOn = DispatchSemaphore(value: 0)
    let ended = DispatchSemaphore(value: 0)
    var steps = 0
}

/// The sandbox body: records that it ran, optionally enters a read section and a chain entry, and abandons.
private func sandboxBody(_ context: UnsafeMutableRawPointer?) {
    let probe = Unmanaged<SandboxProbe>.fromOpaque(context!).takeUnretainedValue()
    probe.ranOn = UInt64(pthread_self())
    probe.threadID = currentThreadID()
    guard probe.abandon else { return }
    let thread = cbox_thread_current()
    cbox_read_begin(cbox_thread_reader(thread))
    if let fixture = probe.fixture, let key = probe.key { _ = fixture.find(key) }
    cbox_chain_push(thread, UnsafeRawPointer(bitPattern: 0x40)!, true)
    cbox_sandbox_abandon()
}

extension CBoxTableSuite {
    /// Sandbox threads: a body that returns, and one that gives its thread up in the middle of a read section.
    @Suite struct Sandbox {
        @Test func aBodyThatReturnsRunsOnAnotherThreadAndTheCallWaitsForIt() {
            let probe = SandboxProbe()
            let result = cbox_sandbox_run(sandboxBody, Unmanaged.passUnretained(probe).toOpaque(), patience, maxThreads)
            #expect(result == CBOX_SANDBOX_FINISHED)
            #expect(probe.ranOn != 0)
            #expect(probe.ranOn != UInt64(pthread_self()))
        }

        @Test func anAbandonedThreadLeavesItsReadSectionSoRetiredValuesAreReleased() {
            let fixture = TableFixture()
            let key = Key(TypeID.a, "found by the abandoned thread")
            let value = fixture.makeProbe(for: key)
            fixture.insert(key, value)
            let probe = SandboxProbe(fixture: fixture, key: key)
            probe.abandon = true
            let result = cbox_sandbox_run(sandboxBody, Unmanaged.passUnretained(probe).toOpaque(), patience, maxThreads)
            #expect(result == CBOX_SANDBOX_FINISHED)
            #expect(probe.ranOn != 0)
            fixture.remove(key)
            fixture.drain()
            #expect(value.releaseCount == 1, "the abandoned thread no longer holds a read section")
        }

        @Test func aThreadThatReturnedOrAbandonedHasEndedWhenTheCallReturns() throws {
            for abandons in [false, true] {
                let probe = SandboxProbe()
                probe.abandon = abandons
                let result = cbox_sandbox_run(
                    sandboxBody, Unmanaged.passUnretained(probe).toOpaque(), patience, maxThreads)
                #expect(result == CBOX_SANDBOX_FINISHED)
                let id = try #require(probe.threadID)
                #expect(threadEnds(id, within: 1))
            }
        }

        @Test func noThreadStartsWhileTheMostAllowedAreAlive() {
            let probe = SandboxProbe()
            let result = cbox_sandbox_run(sandboxBody, Unmanaged.passUnretained(probe).toOpaque(), patience, 0)
            #expect(result == CBOX_SANDBOX_TOO_MANY)
            #expect(probe.ranOn == 0)
        }

        @Test func theCallerGivesUpOnABodyThatMakesNoProgressAndTheBodyFinishesLater() {
            let steps = Steps()
            let result = cbox_sandbox_run(
                { context in
                    let steps = Unmanaged<Steps>.fromOpaque(context!).takeRetainedValue()
                    steps.mayGoOn.wait()
                    steps.ended.signal()
                }, Unmanaged.passRetained(steps).toOpaque(), 50_000_000, maxThreads)
            #expect(result == CBOX_SANDBOX_TIMED_OUT)
            steps.mayGoOn.signal()
            #expect(steps.ended.wait(timeout: .now() + 30) == .success, "the thread went on, and ended")
        }

        @Test func aBodyGivenUpOnIsRefusedProgress() {
            let steps = Steps()
            let result = cbox_sandbox_run(
                { context in
                    let steps = Unmanaged<Steps>.fromOpaque(context!).takeRetainedValue()
                    steps.mayGoOn.wait()
                    steps.steps = cbox_sandbox_progress() ? 1 : 2
                    steps.ended.signal()
                }, Unmanaged.passRetained(steps).toOpaque(), 50_000_000, maxThreads)
            #expect(result == CBOX_SANDBOX_TIMED_OUT)
            steps.mayGoOn.signal()
            #expect(steps.ended.wait(timeout: .now() + 30) == .success)
            #expect(steps.steps == 2, "the caller gave up, so the body takes on no more work")
        }

        @Test func progressOutsideASandboxIsRefused() {
            #expect(!cbox_sandbox_progress())
        }

        @Test func progressRestartsTheCallersPatience() {
            let steps = Steps()
            let result = cbox_sandbox_run(
                { context in
                    let steps = Unmanaged<Steps>.fromOpaque(context!).takeUnretainedValue()
                    for _ in 0..<10 {  // 10 x 150 ms: 1.5 times the patience in all, 0.15 of it per step
                        usleep(150_000)
                        cbox_sandbox_progress()
                        steps.steps += 1
                    }
                }, Unmanaged.passUnretained(steps).toOpaque(), 1_000_000_000, maxThreads)
            #expect(result == CBOX_SANDBOX_FINISHED)
            #expect(steps.steps == 10)
        }
    }
}
