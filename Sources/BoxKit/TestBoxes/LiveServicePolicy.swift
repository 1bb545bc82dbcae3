/// What a test box does when a test resolves a live registration: one it copied from the app's box that the
/// test did not replace and that is not marked ``ServiceStoring/testSafe()``.
///
/// A test box is made with ``Box/init(testing:liveServices:reportingIssues:)``, or by the `BoxKitTesting`
/// trait `.box` for Swift Testing.
///
/// ```swift
/// @Suite(.box(.strict))                           // a test that reaches the real network client fails
/// struct CheckoutTests { ... }
/// ```
public enum LiveServicePolicy: Sendable, Hashable {
    /// Live registrations are made as in the app: the box is a copy of the app's, with the test's doubles.
    case allow
    /// The first resolve of each live registration reports an error with reason
    /// ``BoxError/Reason-swift.enum/liveService`` to the test box, naming the service, its key and the chain
    /// of resolutions that reached it; the live service is then made, so the test runs to its end and fails.
    case strict
    /// The first resolve of a live registration stops the program with that error's message, before its
    /// factory runs: for a test that must never construct a live service (one that opens a connection or
    /// writes to disk as it is made). It stops even a `tryResolve`, as the test asked.
    case stop

    /// How strict the rule is: `.allow`, then `.strict`, then `.stop`.
    var strictness: Int {
        switch self {
        case .allow: 0
        case .strict: 1
        case .stop: 2
        }
    }
}
