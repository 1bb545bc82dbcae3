import Testing

@testable import BoxKit

/// A failed lookup keeps its failure in its payload word (`_Lookup.failure`), so that a lookup stays four words,
/// returned in registers: every kind must read back as itself, and a wrong-isolation failure held by a thread's
/// chain must keep both its kind and the thread record.
/// Every failure kind, found through its raw values.
private let allKinds = (UInt8.min...UInt8.max).compactMap(_FailureKind.init(rawValue:))

@Suite("A failed lookup's failure")
struct LookupFailureTests {
    @Test("every failure kind's tag is below the first address a payload can hold")
    func tagsStayBelowAddresses() {
        #expect(allKinds.last == .unimplemented)
        #expect(allKinds.allSatisfy { UInt($0.rawValue) + 1 < _Lookup.failureTags })
    }

    @Test("every failure kind reads back as itself, and as no other", arguments: allKinds)
    func kindReadsBack(kind: _FailureKind) {
        let lookup = _Lookup(failed: kind)
        #expect(lookup.state == .failed)
        #expect(lookup.failure == kind)
        for other in allKinds {
            #expect(lookup.failed(with: other) == (other == kind))
        }
        #expect(!lookup.isHeldByChain)
    }

    @Test("a wrong-isolation failure held by a chain keeps its kind and its thread record")
    func heldByChain() {
        var record: UInt64 = 0
        withUnsafeMutablePointer(to: &record) { pointer in
            let thread = UnsafeMutableRawPointer(pointer)
            let lookup = _Lookup(failed: .wrongIsolation, heldBy: thread)
            #expect(lookup.failure == .wrongIsolation)
            #expect(lookup.failed(with: .wrongIsolation))
            #expect(!lookup.failed(with: .missing))
            #expect(lookup.isHeldByChain)
            #expect(lookup.threadRecord == thread)
        }
    }

    @Test("a lookup that found something has no failure")
    func foundHasNoFailure() {
        var instance: UInt64 = 0
        withUnsafeMutablePointer(to: &instance) { pointer in
            for state in [_Lookup.State.object, .ready, .make, .pending] {
                let lookup = _Lookup(state, payload: UnsafeMutableRawPointer(pointer))
                #expect(lookup.failure == nil)
                #expect(allKinds.allSatisfy { !lookup.failed(with: $0) })
                #expect(!lookup.isHeldByChain)
            }
        }
    }
}
