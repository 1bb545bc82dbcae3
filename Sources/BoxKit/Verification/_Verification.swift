/// One run of ``Box/verify()``: the registrations to resolve and the problems found so far.
///
/// The targets are resolved in order, each by the sandbox thread of the current `_VerificationRun`. When a
/// resolution cannot go on (a missing dependency, a cycle), the run records the problem and its thread is
/// abandoned; when a resolution makes no progress for the verification's patience, the caller gives up
/// on it. Either way `Box.verify()` starts a new run for the targets left. A run given up on may still be
/// running; `state`'s lock and the run's number keep it from taking targets or reporting problems after
/// that.
final class _Verification: @unchecked Sendable {
    /// The most sandbox threads alive at once in a process: the one each verification in progress waits for,
    /// and those left behind, blocked past their patience or parked in code that needed them alive (see
    /// `cbox_sandbox_abandon`). A verification starts none while this many are alive.
    static let maxThreads = 64

    /// What the caller and the current run's thread share.
    private struct State {
        /// The index of the next target to resolve.
        var next = 0
        /// The number of the run allowed to take targets and report problems.
        var run = 0
        var problems: [BoxError] = []
        /// What each problem found so far was observed with (`BoxError._sameness`), so that each is reported
        /// once without rendering any. Problems observed alike render alike; two distinct types that share a
        /// name can make two problems whose text is the same.
        var reported: Set<AnyHashable> = []
    }

    /// Each registration with the box that holds it, in the order they are verified.
    let targets: [(box: Box, registration: _AnyRegistration)]
    /// How long one target may resolve without finishing before the caller gives up on it.
    let patience: Duration
    private let state = _Locked(State())

    init(targets: [(box: Box, registration: _AnyRegistration)], patience: Duration) {
        self.targets = targets
        self.patience = patience
    }

    /// Whether targets are left to resolve.
    var hasRemaining: Bool { state.withLock { $0.next < targets.count } }

    /// The problems found, in the order found.
    var problems: [BoxError] { state.withLock { $0.problems } }

    /// A new run, which takes over from every earlier one.
    func startRun() -> _VerificationRun {
        _VerificationRun(
            self,
            number: state.withLock { state in
                state.run += 1
                return state.run
            })
    }

    /// The next target for `run`, or `nil` when none is left or `run` was given up on. A run the waiting
    /// caller has given up on takes nothing (the sandbox refuses its progress), even before the caller
    /// retires it here: so the target in progress when the caller gave up is the one it reports.
    func nextTarget(for run: _VerificationRun) -> (box: Box, registration: _AnyRegistration)? {
        state.withLock { state in
            guard state.run == run.number, state.next < targets.count, _ResolutionThread.noteSandboxProgress()
            else { return nil }
            state.next += 1
            return targets[state.next - 1]
        }
    }

    /// Records `error` (once) for `run`, unless `run` was given up on. A registration that must be made on a
    /// global actor, reached from the target, is no problem of the target's: the target is marked, so that
    /// this and later verifications leave it alone, as they leave isolated registrations themselves.
    func report(_ error: BoxError, from run: _VerificationRun) {
        state.withLock { state in
            guard state.run == run.number else { return }
            if error._isWrongIsolation {
                if state.next > 0 { targets[state.next - 1].registration.resolvesIsolated = true }
            } else if state.reported.insert(error._sameness).inserted {
                state.problems.append(error)
            }
        }
    }

    /// Gives up on the current run, whose thread resolved its last target for longer than `patience`, and
    /// reports that target as not verified.
    func giveUpOnCurrentRun() {
        state.withLock { state in
            state.run += 1
            guard state.next > 0 else { return }
            let registration = targets[state.next - 1].registration
            state.problems.append(
                BoxError(
                    notVerified: registration,
                    because: _Message.notFinished(within: patience),
                    chain: []))
        }
    }

    /// Reports every target not resolved yet as not verified, because of `why`, and ends the verification.
    func skipRemaining(because why: String, chain: [String]) {
        state.withLock { state in
            for (_, registration) in targets[state.next...] {
                state.problems.append(BoxError(notVerified: registration, because: why, chain: chain))
            }
            state.next = targets.count
        }
    }
}
