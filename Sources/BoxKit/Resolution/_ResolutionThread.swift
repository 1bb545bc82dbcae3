// Wraps the C per-thread resolution state (CBoxRuntime: cbox_thread, cbox_chain_*, cbox_sandbox_*): the chain
// of resolutions in flight on a thread, and verification sandboxes; asks which executor the thread runs on
// (cbox_current_executor_identity) and whether it is the main thread (cbox_is_main_thread); and ends the read
// sections of the table's reader records it extends. What first creations record is in
// _ResolutionThread+Recording.swift; how a creation an observer is told of is timed, in
// _ResolutionThread+Creations.swift.
internal import CBoxRuntime
internal import CBoxTable

/// The calling thread's chain of resolutions in flight, kept in its C resolution state (`cbox_thread`).
@usableFromInline
enum _ResolutionThread {
    /// How deep resolutions may nest on one thread: deeper, a resolve fails with `.tooDeep` instead of
    /// overflowing the stack of a thread as small as Apple's secondary threads (512 KiB), in a debug build as
    /// in a release one. So keep the frames of a nested resolve small: `DepthLimitTests` needs a debug build's
    /// frames per level (a `BoxError` among them in every typed-throws frame) to fit this many levels in such
    /// a thread. The C chain has room for this many entries and the few that async hooks push above them.
    static let depthLimit = UInt64(CBOX_CHAIN_CAPACITY - CBOX_CHAIN_RESERVE)

    /// Exposes (or, with `nil`, withdraws) the instance whose hooks are running on this thread, so that a
    /// resolve of the same registration from inside a hook returns it.
    static func setPending(_ pending: UnsafeRawPointer?) {
        cbox_chain_set_pending(cbox_thread_current(), pending)
    }

    /// The `.graph` instance of `registration` that this thread's top-level resolve already made, if any.
    static func graphInstance(of registration: _AnyRegistration) -> AnyObject? {
        guard let graph = cbox_thread_graph(cbox_thread_current()) else { return nil }
        return Unmanaged<_GraphInstances>.fromOpaque(graph)._withUnsafeGuaranteedRef {
            $0.entries[ObjectIdentifier(registration)]
        }
    }

    /// Records the `.graph` instance of `registration` for the rest of this thread's top-level resolve,
    /// making the thread's `_GraphInstances` if this is its first.
    static func recordGraphInstance(_ entry: AnyObject, of registration: _AnyRegistration) {
        let thread = cbox_thread_current()
        if cbox_thread_graph(thread) == nil {
            cbox_thread_set_graph(thread, Unmanaged.passRetained(_GraphInstances()).toOpaque())
        }
        Unmanaged<_GraphInstances>.fromOpaque(cbox_thread_graph(thread).unsafelyUnwrapped)._withUnsafeGuaranteedRef {
            $0.entries[ObjectIdentifier(registration)] = entry
        }
    }

    /// Whether the calling code runs on the executor that `identity` identifies, as the concurrency runtime
    /// tracks it for the current task or job (an actor's, or a custom one). Never waits or asserts.
    ///
    /// - Complexity: O(1): a read of the runtime's per-thread record.
    @inline(__always)
    static func isOn(_ identity: UnsafeRawPointer?) -> Bool { identity == cbox_current_executor_identity() }

    /// Whether the calling thread is the process's main thread.
    static var isOnMainThread: Bool { cbox_is_main_thread() }

    /// Whether a resolution pushed now would nest past `depthLimit` on this thread.
    @inline(__always)
    static func isAtDepthLimit(_ thread: UnsafeMutablePointer<cbox_thread>) -> Bool {
        cbox_chain_depth(thread) >= depthLimit
    }

    /// What keeps a registration valid while `decide` looks at it, and so what ending its lookup gives up.
    enum Hold {
        /// A hash table's read section, entered by the lookup that found it.
        case readSection
        /// A retain the lookup took (the Dictionary baseline).
        case retain
        /// Something that outlives the resolve: the caller's reference, or a provider's pin.
        case caller
    }

    /// The decisions of every resolve, once it holds `found`: the registration's ready instance, a factory to
    /// run (pushed onto `thread`'s chain), its instance whose hooks are running on this thread, a
    /// `.perArguments` registration to find its instance for the resolve's arguments (pushed onto the chain
    /// too), or why not (a cycle, an async factory, too deep). `holder` is the ancestor box that holds it
    /// (retained), or `nil`.
    ///
    /// A ready permanent class instance is retained and the lookup ended here (`.object`). Before a factory
    /// runs, the chain entry takes over from a read section, which ends here: no user code runs inside one.
    /// With `makesPermanents` false (a provider, which cannot name the box that holds a permanent), a
    /// registration that is neither ready nor a synchronous transient is reported `.missing`, for the caller to
    /// resolve through its box. A forward is reported `.forward`, with the read section still open, for the
    /// caller to resolve its target (`Box._readyForward`, `_Lookup._forwardInGeneral`). An async registration
    /// (never ready: its instance is not kept where these fields are) is reported as `.asyncFactory`, which
    /// costs the path that runs a factory one load of a field on the cache line already read.
    ///
    /// Inlined into each lookup: recording the dependency, a ready instance, a synchronous transient
    /// registration whose creations are plain (`hasPlainCreations`), and a forward, which a lookup's caller
    /// then finishes with its constant state known. `decideInGeneral` takes the rest. Only a `.permanent`
    /// registration is ever ready, so a transient one reads as not ready without a check.
    ///
    /// - Complexity: O(1), but for a scan of the thread's chain when a factory will run.
    @inline(__always)
    static func decide(
        _ found: UnsafeMutableRawPointer, holder: Unmanaged<Box>?, thread: UnsafeMutablePointer<cbox_thread>,
        hold: Hold, makesPermanents: Bool = true
    ) -> _Lookup {
        recordDependency(thread, found)
        let registration = Unmanaged<_AnyRegistration>.fromOpaque(found)
        if let object = registration._withUnsafeGuaranteedRef({ $0.readyObject }) {
            _ = Unmanaged<AnyObject>.fromOpaque(object).retain()
            end(hold, of: found, reader: cbox_thread_reader(thread))
            holder?.release()
            return _Lookup(.object, payload: object)
        }
        if _fastPath(registration._withUnsafeGuaranteedRef { $0.isSyncTransient && $0.hasPlainCreations }) {
            if let onChain = onChain(found, holder: holder, thread: thread) { return onChain }
            return enterFactory(found, holder: holder, thread: thread, hold: hold, mayRecord: false, state: .make)
        }
        if registration._withUnsafeGuaranteedRef({ $0.isReady }) { return _Lookup(.ready, found, holder: holder) }
        if registration._withUnsafeGuaranteedRef({ $0.isForward }) {
            return makesPermanents ? _Lookup(.forward, found, holder: holder) : _Lookup(failed: .missing)
        }
        return decideInGeneral(found, holder: holder, thread: thread, hold: hold, makesPermanents: makesPermanents)
    }

    /// `decide` for a registration the caller holds (`Box._resolveHeld(_:)`), on the calling thread.
    static func decide(held registration: UnsafeMutableRawPointer) -> _Lookup {
        decide(registration, holder: nil, thread: cbox_thread_current(), hold: .caller)
    }

    /// `decide` past its inlined part, which has recorded the dependency and found no ready instance: every
    /// registration but a synchronous transient one whose creations are plain. Out of line, so
    /// that each lookup's code stays small; the rules it shares with the inlined part (`onChain`,
    /// `enterFactory`) are written once.
    @inline(never)
    private static func decideInGeneral(
        _ found: UnsafeMutableRawPointer, holder: Unmanaged<Box>?, thread: UnsafeMutablePointer<cbox_thread>,
        hold: Hold, makesPermanents: Bool
    ) -> _Lookup {
        let registration = Unmanaged<_AnyRegistration>.fromOpaque(found)
        let isSyncTransient = registration._withUnsafeGuaranteedRef { $0.isSyncTransient }
        if !isSyncTransient && !makesPermanents { return _Lookup(failed: .missing) }
        // One instance per argument value: being on the chain is no cycle (another value's may be being
        // made); the registration finds one per value (`_ArgumentRegistration.perArgumentsInstance`).
        if registration._withUnsafeGuaranteedRef({ $0.life == .perArguments }) {
            return enterFactory(
                found, holder: holder, thread: thread, hold: hold, mayRecord: false, state: .perArguments)
        }
        if let onChain = onChain(found, holder: holder, thread: thread) { return onChain }
        let mayThrow = !isSyncTransient && registration._withUnsafeGuaranteedRef { $0.mayThrow }
        let state: _Lookup.State = mayThrow ? .makeThrowing : .make
        if !isSyncTransient {
            if registration._withUnsafeGuaranteedRef({ $0.isAsync }) {
                return _Lookup(failed: .asyncFactory, found, holder: holder)
            }
            if let isolation = registration._withUnsafeGuaranteedRef({ $0.isolation }), !isolation.isCurrent {
                guard isolation.executorToAsk != nil else {
                    return _Lookup(failed: .wrongIsolation, found, holder: holder)
                }
                return decide(
                    found, askingExecutorOf: isolation, holder: holder, thread: thread, hold: hold, state: state)
            }
        }
        return enterFactory(found, holder: holder, thread: thread, hold: hold, mayRecord: true, state: state)
    }

    /// `decideInGeneral` for an isolated registration that the runtime and Dispatch do not place the calling
    /// code on, whose actor's custom executor may say otherwise (`_Isolation.executorIsolatesCurrentContext`).
    /// The executor's code runs outside the read section: an entry pushed onto the thread's chain holds the
    /// registration from before the section ends. If the executor says yes, that entry is the factory's (a
    /// `state` lookup); if not, the lookup is `.wrongIsolation` with the entry still pushed
    /// (`_Lookup.isHeldByChain`), which ending the lookup pops.
    @inline(never)
    private static func decide(
        _ found: UnsafeMutableRawPointer, askingExecutorOf isolation: _Isolation, holder: Unmanaged<Box>?,
        thread: UnsafeMutablePointer<cbox_thread>, hold: Hold, state: _Lookup.State
    ) -> _Lookup {
        guard hold == .readSection else {
            guard isolation.executorIsolatesCurrentContext() else {
                return _Lookup(failed: .wrongIsolation, found, holder: holder)
            }
            return enterFactory(found, holder: holder, thread: thread, hold: hold, mayRecord: true, state: state)
        }
        if isAtDepthLimit(thread) { return _Lookup(failed: .tooDeep, found, holder: holder) }
        cbox_chain_push(thread, found, false)
        cbox_read_end(cbox_thread_reader(thread))
        guard isolation.executorIsolatesCurrentContext() else {
            return _Lookup(failed: .wrongIsolation, found, holder: holder, heldBy: UnsafeMutableRawPointer(thread))
        }
        if !Unmanaged<_AnyRegistration>.fromOpaque(found)._withUnsafeGuaranteedRef({ $0.hasPlainCreations }) {
            beginCreation(thread, found)
        }
        return _Lookup(state, found, holder: holder, payload: UnsafeMutableRawPointer(thread))
    }

    /// The general path of a resolve through a forward (`_Lookup.forward`, which `decide` answers without
    /// looking at the chain): `decide`'s rules for a registration whose factory is about to run. A cycle
    /// when the forward is already being resolved on this thread, `.tooDeep` at the depth limit; otherwise
    /// the forward pushed onto the chain (recording what it resolves on its first resolve), the read section
    /// ended if `hold` is one, and a `.make` lookup, to end with `_endMake` once the target is resolved.
    static func enterForward(_ found: UnsafeMutableRawPointer, holder: Unmanaged<Box>?, hold: Hold) -> _Lookup {
        let thread = cbox_thread_current()
        if let onChain = onChain(found, holder: holder, thread: thread) { return onChain }
        return enterFactory(found, holder: holder, thread: thread, hold: hold, mayRecord: true, state: .make)
    }

    /// What `decide` answers for a registration already on `thread`'s chain: the instance whose hooks are
    /// running (`.pending`), or a cycle; `nil` when it is not on the chain.
    @inline(__always)
    private static func onChain(
        _ found: UnsafeMutableRawPointer, holder: Unmanaged<Box>?, thread: UnsafeMutablePointer<cbox_thread>
    ) -> _Lookup? {
        guard let entry = cbox_chain_find(thread, found) else { return nil }
        if let pending = entry.pointee.pending {
            return _Lookup(.pending, found, holder: holder, payload: UnsafeMutableRawPointer(mutating: pending))
        }
        return _Lookup(failed: .cycle, found, holder: holder)
    }

    /// The end of every decision to run a factory (`state`: `.make` or `.makeThrowing`): `.tooDeep` at the
    /// depth limit; otherwise pushes the registration onto the chain, which holds it from then on, and ends
    /// the read section, if `hold` is one, so that no user code runs inside it. With `mayRecord`, a creation
    /// that is not plain (a first creation, or one an observer is told of) then begins as such
    /// (`beginCreation`), outside the read section.
    @inline(__always)
    private static func enterFactory(
        _ found: UnsafeMutableRawPointer, holder: Unmanaged<Box>?, thread: UnsafeMutablePointer<cbox_thread>,
        hold: Hold, mayRecord: Bool, state: _Lookup.State
    ) -> _Lookup {
        if isAtDepthLimit(thread) { return _Lookup(failed: .tooDeep, found, holder: holder) }
        cbox_chain_push(thread, found, false)
        if hold == .readSection { cbox_read_end(cbox_thread_reader(thread)) }
        if mayRecord
            && !Unmanaged<_AnyRegistration>.fromOpaque(found)._withUnsafeGuaranteedRef({ $0.hasPlainCreations })
        {
            beginCreation(thread, found)
        }
        return _Lookup(state, found, holder: holder, payload: UnsafeMutableRawPointer(thread))
    }

    /// `decide` for a ready permanent object that a lookup found without its registration (a slot or a type-index
    /// entry holds it, `cbox_table_publish_ready`), inside the read section of `thread`'s reader: the `.object`
    /// lookup `decide` returns for its registration, or `nil` while the thread records a first creation's
    /// dependencies, for which `decide` needs the registration. Beside `decide`, so that a rule added there
    /// before its `.object` is seen here.
    @inline(__always)
    static func decide(readyObject object: UnsafeMutableRawPointer, thread: UnsafeMutablePointer<cbox_thread>)
        -> _Lookup?
    {
        guard cbox_thread_recording(thread) == 0 else { return nil }
        _ = Unmanaged<AnyObject>.fromOpaque(object).retain()
        cbox_read_end(cbox_thread_reader(thread))
        return _Lookup(.object, payload: object)
    }

    /// Ends a lookup that is taken out of the funnel (an async resolve's): gives up what `hold` says keeps its
    /// registration valid or, for a lookup its chain holds (`_Lookup.isHeldByChain`), pops that entry.
    static func end(_ lookup: _Lookup, hold: Hold) {
        if lookup.isHeldByChain { return popMake(lookup) }
        end(hold, of: lookup.registration.unsafelyUnwrapped, reader: cbox_reader_current())
    }

    /// Gives up what `hold` says keeps `registration` valid.
    @inline(__always)
    static func end(_ hold: Hold, of registration: UnsafeMutableRawPointer, reader: UnsafeMutablePointer<cbox_reader>) {
        switch hold {
        case .readSection: cbox_read_end(reader)
        case .retain: Unmanaged<_AnyRegistration>.fromOpaque(registration).release()
        case .caller: break
        }
    }

    /// Pops the chain entry a factory call pushed and, when that ends the thread's top-level resolve, releases
    /// its `.graph` instances. An entry that records or is timed is finished first (`popFinishing`), while it
    /// still holds its registration.
    @inline(__always)
    static func pop(_ thread: UnsafeMutablePointer<cbox_thread>) {
        if _slowPath(cbox_chain_top_finish(thread) != 0) { return popFinishing(thread) }
        if cbox_chain_pop(thread) != 0 { closeGraph(thread) }
    }

    /// The calling thread's identity, never 0, while it lives: the address of its resolution state.
    static var identity: UInt64 { UInt64(UInt(bitPattern: cbox_thread_current())) }

    /// Pops the chain entry that a `.make` lookup pushed for its factory call.
    @usableFromInline
    static func popMake(_ lookup: _Lookup) {
        pop(lookup.threadRecord.unsafelyUnwrapped.assumingMemoryBound(to: cbox_thread.self))
    }

    /// Detaches the thread's `_GraphInstances`, then releases it and the `.graph` instances it keeps (whose
    /// `deinit`s may resolve, making `.graph` instances of their own).
    @inline(never)
    static func closeGraph(_ thread: UnsafeMutablePointer<cbox_thread>) {
        guard let graph = cbox_thread_graph(thread) else { return }
        cbox_thread_set_graph(thread, nil)
        Unmanaged<_GraphInstances>.fromOpaque(graph).release()
    }

    /// Runs `body` holding `claim` (a registration's, or a `.perArguments` entry's). On a sandbox thread the
    /// claim is noted, so that it can be released if the thread is abandoned while `body` runs, with the word
    /// (`creator`) in which `body` names this thread as the creator, which is then cleared: the abandoned
    /// thread's identity may become another thread's.
    @usableFromInline
    static func withCreationClaim<R, Failure: Error>(
        _ claim: _CreationClaim, creator: _AtomicWord? = nil, _ body: () throws(Failure) -> R
    ) throws(Failure) -> R {
        claim.acquire()
        defer { claim.release() }
        guard let run = sandbox else { return try body() }
        run._withUnsafeGuaranteedRef { $0.heldClaims.append((claim, creator)) }
        defer { run._withUnsafeGuaranteedRef { _ = $0.heldClaims.removeLast() } }
        return try body()
    }

    /// The verification run this thread is the sandbox of, if it is one; unretained, so that a frame that
    /// may be abandoned holds no reference to it (the thread's own is given up by `abandonSandbox`).
    static var sandbox: Unmanaged<_VerificationRun>? {
        cbox_thread_sandbox(cbox_thread_current()).map { Unmanaged<_VerificationRun>.fromOpaque($0) }
    }

    /// How a sandbox run ended.
    enum SandboxOutcome {
        /// Its thread resolved every target left, or was abandoned on a problem; it has ended (but for one
        /// parked in code that needed it alive).
        case finished
        /// Its thread resolved one target for longer than the verification's patience; it goes on.
        case gaveUp
        /// No thread could be started; nothing was resolved.
        case notStarted
        /// `maxThreads` sandbox threads are alive; nothing was resolved.
        case tooManyThreads
    }

    /// Runs `run` on a new sandbox thread until it has gone through the targets left, its thread was
    /// abandoned on a problem, or one target took longer than the verification's patience. Starts no thread
    /// while `maxThreads` sandbox threads are alive.
    static func runSandbox(_ run: _VerificationRun, maxThreads: Int) -> SandboxOutcome {
        let patience = run.verification.patience.components
        let nanoseconds =
            UInt64(clamping: patience.seconds) &* 1_000_000_000 &+ UInt64(patience.attoseconds / 1_000_000_000)
        let context = Unmanaged.passRetained(run).toOpaque()
        let result = cbox_sandbox_run(
            { context in
                let run = Unmanaged<_VerificationRun>.fromOpaque(context.unsafelyUnwrapped)
                let thread = cbox_thread_current()
                cbox_thread_set_sandbox(thread, context)
                run._withUnsafeGuaranteedRef { $0.resolveTargets() }
                cbox_thread_set_sandbox(thread, nil)
                run.release()
            }, context, nanoseconds, UInt64(maxThreads))
        switch result {
        case CBOX_SANDBOX_FINISHED: return .finished
        case CBOX_SANDBOX_TIMED_OUT: return .gaveUp
        case CBOX_SANDBOX_TOO_MANY:
            Unmanaged<_VerificationRun>.fromOpaque(context).release()
            return .tooManyThreads
        default:
            Unmanaged<_VerificationRun>.fromOpaque(context).release()
            return .notStarted
        }
    }

    /// Tells the caller waiting for this sandbox thread that it is still making progress; false when the
    /// caller has given up on it.
    static func noteSandboxProgress() -> Bool { cbox_sandbox_progress() }

    /// Gives up the calling sandbox thread in the middle of a resolution that cannot go on: releases the
    /// creation claims its frames hold, hands over the dependencies its interrupted creations recorded,
    /// leaves its read sections and resolutions, and ends the thread without returning to its frames (they
    /// are never resumed, so nothing they hold is released or reused; `cbox_sandbox_abandon`), but for the
    /// run, which they no longer use: it and the verification's targets are not kept.
    static func abandonSandbox(_ run: _VerificationRun) -> Never {
        let thread = cbox_thread_current()
        for held in run.heldClaims.reversed() {
            held.creator?.store(0, ordering: .relaxed)
            held.claim.release()
        }
        run.heldClaims.removeAll()
        // The thread stops being the run's sandbox before the run may go: the releases below may run a
        // `deinit` that resolves, and must not find a freed run.
        cbox_thread_set_sandbox(thread, nil)
        Unmanaged.passUnretained(run).release()  // the thread's reference, taken by `runSandbox`'s body
        // The interrupted creations never end: hand over what they recorded, innermost first.
        for index in (0..<cbox_chain_depth(thread)).reversed() {
            let entry = cbox_chain_entry_at(thread, index)
            if entry.records & UInt8(CBOX_ENTRY_RECORDS) != 0 {
                handOverEdges(thread, from: Int(entry.mark), to: entry.registration)
            }
        }
        // Only now: a release in the hand-overs may run a `deinit` whose first creations record, and which
        // count on this thread's abandoned entries keeping it in the gate.
        if cbox_thread_recording(thread) != 0 { _RecordingGate.shared.leave() }
        cbox_sandbox_abandon()
    }

    /// Runs `body` with `registration` on this thread's chain and `instance` exposed as its pending instance,
    /// as `_begin` and `setPending` arrange for a synchronous registration's hooks: the hooks of an async
    /// registration run here, after its factory returned. `body` must not suspend (it is synchronous).
    static func withPending<R>(
        _ registration: _AnyRegistration, _ instance: UnsafeRawPointer, _ body: () -> R
    ) -> R {
        let thread = cbox_thread_current()
        cbox_chain_push(thread, Unmanaged.passUnretained(registration).toOpaque(), false)
        setPending(instance)
        defer { pop(cbox_thread_current()) }
        return body()
    }

    /// The registrations being resolved on this thread, outermost first.
    static func chain() -> [_AnyRegistration] {
        let thread = cbox_thread_current()
        return (0..<cbox_chain_depth(thread)).map { index in
            Unmanaged<_AnyRegistration>.fromOpaque(
                UnsafeMutableRawPointer(mutating: cbox_chain_entry_at(thread, index).registration)
            )
            .takeUnretainedValue()
        }
    }
}
