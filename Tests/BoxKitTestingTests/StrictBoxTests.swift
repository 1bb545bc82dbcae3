import BoxKit
import BoxKitTesting
import Foundation
import Testing

// `.box(.strict)`: a test fails when it reaches a live registration, and only that test. Each test here runs the
// trait's scope itself, inside `withKnownIssue`, so that the failure it provokes is checked rather than
// reported.

protocol Payments: Sendable {
    var isDouble: Bool { get }
}

/// What the app registers: it charges real cards.
struct CardPayments: Payments {
    var isDouble: Bool { false }
}

struct MockPayments: Payments {
    var isDouble: Bool { true }
}

/// The code under test, built on the payments service; safe in tests itself.
struct Checkout {
    let payments: any Payments
}

/// An app's box: live payments (one per key, `"0"` to `"99"`, and none), and checkouts marked safe in tests: one
/// built on the live payments, one (key `"safe"`) on a mock.
let paymentsApp: Box = {
    let box = Box()
    box.register { CardPayments() as any Payments }
    for number in 0..<100 { box.register(key: "\(number)") { CardPayments() as any Payments } }
    box.register { r in Checkout(payments: r.resolve()) }.testSafe()
    box.register(key: "safe") { Checkout(payments: MockPayments()) }.testSafe()
    return box
}()

/// Runs `body` in the scope the trait `trait` gives the current test (inside `outer`'s, as a suite's trait and a
/// test's stack), with `paymentsApp` as the box it copies, and returns the issues recorded, each expected as known.
func issuesRecorded(
    by trait: BoxTrait, within outer: BoxTrait? = nil, _ body: @escaping @Sendable () async throws -> Void
) async throws -> [String] {
    let recorded = Recorded()
    let scoped: @Sendable () async throws -> Void = {
        try await trait.provideScope(for: Test.current!, testCase: Test.Case.current) { try await body() }
    }
    try await withKnownIssue(isIntermittent: true) {
        try await withBox(paymentsApp) {
            guard let outer else { return try await scoped() }
            try await outer.provideScope(for: Test.current!, testCase: Test.Case.current) { try await scoped() }
        }
    } matching: { issue in
        recorded.append(issue.comments.map(\.rawValue).joined(separator: "\n"))
        return true
    }
    return recorded.all
}

/// The text of the issues a scope recorded.
final class Recorded: @unchecked Sendable {
    // `@unchecked Sendable`: `texts` is read and written only under `lock`.
    private let lock = NSLock()
    private var texts: [String] = []
    var all: [String] { lock.withLock { texts } }
    func append(_ text: String) { lock.withLock { texts.append(text) } }
}

@Suite("Strict test boxes")
struct StrictBoxTests {
    @Test("a strict test that reaches a live registration fails, naming it and the chain")
    func reachingLiveFails() async throws {
        let issues = try await issuesRecorded(by: .box(.strict)) {
            #expect(!Box.shared.resolve(Checkout.self).payments.isDouble, "the live service is still made")
        }
        #expect(issues.count == 1)
        #expect(issues.first?.contains("a test resolved BoxKitTestingTests.Payments, a live registration") == true)
        #expect(
            issues.first?.hasSuffix(
                "Resolution chain: BoxKitTestingTests.Checkout -> BoxKitTestingTests.Payments.") == true)
    }

    @Test("a strict test that replaces the live registration passes")
    func replacingPasses() async throws {
        let issues = try await issuesRecorded(by: .box(.strict) { $0.register { MockPayments() as any Payments } }) {
            #expect(Box.shared.resolve(Checkout.self).payments.isDouble)
        }
        #expect(issues.isEmpty)
    }

    @Test("a strict test that reaches only registrations marked testSafe() passes")
    func testSafePasses() async throws {
        let issues = try await issuesRecorded(by: .box(.strict)) {
            _ = Box.shared.resolve(Checkout.self, key: "safe")
        }
        #expect(issues.isEmpty)
    }

    @Test("a strict test passes with the doubles its suite's trait registered")
    func suiteDoublesAreNotLive() async throws {
        let suite = BoxTrait.box { $0.register { MockPayments() as any Payments } }
        let issues = try await issuesRecorded(by: .box(.strict), within: suite) {
            #expect(Box.shared.resolve(Checkout.self).payments.isDouble)
        }
        #expect(issues.isEmpty)
    }

    @Test("a test that is not strict may reach live registrations")
    func notStrictPasses() async throws {
        let issues = try await issuesRecorded(by: .box) { _ = Box.shared.resolve(Checkout.self) }
        #expect(issues.isEmpty)
    }

    @Test("a live registration reached on another thread fails the test that owns the box")
    func otherThreadsFailTheTest() async throws {
        let issues = try await issuesRecorded(by: .box(.strict)) {
            let box = Box.shared
            let done = DispatchSemaphore(value: 0)
            Thread {
                _ = box.resolve(Checkout.self)
                done.signal()
            }.start()
            done.wait()
        }
        #expect(issues.count == 1)
    }

    @Test("strict tests in parallel each fail for their own live registration only", arguments: 0..<100)
    func parallelStrictTests(number: Int) async throws {
        let trait: BoxTrait =
            number.isMultiple(of: 2)
            ? .box(.strict) : .box(.strict) { $0.register(key: "\(number)") { MockPayments() as any Payments } }
        let issues = try await issuesRecorded(by: trait) {
            await Task.yield()
            _ = Box.shared.resolve((any Payments).self, key: "\(number)")
        }
        if number.isMultiple(of: 2) {
            #expect(issues.count == 1)
            #expect(issues.first?.contains(#"Payments[key: "\#(number)"]"#) == true, "\(issues)")
        } else {
            #expect(issues.isEmpty, "\(issues)")
        }
    }

    @Test("an unimplemented placeholder fails the test that resolves it")
    func unimplementedFails() async throws {
        let trait = BoxTrait.box { $0.register(unimplemented: (any Payments).self, placeholder: { MockPayments() }) }
        let issues = try await issuesRecorded(by: trait) {
            #expect(Box.shared.resolve(Checkout.self).payments.isDouble, "the test goes on with the placeholder")
        }
        #expect(issues.count == 1)
        #expect(issues.first?.contains("BoxKitTestingTests.Payments is registered as unimplemented") == true)
    }
}
