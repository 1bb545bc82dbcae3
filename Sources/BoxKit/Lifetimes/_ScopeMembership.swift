/// The named scope a registration joined (`ServiceStoring.inScope(_:)`), held by one of its atomic words.
final class _ScopeMembership: Sendable {
    let scope: Box.Scope

    init(_ scope: Box.Scope) {
        self.scope = scope
    }
}
