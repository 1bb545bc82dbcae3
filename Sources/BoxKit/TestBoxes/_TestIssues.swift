/// What a test box (``Box/init(testing:liveServices:reportingIssues:)``) and its child boxes share: where the
/// problems a test should fail on go, and the rule for the live registrations the box copied.
final class _TestIssues: Sendable {
    /// The rule for live registrations.
    let liveServices: LiveServicePolicy
    /// The serial of the test box (`Box._serial`): where an error looks for nearby registrations.
    let origin: UInt64
    /// Receives each problem: a live registration made under `.strict`, an unimplemented registration resolved.
    private let report: @Sendable (BoxError) -> Void
    /// What was reported: each registration's problem is reported once per test box.
    private let reported = _Locked(Set<Subject>())

    init(liveServices: LiveServicePolicy, origin: UInt64, report: @escaping @Sendable (BoxError) -> Void) {
        self.liveServices = liveServices
        self.origin = origin
        self.report = report
    }

    /// A problem's kind, and the identity of the registration it is about.
    struct Subject: Hashable {
        let kind: _FailureKind
        let serviceType: ObjectIdentifier
        let key: String?
        let arguments: [ObjectIdentifier]

        init(_ kind: _FailureKind, _ serviceType: Any.Type, key: String?, arguments: [Any.Type]) {
            self.kind = kind
            self.serviceType = ObjectIdentifier(serviceType)
            self.key = key
            self.arguments = arguments.map(ObjectIdentifier.init)
        }
    }

    /// Reports the error `error` makes, unless `subject`'s was reported before: the error (and its chain) is
    /// made only for the first. `report` runs outside the lock, on the calling thread.
    func reportOnce(_ subject: Subject, _ error: () -> BoxError) {
        guard reported.withLock({ $0.insert(subject).inserted }) else { return }
        report(error())
    }
}
