import BoxKit
import Foundation

// ProfileProbe: profiles creations made on the process's main thread (this top-level code runs there, which a
// test's body never does) and on other threads, and prints what the profile counted:
//
//     creations: 3
//     main thread: 1

final class Engine: Sendable {}

/// The profile of one resolve on the calling thread and one on each of two other threads. The box is released
/// before the process ends, so that LeakSanitizer (`make asan`) finds nothing of its left behind.
func profileOnThreads() -> CreationProfile {
    let box = Box()
    box.register { Engine() }
    return box.profile {
        _ = box.resolve(Engine.self)
        for _ in 0..<2 {
            let done = DispatchSemaphore(value: 0)
            Thread {
                _ = box.resolve(Engine.self)
                done.signal()
            }.start()
            done.wait()
        }
    }
}

let profile = profileOnThreads()
print("creations: \(profile.creations.count)")
print("main thread: \(profile.mainThread.creations)")
