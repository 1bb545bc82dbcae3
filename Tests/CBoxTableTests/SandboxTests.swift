import CBoxTable
import Foundation
import Testing

/// What a sandbox body saw and did; passed to the C body through its context pointer.
private final class SandboxProbe {
    var ranOn: UInt64 = 0
    var abandon = false
    let fixture: TableFixture?
    let key: Key?

    init(fixture: TableFixture? = nil, key: Key? = nil) {
        self.fixture = fixture
        self.key = key
    }
}

/// The sandbox body: records that it ran, optionally enters a read section and a chain entry, and abandons.
private func sandboxBody(_ context: UnsafeMutableRawPointer?) {
    let probe = Unmanaged<SandboxProbe>.fromOpaque(context!).takeUnretainedValue()
    probe.ranOn = UInt64(pthread_self())
    guard probe.abandon else { return }
    let thread = cbox_thread_current()
    cbox_read_begin(thread)
    if let fixture = probe.fixture, let key = probe.key { _ = fixture.find(key) }
    cbox_chain_push(thread, UnsafeRawPointer(bitPattern: 0x40)!, true)
    cbox_sandbox_abandon()
}

extension CBoxTableSuite {
    /// Sandbox threads: a body that returns, and one that gives its thread up in the middle of a read section.
    @Suite struct Sandbox {
        @Test func aBodyThatReturnsRunsOnAnotherThreadAndTheCallWaitsForIt() {
            let probe = SandboxProbe()
            let started = cbox_sandbox_run(sandboxBody, Unmanaged.passUnretained(probe).toOpaque())
            #expect(started)
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
            let started = cbox_sandbox_run(sandboxBody, Unmanaged.passUnretained(probe).toOpaque())
            #expect(started)
            #expect(probe.ranOn != 0)
            fixture.remove(key)
            fixture.drain()
            #expect(value.releaseCount == 1, "the parked thread no longer holds a read section")
        }
    }
}
