#if canImport(os)
    import os
#endif

/// Marks each timed creation as an `os_signpost` interval where the platform has them (Apple's), so that
/// Instruments' Points of Interest and os_signpost instruments show creations beside the app's own work; does
/// nothing elsewhere. An interval is named "Creation", identified by the creation's number, and its begin
/// message names the service. Emitted only while Instruments records signposts for BoxKit's log.
enum _Signposts {
    #if canImport(os)
        /// BoxKit's signpost log, in the Points of Interest category. `nonisolated(unsafe)`: set once; `OSLog` is
        /// safe to use from any thread.
        nonisolated(unsafe) private static let log = OSLog(subsystem: "BoxKit", category: .pointsOfInterest)
    #endif

    /// Begins the interval of creation `creation`, of `registration`.
    static func begin(_ creation: UInt64, of registration: _AnyRegistration) {
        #if canImport(os)
            guard log.signpostsEnabled else { return }
            os_signpost(
                .begin, log: log, name: "Creation", signpostID: OSSignpostID(creation), "%{public}s",
                registration.displayName)
        #endif
    }

    /// Ends the interval of creation `creation`.
    static func end(_ creation: UInt64) {
        #if canImport(os)
            guard log.signpostsEnabled else { return }
            os_signpost(.end, log: log, name: "Creation", signpostID: OSSignpostID(creation))
        #endif
    }
}
