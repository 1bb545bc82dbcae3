import Testing

@testable import BoxKit

@Suite("Hash-table registry invariants")
struct TableInvariantTests {
    @Test("the table's invariants hold after every kind of mutation")
    func invariantsAfterMutations() {
        let box = Box()
        #expect(box._checkInvariants() == nil)
        for index in 0..<300 {
            box.register(key: index.isMultiple(of: 3) ? nil : "k\(index)") { Engine(cylinders: index) }
            #expect(box._checkInvariants() == nil)
        }
        box.register(key: "k1") { Engine(cylinders: -1) }
        #expect(box._checkInvariants() == nil)
        box.clear()
        #expect(box._checkInvariants() == nil)
        #expect(box._tableStatistics?.count == 0)
    }

    /// Runs in its own process (an exit test): reclamation waits for every reader in the process, and other
    /// tests running in parallel would hold some.
    @Test("1,000,000 register, replace and clear cycles keep memory and probe lengths bounded")
    func churnStaysBounded() async {
        await #expect(processExitsWith: .success) {
            let box = Box()
            var worst = _TableStatistics(
                count: 0, tombstones: 0, capacity: 0, maxProbe: 0, totalProbe: 0, retired: 0, bytes: 0)
            for cycle in 0..<1_000_000 {
                box.register(key: "k\(cycle % 1_000)") { Engine(cylinders: cycle) }
                if cycle % 4_999 == 0 { box.clear() }
                if cycle % 10_000 == 0, let stats = box._tableStatistics {
                    worst.capacity = max(worst.capacity, stats.capacity)
                    worst.maxProbe = max(worst.maxProbe, stats.maxProbe)
                    worst.retired = max(worst.retired, stats.retired)
                    worst.bytes = max(worst.bytes, stats.bytes)
                    precondition(box._checkInvariants() == nil, "invariant broken at cycle \(cycle)")
                }
            }
            let stats = box._tableStatistics!
            let lastClear = (999_999 / 4_999) * 4_999
            precondition(stats.count == 999_999 - lastClear, "count \(stats.count)")
            precondition(worst.capacity <= 4_096, "capacity grew to \(worst.capacity)")
            precondition(worst.maxProbe <= 64, "a probe grew to \(worst.maxProbe)")
            precondition(worst.retired <= 16, "\(worst.retired) retired blocks were left unreclaimed")
            precondition(worst.bytes <= 512 * 1_024, "the table grew to \(worst.bytes) bytes")
            precondition(stats.retired == 0, "retired memory left after the last write")
        }
    }
}
