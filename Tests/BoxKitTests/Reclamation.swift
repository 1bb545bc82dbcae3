import Foundation

@testable import BoxKit

/// Whether `isReleased` comes to hold within five seconds, while `box` releases what its writes retired.
///
/// The hash table releases a replaced, unregistered or cleared registration once no resolve in flight can
/// still hold it, and that includes resolves in other tests running in parallel: a test that checks a
/// release lets them finish instead of racing them. (The Dictionary baseline releases at once.)
func eventuallyReleased(_ box: Box, _ isReleased: () -> Bool) -> Bool {
    for _ in 0..<500 {
        box._reclaimRetired()
        if isReleased() { return true }
        Thread.sleep(forTimeInterval: 0.01)
    }
    return isReleased()
}

/// Releases now what `box`'s writes retired and no resolve in flight holds, for a test that checks that
/// something is still held (`eventuallyReleased` checks the opposite).
func reclaimNow(_ box: Box) {
    box._reclaimRetired()
}
