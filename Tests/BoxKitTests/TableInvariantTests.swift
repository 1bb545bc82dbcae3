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

    @Test("register-and-clear churn keeps memory and probe lengths bounded")
    func churnStaysBounded() throws {
        let box = Box()
        for round in 0..<2_000 {
            for index in 0..<20 { box.register(key: "k\(round)-\(index)") { Engine() } }
            box.clear()
        }
        let stats = try #require(box._tableStatistics)
        #expect(stats.capacity <= 64)
        #expect(stats.retired == 0)
        #expect(box._checkInvariants() == nil)
    }
}
