import CBoxAtomics
import Testing

@testable import BoxKit

@Suite("Atomic orderings")
struct AtomicOrderingTests {
    /// `_AtomicOrdering` passes its raw value to the C operations as their ordering: each must be the C
    /// constant of the same name, or an acquiring load would compile as some other ordering.
    @Test("each ordering's raw value is the C ordering of the same name")
    func orderingsMatchTheCConstants() {
        #expect(_AtomicOrdering.relaxed.rawValue == CBOX_ATOMIC_RELAXED)
        #expect(_AtomicOrdering.acquiring.rawValue == CBOX_ATOMIC_ACQUIRE)
        #expect(_AtomicOrdering.releasing.rawValue == CBOX_ATOMIC_RELEASE)
        #expect(_AtomicOrdering.acquiringAndReleasing.rawValue == CBOX_ATOMIC_ACQ_REL)
        #expect(_AtomicOrdering.sequentiallyConsistent.rawValue == CBOX_ATOMIC_SEQ_CST)
    }

    @Test("a word and a byte of it load what was stored, each at its own width")
    func wordsAndBytesKeepTheirWidths() {
        let words = _AtomicWords(count: 1)
        let word = words.word
        word.store(0x0102_0304_0506_0708, ordering: .releasing)
        #expect(word.load(ordering: .acquiring) == 0x0102_0304_0506_0708)
        word.byte(0).storeFlag(false, ordering: .relaxed)
        #expect(word.load(ordering: .relaxed) == 0x0102_0304_0506_0700)
        #expect(word.byte(1).load(ordering: .relaxed) == 0x07)
        #expect(word.byte(7).loadFlag(ordering: .sequentiallyConsistent))
    }
}
