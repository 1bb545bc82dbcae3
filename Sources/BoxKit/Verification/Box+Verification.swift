extension Box {
    /// Resolves every registration of this box and of its descendants, and returns every problem found,
    /// instead of stopping the program at the first.
    ///
    /// Call it in a test or at start-up, after registering everything:
    ///
    /// ```swift
    /// let problems = box.verify()
    /// for problem in problems { print(problem) }   // each names the service, its key and the chain
    /// precondition(problems.isEmpty)
    /// ```
    ///
    /// Each registration is resolved from the box that holds it, as `resolve` would, in registration order
    /// (this box's, then each child box's, by key, depth first). A problem is a ``BoxError``: a dependency
    /// that nothing provides (its ``BoxError/chain`` names the services that needed it), or a cycle (the
    /// chain shows it). Each distinct problem is reported once.
    ///
    /// Registrations that need runtime arguments, or whose factory is `async`, are left out (there are no
    /// arguments to pass; verification resolves synchronously); a factory that resolves one of them wrongly
    /// is reported.
    ///
    /// The factories really run, and what they make is kept as a resolve would keep it: permanent
    /// instances made here stay (so the first real resolve returns them at once), transient ones are
    /// released. Dependencies they resolve are recorded for ``dependencyGraph()``.
    ///
    /// A resolution that fails cannot return to the factory that asked for it, so the registrations are
    /// resolved on a sandbox thread, and a new one takes over after each failure. When a resolution fails,
    /// BoxKit records the problem, releases the registrations that thread was creating (a later resolve makes
    /// them afresh), leaves its read sections, and ends the thread without returning to the factories it
    /// interrupted: they never resume, so nothing they hold is released twice or used after release. Every
    /// thread `verify()` started has ended by the time it returns, but for one parked as the last point
    /// below says and one blocked past its patience (see ``verify(patience:)``), and a later `verify()`, of
    /// this box or any other, is as complete as the first. A failed verification leaves behind exactly what
    /// the interrupted factories and hooks held:
    ///
    /// - What they had made or retained and not yet returned leaks: a dependency a factory had resolved
    ///   before the one that failed, the `.graph` instances of that resolution, a partly made instance, the
    ///   boxes those frames held (so a box whose verification found a problem may never be released).
    ///   Permanent instances finished before the failure are kept, as a resolve keeps them.
    /// - A lock one of them had taken stays taken for the rest of the process, by a thread that no longer
    ///   runs: a thread that takes a pthread mutex or an `NSLock` after that waits for ever; a lock that
    ///   checks that its owner is alive may stop the program instead (Swift's `Mutex` does, on Linux). Don't
    ///   resolve while holding a lock in a factory that may fail.
    /// - A lazily initialised global (`static let`) whose initialiser was running stays uninitialised and
    ///   locked, and a dispatch queue whose block (`DispatchQueue.sync`) was running stays busy. Their thread
    ///   is parked for the rest of the process instead of ended: the global's lock keeps a live owner, so
    ///   that threads that read it wait rather than spin or stop the program, and libdispatch stops a process
    ///   whose thread ends inside a block. Later verifications report the registrations that read that global,
    ///   or `sync` onto that queue, with reason ``BoxError/Reason-swift.enum/notVerified`` after their
    ///   patience (see ``verify(patience:)``).
    ///
    /// A verification that finds no problem, or only factories that throw (they return), leaves nothing.
    ///
    /// Threads left behind, parked like that or blocked past their patience, are bounded: at most 64
    /// verification threads are alive in a process at once, counting the one each verification in progress
    /// waits for. While that many are, `verify()` resolves nothing more and reports each remaining
    /// registration with reason ``BoxError/Reason-swift.enum/notVerified``. It does the same when no thread
    /// can be started, and when it is called from inside a resolution (a factory or a hook), where resolving
    /// the box's registrations could wait for the creation in progress; it then returns at once.
    ///
    /// `verify()` gives each registration 30 seconds; ``verify(patience:)`` takes another limit.
    ///
    /// - Returns: The problems found, in the order found; empty when every registration resolves.
    /// - Complexity: One resolve per registration; a thread for the first and one after each failure.
    public func verify() -> [BoxError] {
        verify(patience: .seconds(30))
    }

    /// Resolves every registration of this box and of its descendants, as ``verify()`` does, giving up on a
    /// registration whose resolution takes longer than `patience`.
    ///
    /// A resolution that does not finish in time is reported with reason
    /// ``BoxError/Reason-swift.enum/notVerified`` and left running on its thread, which ends when the
    /// factory returns (and counts towards the 64 threads until then); verification goes on with the next
    /// registration on a new thread. Such a thread is the one `verify()` leaves running: a factory blocked
    /// outside BoxKit cannot be stopped. A factory blocks like this when it waits for a lock that nothing
    /// will release: a `static let` whose initialiser an earlier verification interrupted, for instance,
    /// stays locked for the rest of the process, and every later verification reports the registrations
    /// that read it instead of hanging.
    ///
    /// - Parameter patience: How long one registration's resolution may take, its dependencies included.
    /// - Returns: The problems found, in the order found; empty when every registration resolves in time.
    public func verify(patience: Duration) -> [BoxError] {
        var targets = _verificationTargets()
        // A test box's live registrations whose use is checked are listed, not run: running one would end its
        // thread there (what its check does in a verification), leaking what that thread's frames hold. One
        // that another factory reaches still ends that factory's thread, and is listed with its chain.
        let liveProblems = targets.filter(\.registration.testRole.isChecked).map { box, registration in
            BoxError(.failed(.liveService, registration, inFlight: [], origin: box))
        }
        targets.removeAll(where: \.registration.testRole.isChecked)
        let (declaredProblems, failing) = _declaredDependencyProblems(of: targets)
        // An auto-registration whose declared dependencies already fail is not run as well (its resolve would
        // only stop its thread on the same problem); every other target is resolved, hooks and all.
        targets.removeAll { failing.contains(ObjectIdentifier($0.registration)) }
        let verification = _Verification(targets: targets, patience: patience)
        let inFlight = _inFlight()
        if !inFlight.isEmpty || _ResolutionThread.sandbox != nil {
            let resolving = inFlight.last.map(\.displayName)
            verification.skipRemaining(
                because: _Message.verifyInsideResolve(resolving), chain: inFlight.map(\.displayName))
        }
        while verification.hasRemaining {
            switch _ResolutionThread.runSandbox(verification.startRun(), maxThreads: _Verification.maxThreads) {
            case .finished: continue
            case .gaveUp: verification.giveUpOnCurrentRun()
            case .notStarted:
                verification.skipRemaining(because: _Message.noThreadStarted, chain: [])
            case .tooManyThreads:
                verification.skipRemaining(
                    because: _Message.tooManyThreadsLeft(_Verification.maxThreads), chain: [])
            }
        }
        return liveProblems + declaredProblems + verification.problems
    }

    /// The problems the auto-registered targets (`autoregister`) have by their declared dependencies alone,
    /// found without running them: a dependency that nothing registers (looked up from the target's box,
    /// as its resolve would), or a cycle through auto-registered services; and the targets that have one.
    ///
    /// - Complexity: O(*n* + *e*) per box in the auto-registered registrations and their declared
    ///   dependencies, each looked up as a resolve would.
    private func _declaredDependencyProblems(
        of targets: [(box: Box, registration: _AnyRegistration)]
    ) -> (problems: [BoxError], failing: Set<ObjectIdentifier>) {
        var problems: [BoxError] = []
        var reported: Set<AnyHashable> = []
        var failing: Set<ObjectIdentifier> = []
        /// Walks done, by registration and the box it was resolved from: the same registration reached from
        /// another box finds its dependencies there, which may differ.
        var finished: Set<[ObjectIdentifier]> = []
        func report(_ error: BoxError, against targets: some Sequence<_AnyRegistration>) {
            for target in targets { failing.insert(ObjectIdentifier(target)) }
            if reported.insert(error._sameness).inserted { problems.append(error) }
        }
        /// Walks `registration`'s declared dependencies depth first; `path` holds the registrations being
        /// walked, outermost first.
        func walk(_ registration: _AnyRegistration, in box: Box, path: inout [_AnyRegistration]) {
            if let start = path.firstIndex(where: { $0 === registration }) {
                let cycle = BoxError(.failed(.cycle, registration, inFlight: Array(path[start...]), origin: box))
                report(cycle, against: [path[0]] + path[start...])
                return
            }
            guard finished.insert([ObjectIdentifier(registration), ObjectIdentifier(box)]).inserted else { return }
            path.append(registration)
            defer { path.removeLast() }
            for dependency in registration.declaredDependencies {
                guard let found = box._registration(ObjectIdentifier(dependency), key: nil) else {
                    let missing = BoxError(.missing(dependency, key: nil, arguments: [], inFlight: path, origin: box))
                    report(missing, against: [path[0]])
                    continue
                }
                if !found.declaredDependencies.isEmpty { walk(found, in: box, path: &path) }
            }
        }
        for (box, registration) in targets where !registration.declaredDependencies.isEmpty {
            var path: [_AnyRegistration] = []
            walk(registration, in: box, path: &path)
        }
        return (problems, failing)
    }

    /// This box's registrations in registration order, then its children's (by key), depth first.
    private func _verificationTargets() -> [(box: Box, registration: _AnyRegistration)] {
        var targets: [(box: Box, registration: _AnyRegistration)] = []
        _forEachInTree { box in
            let own = box._storage.registrations.sorted { $0.sequence < $1.sequence }
            targets += own.map { (box: box, registration: $0) }
        }
        return targets
    }
}
