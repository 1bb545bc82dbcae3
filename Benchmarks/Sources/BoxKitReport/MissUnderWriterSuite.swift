import BenchmarkServices
@_spi(Baseline) import BoxKit
import Foundation
import LaunchSupport
import ReportSink
import Synchronization

/// A miss (`try? tryResolve` of a type nobody registered) while another thread registers, on BoxKit and the
/// Dictionary baseline (Swinject's container is not safe to register into while it resolves). DESIGN.md §3
/// asks that a miss take no lock, so that a thread registering into the same box leaves its cost unchanged.
///
/// The box is ``MissSuite``'s with the 300-service app graph (307 registrations), made afresh for every
/// repetition, beside a box of the same backend that only the other thread writes to. Two measurements:
/// - The other thread registers new keyed services ("w0", "w1", ...), switching between the two boxes, while
///   the misses are timed in bursts of about a millisecond, alternately while it registers into the miss
///   box (as a thread registering an app's services does) and while it registers into the other one. The
///   target compares the two: on this machine a second thread registering slows a miss whatever box it
///   registers into, by up to half, in some repetitions and not in others (as a thread that only makes and
///   drops objects does not), so only misses timed beside the same thread, in alternation, tell what sharing
///   the box costs.
/// - The other thread re-registers the miss box's transient `Car`, unkeyed and under "BMW", in turn: every
///   write replaces a registration, which it releases once no reader can hold it, so each write waits for a
///   grace period (`membarrier(2)`, which interrupts every thread of the process).
struct MissUnderWriterSuite {
    let recorder: Recorder

    /// Bursts of misses per repetition, half of them with each target of the writer.
    private let bursts = 24

    /// The keys the writer registers, more than it reaches in one repetition.
    fileprivate static let newKeys = (0..<1_000_000).map { "w\($0)" }

    func run() {
        let appGraph = AppSize.small
        let registered = MissSuite.ownRegistrations + appGraph.rawValue
        logProgress("miss while another thread registers, \(Operation.grouped(registered)) registered")
        let backends = [(Subject.boxKit, Box.Backend.hashTable), (.dictionary, .dictionary)]
        for (subject, backend) in backends {
            alternating(subject, backend, appGraph: appGraph, registered: registered)
        }
        recorder.compareRepeated(Operation.missUnderReplacer(registered), repetitions: nil) { subjects in
            for (subject, backend) in backends {
                let misses = Self.missesFilling(
                    recorder.harness.nanosecondsPerRepetition, in: MissSuite.box(backend, appGraph: appGraph))
                subjects.add(subject, "try? tryResolve; the other thread re-registers Car in this box") {
                    let box = MissSuite.box(backend, appGraph: appGraph)
                    let writer = Writer(replacingIn: box)
                    let elapsed = nanoseconds { Self.miss(misses, in: box) }
                    writer.stop()
                    return elapsed / Double(misses)
                }
            }
        }
    }

    /// Times misses in alternating bursts while the other thread registers into the miss box and into
    /// another, and records both.
    private func alternating(_ subject: Subject, _ backend: Box.Backend, appGraph: AppSize, registered: Int) {
        let burst = Self.missesFilling(
            recorder.harness.nanosecondsPerRepetition / Double(bursts), in: MissSuite.box(backend, appGraph: appGraph))
        var intoBox: [Double] = []
        var elsewhere: [Double] = []
        for repetition in -1..<recorder.harness.repetitions {  // the first is a warm-up
            let box = MissSuite.box(backend, appGraph: appGraph)
            let writer = Writer(addingTo: [box, Box(backend: backend)])
            var times = [0.0, 0.0]
            for index in 0..<bursts {
                let target = index % 2
                writer.switchTo(target)
                times[target] += nanoseconds { Self.miss(burst, in: box) }
            }
            writer.stop()
            guard repetition >= 0 else { continue }
            let perTarget = Double(burst * bursts / 2)
            intoBox.append(times[0] / perTarget)
            elsewhere.append(times[1] / perTarget)
        }
        let results = recorder.results
        results.add(
            Operation.missBesideWriter(registered), subject,
            "try? tryResolve; the other thread registers new keyed services into another box",
            Sample(values: elsewhere))
        results.add(
            Operation.missUnderWriter(registered), subject,
            "try? tryResolve; the other thread registers new keyed services into this box",
            Sample(values: intoBox))
    }

    /// `count` misses in `box`.
    private static func miss(_ count: Int, in box: Box) {
        for _ in 0..<count { blackHole(value: try? box.tryResolve(Unregistered.self)) }
    }

    /// How many misses in `box`, without a writer, take about `duration` nanoseconds.
    private static func missesFilling(_ duration: Double, in box: Box) -> Int {
        let sample = 10_000
        miss(sample, in: box)
        let perMiss = Swift.max(nanoseconds { miss(sample, in: box) } / Double(sample), 1)
        return Swift.max(1_000, Int(duration / perMiss))
    }
}

/// A thread registering until stopped: new keyed services into whichever of its boxes `switchTo` chose
/// last, or `Car` again and again into one box, unkeyed and under "BMW" in turn. It has made its first
/// registration when `init` returns; one that runs out of new keys stops early (`stop` reports it).
private final class Writer: Sendable {
    private let running = Atomic<Bool>(true)
    private let target = Atomic<Int>(0)
    private let registrations = Atomic<Int>(0)
    private let finished = DispatchSemaphore(value: 0)

    /// Registers new keyed services into `boxes[0]` until `switchTo` says otherwise.
    convenience init(addingTo boxes: [Box]) {
        self.init { writer, count in
            let keys = MissUnderWriterSuite.newKeys
            guard count < keys.count else { return false }
            boxes[writer.target.load(ordering: .relaxed)].register(Car.self, key: keys[count]) { Car() }
            return true
        }
    }

    /// Replaces `box`'s transient `Car` registrations, unkeyed and under "BMW", in turn.
    convenience init(replacingIn box: Box) {
        self.init { _, count in
            if count.isMultiple(of: 2) {
                box.register { Car() }
            } else {
                box.register(key: Keys.short) { Car() }
            }
            return true
        }
    }

    /// Runs `write` with the registrations made so far until stopped, or until it returns false.
    private init(_ write: @escaping @Sendable (Writer, Int) -> Bool) {
        Thread { [self] in
            var count = 0
            while running.load(ordering: .relaxed), write(self, count) {
                count += 1
                // Once: a store on every write could share a cache line with what the timed thread
                // allocates (this object is allocated beside it), and slow it for a reason of its own.
                if count == 1 { registrations.store(count, ordering: .releasing) }
            }
            registrations.store(count, ordering: .releasing)
            finished.signal()
        }.start()
        while registrations.load(ordering: .acquiring) == 0 { sched_yield() }
    }

    /// Makes the next registrations of new services go to box `index` of those it was given.
    func switchTo(_ index: Int) {
        target.store(index, ordering: .relaxed)
    }

    /// Stops the thread and waits until it has made its last registration.
    func stop() {
        running.store(false, ordering: .relaxed)
        finished.wait()
        precondition(
            registrations.load(ordering: .acquiring) < MissUnderWriterSuite.newKeys.count,
            "the writer ran out of new keys before the misses were timed: give it more")
    }
}
