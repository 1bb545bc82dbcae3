import BenchmarkServices
@_spi(Baseline) import BoxKit
import Foundation
import LaunchSupport
import ReportSink
import Synchronization

/// A miss (`try? tryResolve` of a type nobody registered) beside another thread that registers, on BoxKit
/// and the Dictionary baseline (Swinject's container is not safe to register into while it resolves).
/// The goals ask that a miss take no lock, and cost the same while another thread registers as without it.
///
/// Each repetition makes ``MissSuite``'s box with the 300-service app graph (307 registrations) and a second
/// box of the same backend, starts one writer thread, and times the misses in bursts of about a millisecond,
/// in turn while the writer registers new keyed services ("w0", "w1", ...) into the miss's box, while it
/// registers them into the other box, and while it waits without registering; the order of the three turns
/// rotates from one repetition to the next. So the three rows differ only in what the writer does, beside
/// the same thread on the same processors. The miss's box grows by what the writer adds to it (a few
/// thousand services a millisecond), as a box does while an app registers its services.
///
/// A last row times misses while the writer re-registers the miss box's transient `Car`, unkeyed and under
/// "BMW", in turn: on BoxKit every write then replaces a registration and releases the one it replaced before
/// returning, once no reader can hold it, which waits for a grace period (`membarrier(2)`, which interrupts
/// every thread of the process); the Dictionary baseline releases it after unlocking.
struct MissUnderWriterSuite {
    let recorder: Recorder

    /// Bursts of misses per repetition, a third of them in each turn.
    private let bursts = 24

    /// Repetitions run and discarded before the measured ones, while the process settles.
    private let warmUps = 2

    /// The keys the writer registers, more than it reaches in one repetition.
    fileprivate static let newKeys = (0..<1_000_000).map { "w\($0)" }

    func run() {
        let appGraph = AppSize.small
        let registered = MissSuite.registrations(appGraph: appGraph)
        logProgress("miss while another thread registers, \(Operation.grouped(registered)) registered")
        let backends = [(Subject.boxKit, Box.Backend.hashTable), (.dictionary, .dictionary)]
        for (subject, backend) in backends {
            inTurns(subject, backend, appGraph: appGraph, registered: registered)
        }
        recorder.compareRepeated(Operation.missWriterReplacing(registered), repetitions: nil) { subjects in
            for (subject, backend) in backends {
                let misses = missesFilling(
                    recorder.harness.nanosecondsPerRepetition, in: MissSuite.box(backend, appGraph: appGraph))
                subjects.add(subject, "try? tryResolve; the other thread re-registers Car in the miss's box") {
                    let box = MissSuite.box(backend, appGraph: appGraph)
                    let writer = Writer(replacingIn: box)
                    let elapsed = nanoseconds { Self.miss(misses, in: box) }
                    writer.stop()
                    return elapsed / Double(misses)
                }
            }
        }
    }

    /// Times misses in bursts, in turn while the writer registers into the miss's box, into another box, and
    /// not at all, and records the three.
    private func inTurns(_ subject: Subject, _ backend: Box.Backend, appGraph: AppSize, registered: Int) {
        let turns = Writer.Turn.allCases
        let burst = missesFilling(
            recorder.harness.nanosecondsPerRepetition / Double(bursts), in: MissSuite.box(backend, appGraph: appGraph))
        var perTurn = Array(repeating: [Double](), count: turns.count)
        for repetition in -warmUps..<recorder.harness.repetitions {
            let box = MissSuite.box(backend, appGraph: appGraph)
            let writer = Writer(addingTo: box, orTo: Box(backend: backend))
            var times = Array(repeating: 0.0, count: turns.count)
            for index in 0..<bursts {
                let turn = turns[(index + repetition + warmUps) % turns.count]
                writer.take(turn)
                times[turn.rawValue] += nanoseconds { Self.miss(burst, in: box) }
            }
            writer.stop()
            guard repetition >= 0 else { continue }
            let missesPerTurn = Double(burst * bursts / turns.count)
            for turn in turns { perTurn[turn.rawValue].append(times[turn.rawValue] / missesPerTurn) }
        }
        for turn in turns {
            recorder.results.add(
                turn.operation(registered), subject, "try? tryResolve; the other thread \(turn.doing)",
                Sample(values: perTurn[turn.rawValue]))
        }
    }

    /// `count` misses in `box`.
    private static func miss(_ count: Int, in box: Box) {
        for _ in 0..<count { blackHole(value: try? box.tryResolve(Unregistered.self)) }
    }

    /// How many misses in `box`, without a writer, take about `duration` nanoseconds.
    private func missesFilling(_ duration: Double, in box: Box) -> Int {
        recorder.harness.iterations(filling: duration) { Self.miss($0, in: box) }
    }
}

/// A thread registering until stopped: new keyed services into the box its current turn names (or none
/// while it waits), or `Car` again and again into one box, unkeyed and under "BMW" in turn. It has made its
/// first registration when `init` returns. Each call of `register` takes the box out of an array or a
/// closure's context, and so retains and releases it, as a caller that holds the box in a collection or a
/// property does.
private final class Writer: Sendable {
    /// What a writer made with `init(addingTo:orTo:)` does.
    enum Turn: Int, CaseIterable {
        /// Registers new services into the miss's box.
        case intoBox
        /// Registers new services into the other box.
        case intoOtherBox
        /// Registers nothing, yielding its processor while it waits.
        case waiting

        /// The report's operation for misses timed during this turn.
        var operation: (Int) -> String {
            switch self {
            case .intoBox: Operation.missWriterSameBox
            case .intoOtherBox: Operation.missWriterOtherBox
            case .waiting: Operation.missWriterWaiting
            }
        }

        /// What the writer does during this turn, for the report's variant.
        var doing: String {
            switch self {
            case .intoBox: "registers new keyed services into the miss's box"
            case .intoOtherBox: "registers new keyed services into another box"
            case .waiting: "waits, registering nothing"
            }
        }
    }

    private let running = Atomic<Bool>(true)
    private let turn = Atomic<Int>(Turn.intoBox.rawValue)
    private let registrations = Atomic<Int>(0)
    private let finished = DispatchSemaphore(value: 0)
    /// Whether the writer registers new keys, and so may run out of them.
    private let adds: Bool

    /// Registers new keyed services into `box`, into `other` or into neither, as `take` says (`box` first).
    convenience init(addingTo box: Box, orTo other: Box) {
        let boxes = [box, other]
        self.init(adds: true) { writer, count in
            let keys = MissUnderWriterSuite.newKeys
            guard count < keys.count else { return false }
            let turn = writer.turn.load(ordering: .relaxed)
            if turn == Turn.waiting.rawValue {
                sched_yield()
                return true
            }
            boxes[turn].register(Car.self, key: keys[count]) { Car() }
            return true
        }
    }

    /// Replaces `box`'s transient `Car` registrations, unkeyed and under "BMW", in turn.
    convenience init(replacingIn box: Box) {
        self.init(adds: false) { _, count in
            if count.isMultiple(of: 2) {
                box.register { Car() }
            } else {
                box.register(key: Keys.short) { Car() }
            }
            return true
        }
    }

    /// Runs `write` with the writes made so far until stopped, or until it returns false.
    private init(adds: Bool, _ write: @escaping @Sendable (Writer, Int) -> Bool) {
        self.adds = adds
        Thread { [self] in
            var count = 0
            while running.load(ordering: .relaxed), write(self, count) {
                count += 1
                // Published once, not per write: this object is allocated beside what the timed thread
                // allocates, and a store per write to a line it shares would slow that thread for a
                // reason of its own.
                if count == 1 { registrations.store(count, ordering: .releasing) }
            }
            registrations.store(count, ordering: .releasing)
            finished.signal()
        }.start()
        while registrations.load(ordering: .acquiring) == 0 { sched_yield() }
    }

    /// Switches an adding writer to `next` for its next writes.
    func take(_ next: Turn) {
        turn.store(next.rawValue, ordering: .relaxed)
    }

    /// Stops the thread and waits until it has made its last write.
    func stop() {
        running.store(false, ordering: .relaxed)
        finished.wait()
        precondition(
            !adds || registrations.load(ordering: .acquiring) < MissUnderWriterSuite.newKeys.count,
            "the writer ran out of new keys while the misses were timed: give it more")
    }
}
