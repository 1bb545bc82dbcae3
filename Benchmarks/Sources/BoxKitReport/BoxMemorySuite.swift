@_spi(Baseline) import BoxKit
import CHeapStats
import ReportSink

/// The heap bytes an empty `Box()` holds, and a child box before its first registration; and what 100,000
/// child boxes of one parent (each under its own key) hold in all. The goals hold each box to 1 KiB, and
/// the 100,000 children to 150 MB.
///
/// Measured in this process, as the allocator's bytes in use (glibc's `mallinfo2`: `uordblks`, plus `hblkhd`
/// for the blocks it maps on their own) before and after making the boxes, with every box kept alive and the
/// array that keeps them reserved beforehand. Bytes in use, unlike resident memory, do not depend on what
/// earlier measurements freed. Not measured where there is no `mallinfo2` (`CHeapStats`: glibc 2.33 and later).
struct BoxMemorySuite {
    let results: Results
    /// Whether to make 10,000 child boxes for the 100,000 row and scale, rather than 100,000 (CI).
    let quick: Bool

    /// Boxes made for the per-box rows.
    static let boxes = 10_000
    /// The child boxes the goal holds to 150 MB.
    static let children = 100_000

    func run() {
        guard Self.bytesInUse() != nil else {
            logProgress("box memory: not measured (no mallinfo2)")
            return
        }
        logProgress("box memory")
        blackHole(Box().newChildBox(forKey: "warm-up"))
        let empty = Self.bytesPerBox(count: Self.boxes) { _ in Box() }
        results.add(Operation.emptyBox, .boxKit, "Box()", unit: .bytesPerBox, Sample(values: [empty]))
        let parent = Box()
        // One key for all: each new child replaces the last in the parent, so only the child is counted.
        let child = Self.bytesPerBox(count: Self.boxes) { _ in parent.newChildBox(forKey: "child") }
        results.add(Operation.childBox, .boxKit, "newChildBox(forKey:)", unit: .bytesPerBox, Sample(values: [child]))

        let made = quick ? Self.children / 10 : Self.children
        let manyParent = Box()
        let perChild = Self.bytesPerBox(count: made) { index in manyParent.newChildBox(forKey: "c\(index)") }
        let scaled = made == Self.children ? "" : "; \(Operation.grouped(made)) made, scaled"
        let variant = "one parent, a key each" + scaled
        let megabytes = perChild * Double(Self.children) / 1e6
        results.add(Operation.manyChildBoxes, .boxKit, variant, unit: .megabytes, Sample(values: [megabytes]))
    }

    /// The allocator's bytes in use per box, over making `count` boxes with `make` and keeping them.
    private static func bytesPerBox(count: Int, _ make: (_ index: Int) -> Box) -> Double {
        var kept: [Box] = []
        kept.reserveCapacity(count)
        let before = bytesInUse() ?? 0
        for index in 0..<count { kept.append(make(index)) }
        let after = bytesInUse() ?? 0
        blackHole(value: kept)
        return Double(after - before) / Double(count)
    }

    /// The bytes the allocator has handed out and not had back, or `nil` where that cannot be read.
    static func bytesInUse() -> Int? {
        let bytes = heap_stats_bytes_in_use()
        return bytes < 0 ? nil : Int(bytes)
    }
}
