import Foundation

/// The sanitizer the test process runs under, if any: each one links a runtime whose entry point the process
/// can look up.
public enum Sanitizer {
    /// Whether the process runs under ThreadSanitizer, which makes each memory access many times slower.
    public static let isThread = isLoaded("__tsan_init")

    /// Whether the process runs under ThreadSanitizer or AddressSanitizer, whose frames are several times
    /// larger than plain ones.
    public static let isAny = isThread || isLoaded("__asan_init")

    private static func isLoaded(_ entryPoint: String) -> Bool {
        dlsym(dlopen(nil, RTLD_NOW), entryPoint) != nil
    }
}
