@_spi(Baseline) import BoxKit
import Foundation
import Testing

@Suite("Runtime arguments")
struct ArgumentTests {
    // MARK: Arity

    @Test("a factory with one argument is called with the resolve's argument", arguments: backends)
    func oneArgument(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(OrderedCar.self) { (_: Resolver, colour: String) in OrderedCar(colour: colour) }
        #expect(box.resolve(OrderedCar.self, arguments: "red").colour == "red")
        #expect(box.resolve(OrderedCar.self, arguments: "blue").colour == "blue")
    }

    @Test("a factory with two arguments is called with both, in order", arguments: backends)
    func twoArguments(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(OrderedCar.self) { (_: Resolver, colour: String, doors: Int) in
            OrderedCar(colour: colour, doors: doors)
        }
        let car = box.resolve(OrderedCar.self, arguments: "red", 3)
        #expect(car.colour == "red")
        #expect(car.doors == 3)
    }

    @Test("factories with three and with seven arguments are called with all of them", arguments: backends)
    func manyArguments(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(OrderedCar.self) { (_: Resolver, colour: String, doors: Int, cylinders: Int) in
            OrderedCar(colour: colour, doors: doors, engine: Engine(cylinders: cylinders))
        }
        box.register(OrderedCar.self) {
            (_: Resolver, colour: String, doors: Int, a: String, b: Character, c: Bool, d: Double, e: [Int]) in
            OrderedCar(colour: colour, doors: doors, extras: [a, String(b), "\(c)", "\(d)", "\(e)"])
        }
        let three = box.resolve(OrderedCar.self, arguments: "red", 3, 12)
        #expect((three.colour, three.doors, three.engine.cylinders) == ("red", 3, 12))
        let seven = box.resolve(OrderedCar.self, arguments: "blue", 5, "roof", Character("x"), true, 1.5, [1, 2])
        #expect((seven.colour, seven.doors) == ("blue", 5))
        #expect(seven.extras == ["roof", "x", "true", "1.5", "[1, 2]"])
    }

    @Test("a transient factory with arguments makes a new instance on every resolve", arguments: backends)
    func transientMakesNewInstances(backend: Box.Backend) {
        let box = Box(backend: backend)
        let made = Counter()
        box.register(OrderedCar.self) { (_: Resolver, colour: String) in
            made.increment()
            return OrderedCar(colour: colour)
        }
        let first = box.resolve(OrderedCar.self, arguments: "red")
        let second = box.resolve(OrderedCar.self, arguments: "red")
        #expect(first !== second)
        #expect(made.count == 2)
    }

    @Test("a factory with arguments resolves its dependencies from the box it receives", arguments: backends)
    func factoryResolvesDependencies(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Engine(cylinders: 6) }
        box.register(OrderedCar.self) { (r: Resolver, colour: String) in
            OrderedCar(colour: colour, engine: r.resolve())
        }
        #expect(box.resolve(OrderedCar.self, arguments: "red").engine.cylinders == 6)
    }

    @Test("the service type can be inferred from the context of a resolve with arguments", arguments: backends)
    func inferredServiceType(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register { (_: Resolver, colour: String) in OrderedCar(colour: colour) }
        let car: OrderedCar = box.resolve(arguments: "green")
        let teal: OrderedCar = try box.tryResolve(arguments: "teal")
        #expect((car.colour, teal.colour) == ("green", "teal"))
    }

    // MARK: Identity

    @Test("one service with no, one and two arguments is three registrations", arguments: backends)
    func aritiesAreSeparateRegistrations(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { OrderedCar(colour: "plain") }
        box.register(OrderedCar.self) { (_: Resolver, colour: String) in OrderedCar(colour: colour) }
        box.register(OrderedCar.self) { (_: Resolver, colour: String, doors: Int) in
            OrderedCar(colour: "\(colour) \(doors)")
        }
        #expect(box.registeredServiceCount == 3)
        #expect(box.resolve(OrderedCar.self).colour == "plain")
        #expect(box.resolve(OrderedCar.self, arguments: "red").colour == "red")
        #expect(box.resolve(OrderedCar.self, arguments: "red", 2).colour == "red 2")
    }

    @Test("argument types, their order and tuples are part of a registration's identity", arguments: backends)
    func argumentTypesAreIdentity(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(OrderedCar.self) { (_: Resolver, colour: String, doors: Int) in OrderedCar(colour: "S,I") }
        box.register(OrderedCar.self) { (_: Resolver, doors: Int, colour: String) in OrderedCar(colour: "I,S") }
        box.register(OrderedCar.self) { (_: Resolver, order: (String, Int)) in OrderedCar(colour: "(S,I)") }
        box.register(OrderedCar.self) { (_: Resolver, colour: String?) in OrderedCar(colour: "S?") }
        box.register(OrderedCar.self) { (_: Resolver, colour: String) in OrderedCar(colour: "S") }
        #expect(box.registeredServiceCount == 5)
        #expect(box.resolve(OrderedCar.self, arguments: "red", 2).colour == "S,I")
        #expect(box.resolve(OrderedCar.self, arguments: 2, "red").colour == "I,S")
        #expect(box.resolve(OrderedCar.self, arguments: ("red", 2)).colour == "(S,I)")
        #expect(box.resolve(OrderedCar.self, arguments: "red" as String?).colour == "S?")
        #expect(box.resolve(OrderedCar.self, arguments: "red").colour == "S")
    }

    @Test("registering the same type, key and argument types again replaces the registration", arguments: backends)
    func sameSignatureReplaces(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(OrderedCar.self) { (_: Resolver, colour: String) in OrderedCar(colour: "old \(colour)") }
        box.register(OrderedCar.self) { (_: Resolver, colour: String) in OrderedCar(colour: "new \(colour)") }
        #expect(box.registeredServiceCount == 1)
        #expect(box.resolve(OrderedCar.self, arguments: "red").colour == "new red")
    }

    @Test("a key and argument types together select the registration", arguments: backends)
    func keyAndArguments(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(OrderedCar.self) { (_: Resolver, colour: String) in OrderedCar(colour: "plain \(colour)") }
        box.register(OrderedCar.self, key: "BMW") { (_: Resolver, colour: String) in
            OrderedCar(colour: "BMW \(colour)")
        }
        box.register(OrderedCar.self, key: "BMW") { (_: Resolver, doors: Int) in
            OrderedCar(colour: "BMW", doors: doors)
        }
        #expect(box.registeredServiceCount == 3)
        #expect(box.resolve(OrderedCar.self, arguments: "red").colour == "plain red")
        #expect(box.resolve(OrderedCar.self, key: "BMW", arguments: "red").colour == "BMW red")
        #expect(box.resolve(OrderedCar.self, key: "BMW", arguments: 3).doors == 3)
        #expect(box.resolve(OrderedCar.self, key: "BMW", arguments: "blue").colour == "BMW blue")
    }

    @Test("closures without argument parameters still register without arguments", arguments: backends)
    func plainOverloadsStillChosen(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register { Engine(cylinders: 6) }
        box.register { r in Car(engine: r.resolve()) }
        box.register(Car.self, key: "sports", life: .transient) { r in Car(engine: r.resolve(), name: "sports") }
        box.register(key: "V8") { _ in Engine(cylinders: 8) }
        #expect(box.registrations.allSatisfy { $0.argumentTypes.isEmpty })
        #expect(try box.tryResolve(Car.self).engine.cylinders == 6)
        #expect(try box.tryResolve(Car.self, key: "sports").name == "sports")
        #expect(try box.tryResolve(Engine.self, key: "V8").cylinders == 8)
    }

    // MARK: Errors

    @Test("resolving with other argument types throws argumentMismatch naming both", arguments: backends)
    func mismatchThrows(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register(Showroom.Car.self) { (_: Resolver, colour: String, doors: Int) in Showroom.Car() }
        let error = try #require(throws: BoxError.self) {
            try box.tryResolve(Showroom.Car.self, arguments: "red")
        }
        #expect(error.reason == .argumentMismatch)
        #expect(error.serviceType == "BoxKitTests.Showroom.Car")
        #expect(error.key == nil)
        #expect(error.arguments == ["Swift.String"])
        #expect(error.registeredArguments == [["Swift.String", "Swift.Int"]])
        #expect(error.chain == ["BoxKitTests.Showroom.Car[arguments: (Swift.String)]"])
        #expect(error.nearest == ["BoxKitTests.Showroom.Car[arguments: (Swift.String, Swift.Int)]"])
        #expect(
            error.description.hasPrefix(
                "BoxKit: BoxKitTests.Showroom.Car is registered with arguments (Swift.String, Swift.Int), "
                    + "not (Swift.String). Resolution chain: BoxKitTests.Showroom.Car[arguments: (Swift.String)]."))
    }

    @Test("a mismatch lists every argument list the type and key are registered with", arguments: backends)
    func mismatchListsEverySignature(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register(key: "BMW") { OrderedCar(colour: "plain") }
        box.register(OrderedCar.self, key: "BMW") { (_: Resolver, colour: String, doors: Int) in
            OrderedCar(colour: colour)
        }
        box.register(OrderedCar.self, key: "Audi") { (_: Resolver, doors: Int) in OrderedCar(colour: "Audi") }
        let child = box.newChildBox(forKey: "child")
        child.register(OrderedCar.self, key: "BMW") { (_: Resolver, doors: Int) in OrderedCar(colour: "child") }
        let error = try #require(throws: BoxError.self) {
            try child.tryResolve(OrderedCar.self, key: "BMW", arguments: 1.5)
        }
        #expect(error.reason == .argumentMismatch)
        #expect(error.key == "BMW")
        #expect(error.registeredArguments == [["Swift.Int"], [], ["Swift.String", "Swift.Int"]])
        #expect(
            error.description.hasPrefix(
                #"BoxKit: BoxKitTests.OrderedCar[key: "BMW"] is registered with arguments (Swift.Int) or "#
                    + "(Swift.String, Swift.Int) and without arguments, not (Swift.Double)."))
    }

    @Test("arguments passed to a service registered without them throw argumentMismatch", arguments: backends)
    func argumentsForPlainRegistration(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register { Engine() }
        let error = try #require(throws: BoxError.self) { try box.tryResolve(Engine.self, arguments: 8) }
        #expect(error.reason == .argumentMismatch)
        #expect(error.registeredArguments == [[]])
        #expect(
            error.description.hasPrefix("BoxKit: BoxKitTests.Engine is registered without arguments, not (Swift.Int)."))
    }

    @Test("a plain resolve of a service registered only with arguments names them", arguments: backends)
    func plainResolveOfArgumentRegistration(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register(OrderedCar.self) { (_: Resolver, colour: String, doors: Int) in OrderedCar(colour: colour) }
        let error = try #require(throws: BoxError.self) { try box.tryResolve(OrderedCar.self) }
        #expect(error.reason == .argumentMismatch)
        #expect(error.arguments.isEmpty)
        #expect(error.registeredArguments == [["Swift.String", "Swift.Int"]])
        #expect(error.chain == ["BoxKitTests.OrderedCar"])
        #expect(
            error.description.hasPrefix(
                "BoxKit: BoxKitTests.OrderedCar is registered with arguments (Swift.String, Swift.Int), "
                    + "not without arguments: pass them with resolve(_:key:arguments:)."))
    }

    @Test("arguments registered only under another key are not a mismatch but are nearby", arguments: backends)
    func otherKeyIsNotMismatch(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register(OrderedCar.self, key: "BMW") { (_: Resolver, colour: String) in OrderedCar(colour: colour) }
        let error = try #require(throws: BoxError.self) { try box.tryResolve(OrderedCar.self, arguments: "red") }
        #expect(error.reason == .notRegistered)
        #expect(error.registeredArguments.isEmpty)
        #expect(error.nearest == [#"BoxKitTests.OrderedCar[key: "BMW", arguments: (Swift.String)]"#])
        #expect(
            error.description.hasPrefix(
                "BoxKit: no registration for BoxKitTests.OrderedCar[arguments: (Swift.String)]."))
    }

    @Test("a factory with arguments that needs itself is reported as a cycle naming its arguments", arguments: backends)
    func cycleThroughArguments(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        let captured = Mutexed<BoxError?>(nil)
        box.register(OrderedCar.self) { (r: Resolver, colour: String) in
            do throws(BoxError) {
                _ = try r.tryResolve(OrderedCar.self, arguments: "inner \(colour)")
            } catch {
                captured.mutate { $0 = error }
            }
            return OrderedCar(colour: colour)
        }
        _ = box.resolve(OrderedCar.self, arguments: "red")
        let error = try #require(captured.value)
        #expect(error.reason == .cycle)
        #expect(error.arguments == ["Swift.String"])
        #expect(
            error.chain == [
                "BoxKitTests.OrderedCar[arguments: (Swift.String)]",
                "BoxKitTests.OrderedCar[arguments: (Swift.String)]",
            ])
    }

    @Test("a resolve with mismatched arguments stops the program naming both argument lists", arguments: backendNames)
    func mismatchTraps(backend: String) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [backend] in
            let box = Box(backendNamed: backend)
            box.register(Showroom.Car.self) { (_: Resolver, colour: String, doors: Int) in Showroom.Car() }
            box.register { r in Car(name: r.resolve(Showroom.Car.self, arguments: "red").tag) }
            _ = box.resolve() as Car
        }
        let stderr = standardError(of: result)
        #expect(
            stderr.contains(
                "BoxKit: BoxKitTests.Showroom.Car is registered with arguments (Swift.String, Swift.Int), "
                    + "not (Swift.String)."))
        #expect(
            stderr.contains(
                "Resolution chain: BoxKitTests.Car -> BoxKitTests.Showroom.Car[arguments: (Swift.String)]."))
    }

    @Test(
        "a plain resolve of a service registered only with arguments stops the program naming them",
        arguments: backendNames)
    func plainResolveTraps(backend: String) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [backend] in
            let box = Box(backendNamed: backend)
            box.register(OrderedCar.self) { (_: Resolver, colour: String, doors: Int) in
                OrderedCar(colour: colour)
            }
            _ = box.resolve(OrderedCar.self)
        }
        let stderr = standardError(of: result)
        #expect(
            stderr.contains(
                "BoxKit: BoxKitTests.OrderedCar is registered with arguments (Swift.String, Swift.Int), "
                    + "not without arguments"))
    }

    @Test("service(_:) of a registration with arguments stops the program naming them", arguments: backendNames)
    func serviceWithoutArgumentsTraps(backend: String) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [backend] in
            let box = Box(backendNamed: backend)
            let registration = box.register(OrderedCar.self) { (_: Resolver, doors: Int) in
                OrderedCar(colour: "red", doors: doors)
            }
            _ = registration.service(box)
        }
        let stderr = standardError(of: result)
        #expect(
            stderr.contains("BoxKit: BoxKitTests.OrderedCar is registered with arguments (Swift.Int), not without"))
    }

    // MARK: Lifetimes and hooks

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
        let seen = Mutexed<Set<ObjectIdentifier>>([])
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            let car = box.resolve(OrderedCar.self, arguments: index)
            seen.mutate { $0.insert(ObjectIdentifier(car)) }
        }
        #expect(made.count == 1)
        #expect(seen.value.count == 1)
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

    // MARK: Child boxes

    @Test("a grandchild finds an ancestor's registration with arguments and passes itself", arguments: backends)
    func childFindsParentRegistration(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Engine(cylinders: 4) }
        box.register(OrderedCar.self) { (r: Resolver, colour: String) in
            OrderedCar(colour: colour, engine: r.resolve())
        }
        let track = box.newChildBox(forKey: "sports").newChildBox(forKey: "track")
        track.register { Engine(cylinders: 12) }
        let car = track.resolve(OrderedCar.self, arguments: "red")
        #expect((car.colour, car.engine.cylinders) == ("red", 12))
        #expect(track.isRegistered(OrderedCar.self, arguments: String.self))
    }

    @Test("a child's registration with the same arguments overrides its parent's", arguments: backends)
    func childOverridesParent(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(OrderedCar.self) { (_: Resolver, colour: String) in OrderedCar(colour: "parent \(colour)") }
        let child = box.newChildBox(forKey: "child")
        child.register(OrderedCar.self) { (_: Resolver, colour: String) in OrderedCar(colour: "child \(colour)") }
        #expect(child.resolve(OrderedCar.self, arguments: "red").colour == "child red")
        #expect(box.resolve(OrderedCar.self, arguments: "red").colour == "parent red")
    }

    // MARK: Every registration of a type

    @Test("resolveAll leaves out registrations that take arguments", arguments: backends)
    func resolveAllSkipsArgumentRegistrations(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(key: "BMW") { OrderedCar(colour: "BMW") }
        box.register(OrderedCar.self, key: "Audi") { (_: Resolver, colour: String) in OrderedCar(colour: colour) }
        box.register(OrderedCar.self, key: "BMW") { (_: Resolver, colour: String) in OrderedCar(colour: colour) }
        #expect(box.resolveAll(OrderedCar.self).map(\.colour) == ["BMW"])
    }

    // MARK: Introspection

    @Test("registrations and descriptions show argument types", arguments: backends)
    func introspectionShowsArgumentTypes(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { OrderedCar(colour: "plain") }
        box.register(OrderedCar.self, key: "BMW", life: .permanent) { (_: Resolver, colour: String, doors: Int) in
            OrderedCar(colour: colour, doors: doors)
        }
        #expect(box.registrations.map(\.argumentTypes) == [[], ["Swift.String", "Swift.Int"]])
        #expect(
            box.registrations.map(\.description) == [
                "BoxKitTests.OrderedCar (transient)",
                #"BoxKitTests.OrderedCar[key: "BMW", arguments: (Swift.String, Swift.Int)] (permanent)"#,
            ])
        #expect(
            box.debugDescription.contains(
                #"    BoxKitTests.OrderedCar[key: "BMW", arguments: (Swift.String, Swift.Int)] (permanent)"#))
    }

    @Test("isRegistered with argument types answers as a resolve with those arguments would", arguments: backends)
    func isRegisteredWithArguments(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(OrderedCar.self, key: "BMW") { (_: Resolver, colour: String, doors: Int) in
            OrderedCar(colour: colour)
        }
        #expect(box.isRegistered(OrderedCar.self, key: "BMW", arguments: String.self, Int.self))
        #expect(!box.isRegistered(OrderedCar.self, key: "BMW", arguments: Int.self, String.self))
        #expect(!box.isRegistered(OrderedCar.self, key: "BMW", arguments: String.self))
        #expect(!box.isRegistered(OrderedCar.self, arguments: String.self, Int.self))
        #expect(!box.isRegistered(OrderedCar.self, key: "BMW"))
    }

    @Test("unregister with argument types removes only that registration", arguments: backends)
    func unregisterWithArguments(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { OrderedCar(colour: "plain") }
        box.register(OrderedCar.self) { (_: Resolver, colour: String) in OrderedCar(colour: colour) }
        box.register(OrderedCar.self) { (_: Resolver, colour: String, doors: Int) in OrderedCar(colour: colour) }
        #expect(box.unregister(OrderedCar.self, arguments: String.self, Int.self))
        #expect(!box.unregister(OrderedCar.self, arguments: String.self, Int.self))
        #expect(!box.isRegistered(OrderedCar.self, arguments: String.self, Int.self))
        #expect(box.registeredServiceCount == 2)
        #expect(box.resolve(OrderedCar.self, arguments: "red").colour == "red")
        #expect(box.unregister(OrderedCar.self))
        #expect(box.resolve(OrderedCar.self, arguments: "blue").colour == "blue")
    }

    @Test("unregister with argument types releases the permanent instance", arguments: backends)
    func unregisterReleasesPermanent(backend: Box.Backend) {
        let box = Box(backend: backend)
        weak var instance: Tracked?
        do {
            box.register(Tracked.self, life: .permanent) { (_: Resolver, id: Int) in Tracked(id) }
            instance = box.resolve(Tracked.self, arguments: 7)
        }
        #expect(instance?.id == 7)
        #expect(box.unregister(Tracked.self, arguments: Int.self))
        #expect(eventuallyReleased(box) { instance == nil })
    }
}
