@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Foundation
import Testing

@Suite("The .perArguments lifetime: one instance per argument value")
struct PerArgumentsLifetimeTests {
    @Test("each distinct argument value gets one instance, made once", arguments: backends)
    func oneInstancePerValue(backend: Box.Backend) {
        let box = Box(backend: backend)
        let made = Counter()
        box.register(OrderedCar.self, life: .perArguments) { (_: Resolver, colour: String) in
            made.increment()
            return OrderedCar(colour: colour)
        }
        let red = box.resolve(OrderedCar.self, arguments: "red")
        let blue = box.resolve(OrderedCar.self, arguments: "blue")
        #expect(red !== blue)
        #expect(box.resolve(OrderedCar.self, arguments: "red") === red)
        #expect(box.resolve(OrderedCar.self, arguments: "blue") === blue)
        #expect(red.colour == "red" && blue.colour == "blue")
        #expect(made.count == 2)
    }

    @Test(
        "string arguments Swift calls equal share one instance, whatever their bytes and length",
        arguments: [
            ("caf\u{E9}", "cafe\u{301}"),  // composed and decomposed
            ("K", "\u{212A}"),  // ASCII and the Kelvin sign, whose canonical form it is
            ("a string longer than sixteen bytes, caf\u{E9}", "a string longer than sixteen bytes, cafe\u{301}"),
            ("BMW", String(["B", "M", "W"] as [Character])),  // built another way
        ])
    func equalStringsShareOneInstance(pair: (String, String)) {
        #expect(pair.0 == pair.1)
        let box = Box()
        let made = Counter()
        box.register(OrderedCar.self, life: .perArguments) { (_: Resolver, colour: String) in
            made.increment()
            return OrderedCar(colour: colour)
        }
        var grown = pair.1
        grown.reserveCapacity(64)  // the same characters, stored out of line
        let first = box.resolve(OrderedCar.self, arguments: pair.0)
        #expect(box.resolve(OrderedCar.self, arguments: pair.1) === first)
        #expect(box.resolve(OrderedCar.self, arguments: grown) === first)
        #expect(made.count == 1)
        #expect(box.resolve(OrderedCar.self, arguments: pair.0 + "!") !== first)
    }

    @Test("several arguments are one key together", arguments: backends)
    func severalArguments(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(Point.self, life: .perArguments) { (_: Resolver, x: Int, y: Int) in Point(x: x, y: y) }
        box.register(Tracked.self, life: .perArguments) { (_: Resolver, x: Int, y: Int) in Tracked(x * 10 + y) }
        let a = box.resolve(Tracked.self, arguments: 1, 2)
        #expect(box.resolve(Tracked.self, arguments: 1, 2) === a)
        #expect(box.resolve(Tracked.self, arguments: 2, 1) !== a)
        #expect(box.resolve(Point.self, arguments: 3, 4) == Point(x: 3, y: 4))
    }

    @Test("hooks run once per argument value", arguments: backends)
    func hooksOncePerValue(backend: Box.Backend) {
        let box = Box(backend: backend)
        let seen = Mutexed<[String]>([])
        box.register(OrderedCar.self, life: .perArguments) { (_: Resolver, colour: String) in OrderedCar(colour: colour)
        }
        .onInitialised { _, service in seen.mutate { $0.append((service as! OrderedCar).colour) } }
        for colour in ["red", "blue", "red", "blue"] { _ = box.resolve(OrderedCar.self, arguments: colour) }
        #expect(seen.value == ["red", "blue"])
    }

    @Test("threads racing on one argument value share one instance", arguments: backends)
    func racingThreadsShare(backend: Box.Backend) {
        let box = Box(backend: backend)
        let made = Counter()
        box.register(OrderedCar.self, life: .perArguments) { (_: Resolver, colour: String) in
            made.increment()
            return OrderedCar(colour: colour)
        }
        let distinct = distinctObjects(onThreads: 8) { index in
            box.resolve(OrderedCar.self, arguments: index.isMultiple(of: 2) ? "red" : "blue")
        }
        #expect(made.count == 2)
        #expect(distinct == 2)
    }

    @Test("the first creation records what its factory resolves", arguments: backends)
    func firstCreationRecordsDependencies(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(life: .permanent) { Engine() }
        box.register(OrderedCar.self, life: .perArguments) { (r: Resolver, colour: String) in
            OrderedCar(colour: colour, engine: r.resolve())
        }
        _ = box.resolve(OrderedCar.self, arguments: "red")
        _ = box.resolve(OrderedCar.self, arguments: "blue")
        #expect(
            box.dependencyGraph().edges == [
                .init(from: "BoxKitTests.OrderedCar[arguments: (Swift.String)]", to: "BoxKitTests.Engine")
            ])
    }

    @Test("reset() drops every argument value's instance", arguments: backends)
    func resetDropsAll(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(OrderedCar.self, life: .perArguments) { (_: Resolver, colour: String) in OrderedCar(colour: colour)
        }
        let red = box.resolve(OrderedCar.self, arguments: "red")
        #expect(box.reset() == 1)
        #expect(box.resolve(OrderedCar.self, arguments: "red") !== red)
    }

    @Test("a factory without arguments cannot keep an instance per argument value")
    func withoutArgumentsTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            Box().register(life: .perArguments) { Engine() }
        }
        #expect(
            standardError(of: result).contains(
                "BoxKit: BoxKitTests.Engine is registered with life: .perArguments, which keeps an instance per "
                    + "value of the runtime arguments, but its factory takes none: use .permanent."))
    }

    @Test("an argument type that is not Hashable is named at registration")
    func unhashableArgumentTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            Box().register(OrderedCar.self, life: .perArguments) { (_: Resolver, colour: String, engine: Engine) in
                OrderedCar(colour: colour, engine: engine)
            }
        }
        #expect(
            standardError(of: result).contains(
                "BoxKit: BoxKitTests.OrderedCar[arguments: (Swift.String, BoxKitTests.Engine)] is registered with "
                    + "life: .perArguments, which keeps an instance per value of its arguments, but "
                    + "BoxKitTests.Engine is not Hashable."))
    }
}
