/// What a test box (``Box/init(testing:liveServices:reportingIssues:)``) and its child boxes share: where the
/// problems a test should fail on go, and the rule for the live registrations the box copied.
final class _TestIssues: Sendable {
    /// The rule for live registrations.
    let liveServices: LiveServicePolicy
    /// Receives each problem: a live registration made under `.strict`, an unimplemented placeholder resolved.
    let report: @Sendable (BoxError) -> Void
    /// The serial of the test box (`Box._serial`): where an error looks for nearby registrations.
    let origin: UInt64

    init(liveServices: LiveServicePolicy, origin: UInt64, report: @escaping @Sendable (BoxError) -> Void) {
        self.liveServices = liveServices
        self.origin = origin
        self.report = report
    }
}
