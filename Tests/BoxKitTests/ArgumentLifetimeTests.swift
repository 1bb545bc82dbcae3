@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Foundation
import Testing

@Suite("Runtime arguments: lifetimes and hooks")
struct ArgumentLifetimeTests {
    @Test("a permanent factory with arguments runs once, with the first resolve's arguments", arguments: backends)
    func permanentUsesFirstArguments(backend: Box.Backend) {
        let box = Box(backend: backend)
        let made = Counter()
        box.register(OrderedCar.self, life: .permanent) { (_: Resolver, colour: String) in
            made.increment()
            return OrderedCar(colour: colour)
        }
        #expect(made.count == 0)
        let first = box.resolve(OrderedCar.self, arguments: "red")
        let second = box.resolve(OrderedCar.self, arguments: "blue")
        #expect(first === second)
        #expect(second.colour == "red")
        #expect(made.count == 1)
    }

    @Test("a permanent struct with arguments is stored once and copied out", arguments: backends)
    func permanentStructWithArguments(backend: Box.Backend) {
        let box = Box(backend: backend)
        let made = Counter()
        box.register(Point.self, life: .permanent) { (_: Resolver, x: Int, y: Int) in
            made.increment()
            return Point(x: x, y: y)
        }
        #expect(box.resolve(Point.self, arguments: 1, 2) == Point(x: 1, y: 2))
        #expect(box.resolve(Point.self, arguments: 3, 4) == Point(x: 1, y: 2))
        #expect(made.count == 1)
    }

    @Test("threads racing for a permanent service with arguments get one instance", arguments: backends)
    func permanentRaceMakesOne(backend: Box.Backend) {
        let box = Box(backend: backend)
        let made = Counter()
        box.register(OrderedCar.self, life: .permanent) { (_: Resolver, doors: Int) in
            made.increment()
            Thread.sleep(forTimeInterval: 0.001)
            return OrderedCar(colour: "red", doors: doors)
        }
        let distinct = distinctObjects(onThreads: 16) { index in box.resolve(OrderedCar.self, arguments: index) }
        #expect(made.count == 1)
        #expect(distinct == 1)
    }

    @Test("hooks run after each creation with arguments, once for permanent", arguments: backends, LifeType.allCases)
    func hooksRun(backend: Box.Backend, life: LifeType) {
        let box = Box(backend: backend)
        let seen = Mutexed<[String]>([])
        box.register(OrderedCar.self, life: life) { (_: Resolver, colour: String) in OrderedCar(colour: colour) }
            .onInitialised { _, service in seen.mutate { $0.append((service as! OrderedCar).colour) } }
        _ = box.resolve(OrderedCar.self, arguments: "red")
        _ = box.resolve(OrderedCar.self, arguments: "blue")
        // Only a permanent instance outlives the first resolve: nothing holds the .weak one in between.
        #expect(seen.value == (life == .permanent ? ["red"] : ["red", "blue"]))
    }

    @Test("a .graph factory with arguments shares the first instance inside one top-level resolve", arguments: backends)
    func graphSharesFirstInstance(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(OrderedCar.self, life: .graph) { (_: Resolver, colour: String) in OrderedCar(colour: colour) }
        box.register { r in
            [r.resolve(OrderedCar.self, arguments: "red"), r.resolve(OrderedCar.self, arguments: "blue")]
        }
        let pair = box.resolve() as [OrderedCar]
        #expect(pair[0] === pair[1])
        #expect(pair[1].colour == "red")
        #expect((box.resolve() as [OrderedCar])[0] !== pair[0])
    }

    @Test("a .weak factory with arguments is shared while held, then made with the next arguments", arguments: backends)
    func weakSharedWhileHeld(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(OrderedCar.self, life: .weak) { (_: Resolver, colour: String) in OrderedCar(colour: colour) }
        do {
            let held = box.resolve(OrderedCar.self, arguments: "red")
            #expect(box.resolve(OrderedCar.self, arguments: "blue") === held)
        }
        #expect(box.resolve(OrderedCar.self, arguments: "green").colour == "green")
    }

    @Test(
        "a hook that resolves its own service with arguments gets the instance being initialised", arguments: backends)
    func hookSeesPendingInstance(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(OrderedCar.self) { (_: Resolver, colour: String) in OrderedCar(colour: colour) }
            .onInitialised { r, service in
                let buyer = Buyer(name: "Ada")
                buyer.car = r.resolve(OrderedCar.self, arguments: "ignored")
                (service as! OrderedCar).buyer = buyer
            }
        let car = box.resolve(OrderedCar.self, arguments: "red")
        #expect(car.buyer?.car === car)
        #expect(car.colour == "red")
    }
}
