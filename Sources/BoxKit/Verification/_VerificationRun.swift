/// One sandbox thread's part of a verification: it resolves targets until none is left, it is abandoned
/// on a problem, or the caller gives up on it. Used by its own thread only, but for `number`.
final class _VerificationRun: @unchecked Sendable {
    let verification: _Verification
    let number: Int
    /// The creation claims this run's thread holds (registrations' and `.perArguments` entries'), innermost
    /// last, each with the word that names this thread as its creator, if it has one; their frames, which
    /// are never resumed if the thread is abandoned, keep their owners alive.
    var heldClaims: [(claim: _CreationClaim, creator: _AtomicWord?)] = []

    init(_ verification: _Verification, number: Int) {
        self.verification = verification
        self.number = number
    }

    /// Resolves targets on the calling sandbox thread, discarding what they make, until none is left for
    /// this run. Skips a registration whose factory must run on a global actor (the sandbox thread is not on
    /// it, and waiting for the actor could wait for the very caller of `verify()`), and those an earlier
    /// verification found resolving one.
    func resolveTargets() {
        while let (box, registration) = verification.nextTarget(for: self) {
            if registration.isolation != nil || registration.resolvesIsolated { continue }
            _ = registration.verificationResolve(from: box)
        }
    }

    /// Records `error` (once); the thread goes on with the next target.
    func report(_ error: BoxError) {
        verification.report(error, from: self)
    }

    /// Records `error` (once) and abandons the calling sandbox thread.
    func stop(with error: BoxError) -> Never {
        verification.report(error, from: self)
        _ResolutionThread.abandonSandbox(self)
    }
}
