import CBoxRuntime
import CBoxTable
import Testing

extension CBoxTableSuite {
    /// `cbox_edges_hand_over_plain`: the edges a first creation recorded, when all are plain service types,
    /// become one batch of its dependency list in a single call; anything else is left to the caller.
    @Suite struct EdgeHandOver {
        /// A plain edge (a service type alone), distinct for each `index`.
        private static func plain(_ index: Int) -> UnsafeMutableRawPointer {
            UnsafeMutableRawPointer(bitPattern: UInt(0x10_0000 + index * 16) | UInt(CBOX_EDGE_PLAIN))!
        }

        /// The dependency-list entry the plain edge `index` becomes: its bits.
        private static func entry(_ index: Int) -> UInt64 { UInt64(UInt(bitPattern: plain(index))) }

        /// The bits of edges that are not plain: a retained registration (no tag bit) and a dependency in a cell (the
        /// low bit).
        private static let notPlain: [UInt] = [0x20_0000, 0x20_0011]

        /// What a chain entry holds while the test records; the chain only stores it.
        private static var standIn: UnsafeRawPointer { UnsafeRawPointer(bitPattern: 0x30_0000)! }

        /// A dependency list's head word, and the batches published to it, given back when the test ends.
        private final class List {
            var head: UInt64 = 0

            /// The entries of each batch, newest first.
            var batches: [[UInt64]] {
                var result: [[UInt64]] = []
                var next = head
                while let batch = UnsafeMutablePointer<cbox_dependency_batch>(bitPattern: UInt(next)) {
                    let words = cbox_dependency_batch_words(batch)
                    let count = Int(words[Int(CBOX_BATCH_COUNT)])
                    result.append((0..<count).map { words[Int(CBOX_BATCH_ENTRIES) + $0] })
                    next = words[Int(CBOX_BATCH_NEXT)]
                }
                return result
            }

            deinit {
                var next = head
                while let batch = UnsafeMutablePointer<cbox_dependency_batch>(bitPattern: UInt(next)) {
                    next = cbox_dependency_batch_words(batch)[Int(CBOX_BATCH_NEXT)]
                    cbox_dependency_batch_release(batch)
                }
            }
        }

        /// Runs `body` inside a recording chain entry pushed on the calling thread, with the entry's mark, and
        /// leaves the thread as it was: the entry popped, the edges it left dropped.
        private func recording<R>(_ body: (UnsafeMutablePointer<cbox_thread>, UInt64) throws -> R) rethrows -> R {
            let thread = cbox_thread_current()
            cbox_chain_push(thread, Self.standIn, true)
            let mark = UInt64(cbox_chain_entry_at(thread, cbox_chain_depth(thread) - 1).mark)
            defer {
                cbox_edges_truncate(thread, mark)
                _ = cbox_chain_pop(thread)
            }
            return try body(thread, mark)
        }

        /// The edges the calling thread's buffer holds from `mark` on.
        private func edges(_ thread: UnsafeMutablePointer<cbox_thread>, from mark: UInt64) -> [UInt] {
            var count: UInt64 = 0
            guard let edges = cbox_edges_from(thread, mark, &count) else { return [] }
            return (0..<Int(count)).map { UInt(bitPattern: edges[$0]) }
        }

        @Test func plainEdgesBecomeOneBatchEachOnceInTheOrderFirstRecorded() {
            let list = List()
            recording { thread, mark in
                for index in [1, 2, 1, 3, 2] { _ = cbox_edges_record(thread, Self.plain(index)) }
                #expect(cbox_edges_hand_over_plain(thread, mark, &list.head))
                #expect(edges(thread, from: mark).isEmpty)
            }
            #expect(list.batches == [[1, 2, 3].map(Self.entry)])
        }

        @Test func aBatchIsLinkedInFrontOfTheOnesBefore() {
            let list = List()
            for index in [1, 2] {
                recording { thread, mark in
                    _ = cbox_edges_record(thread, Self.plain(index))
                    #expect(cbox_edges_hand_over_plain(thread, mark, &list.head))
                }
            }
            #expect(list.batches == [[Self.entry(2)], [Self.entry(1)]])
        }

        @Test func onlyTheEdgesFromTheMarkOnAreHandedOver() {
            let list = List()
            recording { thread, outerMark in
                _ = cbox_edges_record(thread, Self.plain(1))
                recording { thread, innerMark in
                    _ = cbox_edges_record(thread, Self.plain(2))
                    #expect(cbox_edges_hand_over_plain(thread, innerMark, &list.head))
                }
                #expect(edges(thread, from: outerMark) == [UInt(bitPattern: Self.plain(1))])
            }
            #expect(list.batches == [[Self.entry(2)]])
        }

        @Test(arguments: notPlain)
        func anEdgeThatIsNotPlainLeavesTheHandOverToTheCaller(bits: UInt) {
            let other = UnsafeMutableRawPointer(bitPattern: bits)!
            let list = List()
            recording { thread, mark in
                _ = cbox_edges_record(thread, Self.plain(1))
                _ = cbox_edges_record(thread, other)
                #expect(!cbox_edges_hand_over_plain(thread, mark, &list.head))
                #expect(edges(thread, from: mark) == [UInt(bitPattern: Self.plain(1)), UInt(bitPattern: other)])
            }
            #expect(list.head == 0)
        }

        @Test func asManyEdgesAsItComparesGoOverInOneBatch() {
            let list = List()
            let indices = Array(0..<Int(CBOX_HAND_OVER_MAX))
            recording { thread, mark in
                for index in indices { _ = cbox_edges_record(thread, Self.plain(index)) }
                #expect(cbox_edges_hand_over_plain(thread, mark, &list.head))
            }
            #expect(list.batches == [indices.map(Self.entry)])
        }

        @Test func moreEdgesThanItComparesAreLeftToTheCaller() {
            let list = List()
            recording { thread, mark in
                for index in 0...Int(CBOX_HAND_OVER_MAX) { _ = cbox_edges_record(thread, Self.plain(index)) }
                #expect(!cbox_edges_hand_over_plain(thread, mark, &list.head))
                #expect(edges(thread, from: mark).count == Int(CBOX_HAND_OVER_MAX) + 1)
            }
            #expect(list.head == 0)
        }

        @Test func noEdgesRecordNothing() {
            let list = List()
            recording { thread, mark in
                #expect(cbox_edges_hand_over_plain(thread, mark, &list.head))
            }
            #expect(list.head == 0)
        }
    }
}
