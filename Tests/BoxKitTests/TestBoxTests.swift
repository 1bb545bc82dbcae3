@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Foundation
import Testing

// Test boxes (`Box(testing:liveServices:reportingIssues:)`): which copied registrations are live, what a
// resolve of one does under each policy, and what `verify()` lists.

/// A service a test must not reach for real, and what the app builds on it.
final class NetworkClient {
    let isDouble: Bool
    init(isDouble: Bool = false) { self.isDouble = isDouble }
}

final class Feed {
    let client: NetworkClient
    init(client: NetworkClient) { self.client = client }
}

/// An app's box: a live network client, and a feed built on it and a formatter, both marked safe in tests.
func appBox(_ backend: Box.Backend, life: LifeType = .transient) -> Box {
    let box = Box(backend: backend)
    box.register(life: life) { NetworkClient() }
    box.register { r in Feed(client: r.resolve()) }.testSafe()
    box.register(life: .permanent) { DateFormatter() }.testSafe()
    return box
}

/// The problems a test box reported.
final class ReportedProblems: @unchecked Sendable {
    private let problems = Mutexed<[BoxError]>([])
    var all: [BoxError] { problems.value }
    func append(_ problem: BoxError) { problems.mutate { $0.append(problem) } }
}

@Suite("Test boxes")
struct TestBoxTests {
    @Test(
        "a strict test box reports a live registration once, naming it and the chain, and makes it", arguments: backends
    )
    func strictReportsLiveUse(backend: Box.Backend) throws {
        let reported = ReportedProblems()
        let box = Box(testing: appBox(backend), liveServices: .strict) { reported.append($0) }
        let feed = box.resolve(Feed.self)
        _ = box.resolve(Feed.self)
        #expect(!feed.client.isDouble, "the live service is still made")
        #expect(reported.all.count == 1, "each live registration is reported once per test box")
        let problem = try #require(reported.all.first)
        #expect(problem.reason == .liveService)
        #expect(problem.serviceType == "BoxKitTests.NetworkClient")
        #expect(problem.chain == ["BoxKitTests.Feed", "BoxKitTests.NetworkClient"])
        #expect(problem.description.hasPrefix("BoxKit: a test resolved BoxKitTests.NetworkClient, a live registration"))
        #expect(problem.description.hasSuffix("Resolution chain: BoxKitTests.Feed -> BoxKitTests.NetworkClient."))
    }

    @Test("a registration the test replaced is not live", arguments: backends)
    func replacedIsNotLive(backend: Box.Backend) {
        let reported = ReportedProblems()
        let box = Box(testing: appBox(backend), liveServices: .strict) { reported.append($0) }
        box.register { NetworkClient(isDouble: true) }
        box.register { r in Feed(client: r.resolve()) }
        #expect(box.resolve(Feed.self).client.isDouble)
        #expect(reported.all.isEmpty)
    }

    @Test("a registration marked testSafe() is made as in the app", arguments: backends)
    func testSafeIsNotLive(backend: Box.Backend) {
        let reported = ReportedProblems()
        let box = Box(testing: appBox(backend), liveServices: .strict) { reported.append($0) }
        _ = box.resolve(DateFormatter.self)
        #expect(reported.all.isEmpty)
    }

    @Test("under .allow, live registrations are made without a report", arguments: backends)
    func allowReportsNothing(backend: Box.Backend) {
        let reported = ReportedProblems()
        let box = Box(testing: appBox(backend)) { reported.append($0) }
        _ = box.resolve(Feed.self)
        #expect(reported.all.isEmpty)
    }

    @Test("each kind of registration is checked: value, throwing, keyed, with arguments, async", arguments: backends)
    func everyKindIsChecked(backend: Box.Backend) async throws {
        let app = Box(backend: backend)
        app.register(key: "base") { "https://example.com" }
        app.register(Int.self) { () throws -> Int in 42 }
        app.register(OrderedCar.self) { (_: Resolver, colour: String) in OrderedCar(colour: colour) }
        app.register(life: .permanent) { () async -> Engine in Engine(cylinders: 12) }
        let reported = ReportedProblems()
        let box = Box(testing: app, liveServices: .strict) { reported.append($0) }
        _ = box.resolve(String.self, key: "base")
        _ = try box.tryResolve(Int.self)
        _ = box.resolve(OrderedCar.self, arguments: "red")
        _ = await box.resolveAsync(Engine.self)
        #expect(
            reported.all.map(\.chain) == [
                [#"Swift.String[key: "base"]"#], ["Swift.Int"],
                ["BoxKitTests.OrderedCar[arguments: (Swift.String)]"], ["BoxKitTests.Engine"],
            ])
    }

    @Test("a forward is not live itself; the registration it forwards to is", arguments: backends)
    func forwardTargetIsChecked(backend: Box.Backend) {
        let app = Box(backend: backend)
        app.register(life: .permanent) { Car() }
        app.forward((any Vehicle).self, to: Car.self)
        let reported = ReportedProblems()
        let box = Box(testing: app, liveServices: .strict) { reported.append($0) }
        _ = box.resolve((any Vehicle).self)
        #expect(reported.all.map(\.serviceType) == ["BoxKitTests.Car"])
    }

    @Test("a child box of a test box reports to it", arguments: backends)
    func childBoxReports(backend: Box.Backend) {
        let reported = ReportedProblems()
        let box = Box(testing: appBox(backend), liveServices: .strict) { reported.append($0) }
        _ = box.newChildBox(forKey: "screen").resolve(Feed.self)
        #expect(reported.all.map(\.serviceType) == ["BoxKitTests.NetworkClient"])
    }

    @Test(
        "a test box made from a test box checks each live registration once, where it was first checked",
        arguments: backends)
    func nestedTestBoxesCheckOnce(backend: Box.Backend) {
        let outer = ReportedProblems()
        let inner = ReportedProblems()
        let suiteBox = Box(testing: appBox(backend), liveServices: .strict) { outer.append($0) }
        let testBox = Box(testing: suiteBox, liveServices: .strict) { inner.append($0) }
        _ = testBox.resolve(Feed.self)
        #expect(outer.all.map(\.serviceType) == ["BoxKitTests.NetworkClient"])
        #expect(inner.all.isEmpty)
    }

    @Test("a reset keeps a live registration's check", arguments: backends)
    func resetKeepsTheCheck(backend: Box.Backend) {
        let reported = ReportedProblems()
        let box = Box(testing: appBox(backend, life: .permanent), liveServices: .strict) { reported.append($0) }
        _ = box.resolve(NetworkClient.self)
        box.reset()
        let found: Set<[String]> = [["BoxKitTests.NetworkClient"], ["BoxKitTests.Feed", "BoxKitTests.NetworkClient"]]
        #expect(Set(box.verify().map(\.chain)) == found)
        let stopping = Box(testing: box, liveServices: .stop) { reported.append($0) }
        #expect(Set(stopping.verify().map(\.chain)) == found)
        _ = box.resolve(NetworkClient.self)
        #expect(reported.all.count == 1, "the same check, which reported once: \(reported.all)")
    }

    @Test("a test double registered in a test box is not live in a test box copied from it", arguments: backends)
    func testDoublesStayDoubles(backend: Box.Backend) {
        let reported = ReportedProblems()
        let suiteBox = Box(testing: appBox(backend)) { reported.append($0) }
        suiteBox.register { NetworkClient(isDouble: true) }
        let testBox = Box(testing: suiteBox, liveServices: .strict) { reported.append($0) }
        #expect(testBox.resolve(Feed.self).client.isDouble)
        #expect(reported.all.isEmpty)
    }

    @Test("a stricter test box copied from a test box applies its own rule first", arguments: backendNames)
    func stricterRuleGoesFirst(backend: String) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [backend] in
            let suiteBox = Box(
                testing: appBox(Box.Backend.allCases.first { $0.description == backend }!), liveServices: .strict
            ) { _ in }
            let testBox = Box(testing: suiteBox, liveServices: .stop) { _ in }
            _ = testBox.resolve(Feed.self)
        }
        #expect(standardError(of: result).contains("a test resolved BoxKitTests.NetworkClient, a live registration"))
    }

    @Test("a copy of a test box reports where the test box does", arguments: backends)
    func copiesOfTestBoxesReport(backend: Box.Backend) {
        let app = appBox(backend)
        app.register(unimplemented: Engine.self, placeholder: { Engine(cylinders: 1) })
        let reported = ReportedProblems()
        let copy = Box(copying: Box(testing: app, liveServices: .strict) { reported.append($0) })
        _ = copy.resolve(Feed.self)
        #expect(copy.resolve(Engine.self).cylinders == 1)
        #expect(reported.all.map(\.reason) == [.liveService, .unimplemented])
    }

    @Test("an override chosen for tests is not live", arguments: backends)
    func testOverridesAreSafe(backend: Box.Backend) {
        let app = Box(backend: backend)
        app.register(NetworkClient.self, overrides: [.on(.test) { NetworkClient(isDouble: true) }]) { NetworkClient() }
        let reported = ReportedProblems()
        let box = Box(testing: app, liveServices: .strict) { reported.append($0) }
        #expect(box.resolve(NetworkClient.self).isDouble)
        #expect(reported.all.isEmpty)
    }

    @Test("copies keep the testSafe() mark", arguments: backends)
    func copiesKeepTheMark(backend: Box.Backend) {
        let reported = ReportedProblems()
        let box = Box(testing: Box(copying: Box(copying: appBox(backend))), liveServices: .strict) {
            reported.append($0)
        }
        _ = box.resolve(DateFormatter.self)
        #expect(reported.all.isEmpty)
    }

    @Test(
        "verify() of a strict test box lists the live registrations with their chains, making none", arguments: backends
    )
    func verifyListsLiveRegistrations(backend: Box.Backend) {
        let made = Counter()
        let app = Box(backend: backend)
        app.register { () -> NetworkClient in
            made.increment()
            return NetworkClient()
        }
        app.register { r in Feed(client: r.resolve()) }.testSafe()
        let reported = ReportedProblems()
        let box = Box(testing: app, liveServices: .strict) { reported.append($0) }
        let problems = box.verify()
        #expect(problems.allSatisfy { $0.reason == .liveService })
        #expect(
            Set(problems.map(\.chain)) == [
                ["BoxKitTests.NetworkClient"], ["BoxKitTests.Feed", "BoxKitTests.NetworkClient"],
            ])
        #expect(made.count == 0, "no live factory ran")
        #expect(reported.all.isEmpty, "verify() reports to its caller, not to the test")
        #expect(box.verify().count == 2, "and the next verify() finds the same")
    }

    @Test(
        "verify() of a strict test box lists live registrations it does not resolve, and releases the box",
        arguments: backends)
    func verifyListsEveryKind(backend: Box.Backend) {
        let app = Box(backend: backend)
        app.register { NetworkClient() }
        app.register(life: .permanent) { () async -> Engine in Engine() }
        app.register(OrderedCar.self) { (_: Resolver, colour: String) in OrderedCar(colour: colour) }
        weak var released: Box?
        do {
            let box = Box(testing: app, liveServices: .strict) { _ in }
            #expect(
                box.verify().map(\.serviceType).sorted() == [
                    "BoxKitTests.Engine", "BoxKitTests.NetworkClient", "BoxKitTests.OrderedCar",
                ])
            released = box
        }
        #expect(released == nil)
    }

    @Test("under .stop, a live registration stops the program before its factory runs", arguments: backendNames)
    func stopPolicyStopsBeforeTheFactory(backend: String) async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent, \.standardOutputContent]
        ) { [backend] in
            let app = Box(backendNamed: backend)
            app.register { () -> NetworkClient in
                print("the live factory ran")
                return NetworkClient()
            }
            app.register { r in Feed(client: r.resolve()) }.testSafe()
            let box = Box(testing: app, liveServices: .stop) { _ in }
            _ = box.resolve(Feed.self)
        }
        let stderr = standardError(of: result)
        #expect(stderr.contains("BoxKit: a test resolved BoxKitTests.NetworkClient, a live registration"))
        #expect(stderr.contains("Resolution chain: BoxKitTests.Feed -> BoxKitTests.NetworkClient."))
        let stdout = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        #expect(!stdout.contains("the live factory ran"))
    }
}

@Suite("Unimplemented placeholders")
struct UnimplementedTests {
    @Test("tryResolve of a placeholder throws .unimplemented, naming it and the chain", arguments: backends)
    func tryResolveThrows(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(unimplemented: NetworkClient.self, key: "payments")
        box.register { r in Feed(client: r.resolve(NetworkClient.self, key: "payments")) }
        let error = #expect(throws: BoxError.self) { try box.tryResolve(NetworkClient.self, key: "payments") }
        #expect(error?.reason == .unimplemented)
        #expect(error?.chain == [#"BoxKitTests.NetworkClient[key: "payments"]"#])
        #expect(
            error?.description.hasPrefix(
                #"BoxKit: BoxKitTests.NetworkClient[key: "payments"] is registered as unimplemented"#) == true)
    }

    @Test("outside a test box, resolving a placeholder stops the program with its message", arguments: backendNames)
    func resolveStops(backend: String) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [backend] in
            let box = Box(backendNamed: backend)
            box.register(unimplemented: NetworkClient.self, placeholder: { NetworkClient(isDouble: true) })
            box.register { r in Feed(client: r.resolve()) }
            _ = box.resolve(Feed.self)
        }
        let stderr = standardError(of: result)
        #expect(stderr.contains("BoxKit: BoxKitTests.NetworkClient is registered as unimplemented"))
        #expect(stderr.contains("Resolution chain: BoxKitTests.Feed -> BoxKitTests.NetworkClient."))
    }

    @Test("a test box reports a placeholder's use and returns its placeholder", arguments: backends)
    func testBoxReportsAndGoesOn(backend: Box.Backend) {
        let app = Box(backend: backend)
        app.register(unimplemented: NetworkClient.self, placeholder: { NetworkClient(isDouble: true) })
        app.register { r in Feed(client: r.resolve()) }.testSafe()
        let reported = ReportedProblems()
        let box = Box(testing: app, liveServices: .strict) { reported.append($0) }
        #expect(box.resolve(Feed.self).client.isDouble)
        #expect(reported.all.map(\.reason) == [.unimplemented], "a placeholder is not a live service")
        #expect(reported.all.first?.chain == ["BoxKitTests.Feed", "BoxKitTests.NetworkClient"])
    }

    @Test("a placeholder registered in the test box itself reports to it", arguments: backends)
    func registeredInTheTestBox(backend: Box.Backend) {
        let reported = ReportedProblems()
        let box = Box(testing: Box(backend: backend)) { reported.append($0) }
        box.register(unimplemented: NetworkClient.self)
        #expect(throws: BoxError.self) { try box.tryResolve(NetworkClient.self) }
        #expect(reported.all.map(\.reason) == [.unimplemented])
    }

    @Test("a test box reports each placeholder once", arguments: backends)
    func reportedOnce(backend: Box.Backend) {
        let reported = ReportedProblems()
        let box = Box(testing: Box(backend: backend)) { reported.append($0) }
        box.register(unimplemented: NetworkClient.self, placeholder: { NetworkClient(isDouble: true) })
        for _ in 0..<3 { _ = box.resolve(NetworkClient.self) }
        #expect(reported.all.count == 1)
    }

    @Test("verify() reports a placeholder, and no test sees it", arguments: backends)
    func verifyReports(backend: Box.Backend) {
        let app = Box(backend: backend)
        app.register(unimplemented: NetworkClient.self, placeholder: { NetworkClient(isDouble: true) })
        let reported = ReportedProblems()
        let box = Box(testing: app) { reported.append($0) }
        #expect(box.verify().map(\.reason) == [.unimplemented])
        #expect(reported.all.isEmpty)
    }
}
