import BoxKitTestSupport
import Testing

@_spi(Baseline) @testable import BoxKit

/// The table `_LiveBoxes` finds boxes in by serial: an open-addressing table with backward-shift deletion.
@Suite("The live-box table by serial")
struct SerialTableTests {
    /// Serials whose home slots collide in a table of 256 slots or fewer, so that removals shift long runs.
    private static func collidingSerials(_ count: Int) -> [UInt64] {
        let home = { (serial: UInt64) in (serial &* 0x9E37_79B9_7F4A_7C15) >> 32 & 255 }
        return Array((1...UInt64(10_000_000)).lazy.filter { home($0) == home(1) }.prefix(count))
    }

    @Test("every entry left is found after removals in any order, and no removed one is")
    func removalsKeepTheRestFindable() {
        let box = Box()
        var generator = SeededGenerator(seed: 12)
        var table = _SerialTable()
        var live = Set<UInt64>()
        for round in 0..<20_000 {
            if live.isEmpty || Bool.random(using: &generator) || round < 200 {
                let serial = UInt64.random(in: 1...5_000, using: &generator)
                guard !live.contains(serial) else { continue }
                _ = table.insert(box, serial: serial)
                live.insert(serial)
            } else {
                let serial = live.randomElement(using: &generator)!
                #expect(table.remove(serial).removed?.serial == serial)
                live.remove(serial)
            }
        }
        #expect(table.count == live.count)
        for serial in UInt64(1)...5_000 {
            #expect(table.contains(serial) == live.contains(serial), "serial \(serial)")
        }
    }

    @Test("removing the first of a run of colliding serials shifts the rest back to where they are found")
    func collidingRunsShiftBack() {
        let box = Box()
        let serials = Self.collidingSerials(20)
        var table = _SerialTable(room: 256)
        for serial in serials { _ = table.insert(box, serial: serial) }
        for (index, serial) in serials.enumerated() {
            #expect(table.remove(serial).removed != nil)
            #expect(serials[(index + 1)...].allSatisfy(table.contains), "after removing \(serial)")
            #expect(!table.contains(serial))
        }
        #expect(table.count == 0)
    }

    @Test("an entry reads nil once its box is gone, and a serial never entered finds nothing")
    func goneBoxesReadNil() {
        var table = _SerialTable()
        do {
            let box = Box()
            _ = table.insert(box, serial: 7)
            #expect(table.box(7) === box)
        }
        #expect(table.contains(7))
        #expect(table.box(7) == nil)
        #expect(table.box(8) == nil)
        #expect(table.remove(8).removed == nil)
    }

    @Test("the table doubles before it is three quarters full and gives its room back when an eighth is used")
    func roomGrowsAndShrinks() {
        let box = Box()
        var table = _SerialTable()
        for serial in UInt64(1)...1_000 { _ = table.insert(box, serial: serial) }
        #expect(table.capacity == 2_048)
        for serial in UInt64(1)...990 { _ = table.remove(serial) }
        #expect(table.capacity <= 64)
        #expect((UInt64(991)...1_000).allSatisfy { table.box($0) === box })
    }
}
