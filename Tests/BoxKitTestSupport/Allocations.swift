import CBoxTestSupport

/// What the process's allocator holds, for tests of how much memory BoxKit takes.
public enum Allocations {
    /// The bytes the allocator has handed out and not taken back, or `nil` where it cannot say: only glibc's
    /// allocator can, and a sanitizer's runtime allocates for the process instead. Other threads'
    /// allocations count too: measure where no other test runs, such as in the child process of an exit test.
    public static var bytesInUse: Int? {
        let bytes = cbox_test_allocated_bytes()
        return bytes < 0 || Sanitizer.isAny ? nil : Int(bytes)
    }

    /// The bytes in use that `body` added, divided by `count` (what `body` makes `count` of), while `body`'s
    /// result is kept; `nil` where the allocator cannot say.
    public static func bytesEach<Kept>(of count: Int, _ body: () -> Kept) -> Int? {
        guard let before = bytesInUse else { return nil }
        let kept = body()
        let after = bytesInUse ?? before
        withExtendedLifetime(kept) {}
        return (after - before) / count
    }
}
