#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Nanoseconds on the monotonic clock (`CLOCK_MONOTONIC`): never adjusted, so differences are durations.
@inline(__always)
func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
}

/// The nanoseconds `body` takes on the monotonic clock.
@inline(__always)
func nanoseconds(_ body: () -> Void) -> Double {
    let start = monotonicNanoseconds()
    body()
    return Double(monotonicNanoseconds() - start)
}

/// Nanoseconds of CPU time the calling thread has used (`CLOCK_THREAD_CPUTIME_ID`).
func threadCPUNanoseconds() -> UInt64 {
    var used = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &used)
    return UInt64(used.tv_sec) &* 1_000_000_000 &+ UInt64(used.tv_nsec)
}
