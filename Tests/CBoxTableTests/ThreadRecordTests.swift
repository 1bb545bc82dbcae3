import CBoxRuntime
import CBoxTable
import Foundation
import Testing

/// What the destructor of a thread-local key made after BoxKit's saw, for the test thread to judge.
private let laterDestructorSawNoRecord = RelaxedCounter()
private let laterDestructorRuns = RelaxedCounter()

extension CBoxTableSuite {
    /// Reader records live as long as their threads.
    @Suite struct ThreadRecords {
        /// In a process of its own: threads of other tests come and go meanwhile, and change the count.
        @Test func recordsOfThreadsThatEndedAreFreed() async {
            await #expect(processExitsWith: .success) {
                _ = cbox_thread_current()
                let before = cbox_readers()
                let attached = DispatchGroup()
                let release = DispatchSemaphore(value: 0)
                let ended = DispatchGroup()
                for _ in 0..<500 {
                    attached.enter()
                    ended.enter()
                    Thread {
                        _ = cbox_thread_current()
                        attached.leave()
                        release.wait()
                        ended.leave()
                    }.start()
                }
                attached.wait()
                let whileAlive = cbox_readers()
                for _ in 0..<500 { release.signal() }
                ended.wait()
                // A thread's destructors run after it leaves its body: wait for them, within a deadline.
                let deadline = Date().addingTimeInterval(30)
                while cbox_readers() > before && Date() < deadline { usleep(10_000) }
                exit(whileAlive == before + 500 && cbox_readers() == before ? 0 : 1)
            }
        }

        /// BoxKit's destructor forgets the thread's record before freeing it, so a resolve from a destructor
        /// that runs after it (glibc runs them in the order the keys were made) attaches a record of its own.
        @Test func aDestructorRunningAfterBoxKitsAttachesARecordOfItsOwn() throws {
            laterDestructorRuns.set(0)
            laterDestructorSawNoRecord.set(0)
            var thread = pthread_t()
            let started = pthread_create(
                &thread, nil,
                { _ in
                    _ = cbox_thread_current()  // BoxKit's key exists before the one made here
                    var key = pthread_key_t()
                    pthread_key_create(&key) { _ in
                        laterDestructorRuns.add(1)
                        if !cbox_reader_is_attached() { laterDestructorSawNoRecord.add(1) }
                        let thread = cbox_thread_current()
                        cbox_read_begin(cbox_thread_reader(thread))
                        cbox_read_end(cbox_thread_reader(thread))
                    }
                    pthread_setspecific(key, UnsafeRawPointer(bitPattern: 1))
                    return nil
                }, nil)
            try #require(started == 0)
            pthread_join(thread, nil)
            #expect(laterDestructorRuns.value == 1)
            #expect(laterDestructorSawNoRecord.value == 1)
        }
    }
}
