import BoxKit
import BoxKitTesting
import Testing

// Code under test resolves through `Box.shared`, as an app's code does; each test registers its own mock.

protocol Greeter: Sendable {
    var greeting: String { get }
}

struct Mock: Greeter {
    let greeting: String
}

/// A permanent service.
final class Clock: Sendable {}

/// The code under test: reads `Box.shared`, through a property wrapper and directly.
struct Welcome {
    @Boxed var greeter: any Greeter
    var clock: Clock { Box.shared.resolve() }
}

@Suite("A box per test, in parallel")
struct ParallelBoxTests {
    @Test(.box, arguments: 0..<100)
    func eachTestSeesItsOwnMock(number: Int) async {
        Box.shared.register { Mock(greeting: "hello \(number)") as any Greeter }
        await Task.yield()  // let other tests interleave
        #expect(Welcome().greeter.greeting == "hello \(number)")
        let inChildTask = await Task { Welcome().greeter.greeting }.value
        #expect(inChildTask == "hello \(number)", "tasks started by the test see its box too")
    }

    @Test("the process-wide box is untouched by the tests' registrations")
    func sharedBoxUntouched() {
        #expect(!Box.shared.isRegistered((any Greeter).self))
    }

    @Test("a test's box starts with the process-wide box's registrations")
    func startsWithTheSharedRegistrations() {
        Box.shared.register(key: "wiring") { Mock(greeting: "app") as any Greeter }  // the process-wide box
        let seen = withBox(Box(copying: .shared)) { (Box.shared.resolve(key: "wiring") as any Greeter).greeting }
        #expect(seen == "app")
        Box.shared.unregister((any Greeter).self, key: "wiring")
    }

    @Test("a test's box makes its own permanent instances", .box { $0.register(life: .permanent) { Clock() } })
    func ownPermanents() {
        let mine = Welcome().clock
        #expect(mine === Welcome().clock, "permanent within the test")
        let another = withBox(Box(copying: .shared)) { Welcome().clock }
        #expect(mine !== another, "a copy makes its own")
    }

    @Test(
        "a test's overrides apply on top of its suite's",
        .box { $0.register { Mock(greeting: "override") as any Greeter } })
    func traitConfigures() {
        #expect(Welcome().greeter.greeting == "override")
    }
}

@Suite("A suite's box trait gives each test a box", .box)
struct SuiteTraitTests {
    @Test func first() {
        #expect(!Box.shared.isRegistered((any Greeter).self), "nothing from the other test")
        Box.shared.register { Mock(greeting: "first") as any Greeter }
        #expect(Welcome().greeter.greeting == "first")
    }

    @Test func second() {
        #expect(!Box.shared.isRegistered((any Greeter).self), "nothing from the other test")
        Box.shared.register { Mock(greeting: "second") as any Greeter }
        #expect(Welcome().greeter.greeting == "second")
    }

    @Test(.box { $0.register { Mock(greeting: "own") as any Greeter } })
    func withOverrides() {
        #expect(Welcome().greeter.greeting == "own")
    }
}
