import BenchmarkServices
@_spi(Baseline) import BoxKit
import ReportSink
import Swinject

/// The registrations every single-operation measurement resolves from, made once per subject.
///
/// Each box and container holds the same services: an `Engine` (permanent) and a `Car` (transient), each
/// unkeyed, under "BMW" and under a 40-byte ASCII key; an `Engine` under a 40-byte non-ASCII key; `Car` as
/// `Vehicle`; and the graph A(B(C)), transient, each factory resolving the next. The boxes also keep an
/// `Engine` per value of an `Int` and of a `String` (`.perArguments`), already made for the values resolved.
struct Fixtures {
    /// BoxKit's C hash table.
    let boxKit: Box
    /// The Dictionary baseline, behind the same facade.
    let dictionary: Box
    /// Swinject: `.container` for the permanent services, `.transient` for the transient ones, the default
    /// `.graph` for the graph.
    let swinject: Container
    /// The floor's stored reference: what a permanent resolve returns, without a container.
    let floorEngine: Engine
    /// The floor of a `.perArguments` resolve: an `Engine` per `Int`, in a dictionary.
    let floorEngines: [Int: Engine]
    /// The arguments the `.perArguments` resolves pass.
    static let horsepower = 300
    static let engineName = "V8"
    /// The floor's stored factory: what a transient resolve calls, without a container.
    let floorCar: @Sendable () -> Car
    /// The floor's stored factory for the protocol-typed resolve.
    let floorVehicle: () -> any Vehicle

    init() {
        boxKit = Box()
        dictionary = Box(backend: .dictionary)
        for box in [boxKit, dictionary] {
            box.register(life: .permanent) { Engine() }
            box.register { Car() }
            box.register(key: Keys.short, life: .permanent) { Engine() }
            box.register(key: Keys.short) { Car() }
            box.register(key: Keys.ascii40, life: .permanent) { Engine() }
            box.register(key: Keys.ascii40) { Car() }
            box.register(key: Keys.nonASCII40, life: .permanent) { Engine() }
            box.register { Car() as any Vehicle }
            box.register { GraphC() }
            box.register { r in GraphB(c: r.resolve()) }
            box.register { r in GraphA(b: r.resolve()) }
            box.register(Engine.self, life: .perArguments) { (_: BoxKit.Resolver, horsepower: Int) in
                Engine(horsepower: horsepower)
            }
            box.register(Engine.self, life: .perArguments) { (_: BoxKit.Resolver, name: String) in
                Engine(horsepower: name.count)
            }
            _ = box.resolve(Engine.self, arguments: Self.horsepower)
            _ = box.resolve(Engine.self, arguments: Self.engineName)
        }

        swinject = Container()
        swinject.register(Engine.self) { _ in Engine() }.inObjectScope(.container)
        swinject.register(Car.self) { _ in Car() }.inObjectScope(.transient)
        swinject.register(Engine.self, name: Keys.short) { _ in Engine() }.inObjectScope(.container)
        swinject.register(Car.self, name: Keys.short) { _ in Car() }.inObjectScope(.transient)
        swinject.register(Engine.self, name: Keys.ascii40) { _ in Engine() }.inObjectScope(.container)
        swinject.register(Car.self, name: Keys.ascii40) { _ in Car() }.inObjectScope(.transient)
        swinject.register(Engine.self, name: Keys.nonASCII40) { _ in Engine() }.inObjectScope(.container)
        swinject.register((any Vehicle).self) { _ in Car() }.inObjectScope(.transient)
        swinject.register(GraphC.self) { _ in GraphC() }
        swinject.register(GraphB.self) { r in GraphB(c: r.resolve(GraphC.self)!) }
        swinject.register(GraphA.self) { r in GraphA(b: r.resolve(GraphB.self)!) }

        floorEngine = opaque(Engine())
        floorEngines = opaque([Self.horsepower: floorEngine])
        floorCar = opaque({ @Sendable () -> Car in Car() })
        floorVehicle = opaque { Car() as any Vehicle }
    }

    /// The two BoxKit backends, which run the same code.
    var boxes: [(Subject, Box)] { [(.boxKit, boxKit), (.dictionary, dictionary)] }
}
