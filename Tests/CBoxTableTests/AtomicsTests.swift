import CBoxAtomics
import Foundation
import Testing

extension CBoxTableSuite {
    /// The atomic operations BoxKit uses in place of `Synchronization`'s (CBoxAtomics).
    @Suite struct Atomics {
        @Test func compareExchangeStoresTheDesiredValueWhenTheWordHoldsTheExpectedOne() {
            var word: UInt64 = 7
            var expected: UInt64 = 7
            #expect(cbox_atomic_compare_exchange(&word, &expected, 9, CBOX_ATOMIC_ACQ_REL))
            #expect(word == 9)
            #expect(expected == 7)
        }

        @Test func compareExchangeReportsTheCurrentValueWhenTheWordHoldsAnother() {
            var word: UInt64 = 5
            var expected: UInt64 = 7
            #expect(!cbox_atomic_compare_exchange(&word, &expected, 9, CBOX_ATOMIC_SEQ_CST))
            #expect(word == 5)
            #expect(expected == 5)
        }

        @Test func addWrapsAndReturnsThePreviousValue() {
            var word: UInt64 = .max
            #expect(cbox_atomic_add(&word, 2, CBOX_ATOMIC_RELAXED) == .max)
            #expect(cbox_atomic_load(&word, CBOX_ATOMIC_RELAXED) == 1)
            #expect(cbox_atomic_add(&word, 0 &- 1, CBOX_ATOMIC_RELEASE) == 1)
            #expect(cbox_atomic_load(&word, CBOX_ATOMIC_ACQUIRE) == 0)
        }

        @Test func concurrentAddsAreNotLost() {
            let counter = RelaxedCounter()
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                for _ in 0..<10_000 { counter.add(1) }
            }
            #expect(counter.value == 80_000)
        }

        @Test func aReleasedStoreIsSeenByAnAcquiringLoad() {
            let flag = Flag()
            #expect(!flag.isRaised)
            flag.raise()
            #expect(flag.isRaised)
        }
    }
}
