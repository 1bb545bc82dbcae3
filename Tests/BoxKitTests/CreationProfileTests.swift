@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Foundation
import Testing

// The services of a launch whose factories take known times: each spins for its own cost, then resolves
// what it needs.
//
//     Top (10 ms) -> Middle (120 ms) -> Leaf (320 ms)
//                 -> Side (200 ms)
//     Other (60 ms)
//
// By hand: self times Leaf > Side > Middle > Other > Top; the critical path Top, Middle, Leaf (450 ms, against
// 210 ms for Top, Side and 60 ms for Other), which following the costliest child at each step (Side) misses.
// Costs differ by at least 50 ms, more than preemption adds to one creation on a busy 2-core machine running
// the suite under ThreadSanitizer.
private struct Top {}
private struct Middle {}
private struct Leaf {}
private struct Side {}
private struct Other {}

/// Spins until `duration` has passed on the monotonic clock.
private func spin(for duration: Duration) {
    let clock = ContinuousClock()
    let end = clock.now + duration
    while clock.now < end {}
}

extension Box {
    /// Registers the launch above.
    fileprivate func registerTimedLaunch() {
        register { r in
            spin(for: .milliseconds(10))
            _ = r.resolve(Middle.self)
            _ = r.resolve(Side.self)
            return Top()
        }
        register { r in
            spin(for: .milliseconds(120))
            _ = r.resolve(Leaf.self)
            return Middle()
        }
        register {
            spin(for: .milliseconds(320))
            return Leaf()
        }
        register(life: .permanent) {
            spin(for: .milliseconds(200))
            return Side()
        }
        register {
            spin(for: .milliseconds(60))
            return Other()
        }
    }

    /// Profiles resolving the launch's two tops.
    fileprivate func profileTimedLaunch() -> CreationProfile {
        profile {
            _ = resolve(Top.self)
            _ = resolve(Other.self)
        }
    }
}

/// The names of `types`, as a profile names services.
private func names(_ types: Any.Type...) -> [String] { types.map { String(reflecting: $0) } }

/// Serialized: the timed launches spin, and would otherwise compete with each other for the cores.
@Suite("Creation profiles", .serialized)
struct CreationProfileTests {
    @Test("services are ranked by self time, each factory's own cost", arguments: backends)
    func servicesBySelfTime(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.registerTimedLaunch()
        let profile = box.profileTimedLaunch()
        #expect(
            profile.services.map(\.registration.serviceType)
                == names(Leaf.self, Side.self, Middle.self, Other.self, Top.self), "\(profile)")
        #expect(profile.services.allSatisfy { $0.creations == 1 })
    }

    @Test("self times add up to the time the profiled work took, within 10%", arguments: backends)
    func selfTimesSumToTheTotal(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.registerTimedLaunch()
        let clock = ContinuousClock()
        var profile: CreationProfile?
        let elapsed = clock.measure { profile = box.profileTimedLaunch() }
        let selfTimes = profile!.services.reduce(Duration.zero) { $0 + $1.selfTime }
        #expect(
            abs((selfTimes - elapsed) / elapsed) <= 0.1,
            "self times \(selfTimes), measured \(elapsed), profile \(profile!.duration)")
        #expect(profile!.duration <= elapsed)
    }

    @Test("the critical path is the chain built by hand", arguments: backends)
    func criticalPath(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.registerTimedLaunch()
        let profile = box.profileTimedLaunch()
        #expect(profile.criticalPath.map(\.service) == names(Top.self, Middle.self, Leaf.self))
        // Each made for the one before it, starting at a resolve of the test's own.
        let path = profile.criticalPath
        #expect(path.first?.parentID == nil)
        for (parent, child) in zip(path, path.dropFirst()) { #expect(child.parentID == parent.id) }
    }

    @Test("creations are counted on the main thread only when made there")
    func mainThreadCreations() throws {
        // A test's body never runs on the main thread: ProfileProbe's top-level code does.
        let executable = try #require(
            builtExecutable(named: "ProfileProbe"), "ProfileProbe was not built next to the tests")
        let (printed, status) = try standardOutput(ofRunning: executable)
        #expect(status == 0)
        #expect(
            printed.split(separator: "\n") == ["creations: 3", "main thread: 1"])
    }

    @Test("creations made off the main thread are not counted as the main thread's", arguments: backends)
    func offMainThread(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.registerTimedLaunch()
        let profile = box.profileTimedLaunch()
        #expect(profile.creations.count == 5 && profile.creations.allSatisfy { !$0.isMainThread })
        #expect(profile.mainThread.creations == 0 && profile.mainThread.time == .zero)
    }

    @Test(
        "permanents made that nothing used are listed: no service needed them and nothing kept them",
        arguments: backends)
    func unusedPermanents(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(life: .permanent) { Engine() }  // made first, then needed by Car
        box.register(life: .permanent) { Tracked() }  // needed by nothing, kept by nothing
        box.register(life: .permanent) { Counter() }  // needed by nothing, kept by the test
        box.register { r in Car(engine: r.resolve()) }
        var kept: Counter?
        let profile = box.profile {
            _ = box.resolve(Engine.self)
            _ = box.resolve(Tracked.self)
            kept = box.resolve(Counter.self)
            _ = box.resolve(Car.self)
        }
        #expect(profile.unusedPermanents.map(\.serviceType) == names(Tracked.self))
        withExtendedLifetime(kept) {}
    }

    @Test(
        "a permanent counts as used only when a service resolves it by its own key, not by its type alone",
        arguments: backends)
    func unusedPermanentsByKey(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(key: "v8", life: .permanent) { Engine() }  // needed by Car, through its key
        box.register(key: "v6", life: .permanent) { Engine() }  // the same type under another key: needed by nothing
        box.register { r in Car(engine: r.resolve(key: "v8")) }
        let profile = box.profile {
            _ = box.resolve(Engine.self, key: "v8")
            _ = box.resolve(Engine.self, key: "v6")
            _ = box.resolve(Car.self)
        }
        #expect(profile.unusedPermanents.map(\.key) == ["v6"])
        #expect(profile.unusedPermanents.map(\.serviceType) == names(Engine.self))
    }

    @Test(
        "a permanent a service resolves through a forward, or a chain of forwards, counts as used",
        arguments: backends)
    func unusedPermanentsThroughForwards(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(life: .permanent) { Car() }  // needed by Buyer, as a Vehicle
        box.forward(Vehicle.self, to: Car.self)
        box.register(key: "spare", life: .permanent) { Car() }  // needed by Buyer, as an AnyObject, as a Vehicle
        box.forward(Vehicle.self, to: Car.self, key: "spare")
        box.forward(AnyObject.self, to: Vehicle.self, key: "spare")
        box.register(life: .permanent) { Tracked() }  // needed by nothing, kept by nothing
        box.register { r in
            _ = r.resolve(Vehicle.self)
            _ = r.resolve(AnyObject.self, key: "spare")
            return Buyer(name: "buyer")
        }
        let profile = box.profile {
            _ = box.resolve(Car.self)
            _ = box.resolve(Car.self, key: "spare")
            _ = box.resolve(Tracked.self)
            _ = box.resolve(Buyer.self)
        }
        #expect(profile.unusedPermanents.map(\.serviceType) == names(Tracked.self))
    }

    @Test("the report names the totals, the costliest services and the critical path", arguments: backends)
    func report(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.registerTimedLaunch()
        let profile = box.profileTimedLaunch()
        let lines = profile.report.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first?.hasPrefix("Creation profile: 5 creations, ") == true)
        let ranked = lines.drop { !$0.hasPrefix("Services by self time (5 of 5)") }.dropFirst(2).prefix(5)
        #expect(
            ranked.map { $0.hasSuffix(String(reflecting: Leaf.self) + " (transient)") } == [
                true, false, false, false, false,
            ])
        let path = lines.drop { !$0.hasPrefix("Critical path: 3 creations, ") }.prefix(4)
        #expect(path.first?.hasSuffix(" ms of self time") == true)
        let chain = [Top.self, Middle.self, Leaf.self] as [Any.Type]
        for (depth, (line, type)) in zip(path.dropFirst(), chain).enumerated() {
            let indent = String(repeating: "  ", count: depth)
            #expect(line.hasSuffix(" ms  \(indent)\(String(reflecting: type)) (transient)"), "\(profile)")
        }
        #expect(profile.report(top: 2).contains("(2 of 5)"))
        #expect(profile.description == profile.report)
    }

    @Test("the Chrome trace is JSON with one complete event per creation, nested in its parent's", arguments: backends)
    func chromeTrace(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.registerTimedLaunch()
        box.register(key: #"a "quoted"\ key"#) { Engine() }
        let profile = box.profile {
            _ = box.resolve(Top.self)
            _ = box.resolve(Other.self)
            onThreads(1) { _ in _ = box.resolve(Engine.self, key: #"a "quoted"\ key"#) }
        }
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(profile.chromeTrace().utf8)) as? [String: Any])
        let events = try #require(json["traceEvents"] as? [[String: Any]])
        let slices = events.filter { $0["ph"] as? String == "X" }
        #expect(slices.count == profile.creations.count)
        #expect(events.filter { $0["ph"] as? String == "M" }.count == 2)  // one track per thread

        // Microseconds with three decimals: whole nanoseconds.
        func nanoseconds(_ value: Any?) -> Int64 { Int64((((value as? Double) ?? -1) * 1000).rounded()) }
        var byID: [Int: (start: Int64, end: Int64, track: Int)] = [:]
        for slice in slices {
            let args = try #require(slice["args"] as? [String: Any])
            let start = nanoseconds(slice["ts"])
            byID[try #require(args["id"] as? Int)] = (start, start + nanoseconds(slice["dur"]), slice["tid"] as! Int)
        }
        for slice in slices {
            let args = slice["args"] as! [String: Any]
            guard let parent = args["parent"] as? Int else { continue }
            let child = byID[args["id"] as! Int]!
            let outer = try #require(byID[parent])
            #expect(outer.track == child.track)
            #expect(outer.start <= child.start && child.end <= outer.end)
        }
        #expect(slices.contains { ($0["args"] as? [String: Any])?["key"] as? String == #"a "quoted"\ key"# })
        #expect(Set(slices.map { $0["name"] as? String }) == Set(profile.creations.map(\.service)))
    }
}
