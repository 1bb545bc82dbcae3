import BenchmarkServices
@_spi(Baseline) import BoxKit
import LaunchSupport
import ReportSink
import Swinject

/// A miss (`try? tryResolve` of a type nobody registered) beside a hit (`try? tryResolve` of a registered
/// transient `Car`) in the same box, on BoxKit, the Dictionary baseline and Swinject.
///
/// The box holds 7 registrations (an `Engine` and a `Car`, each unkeyed and under "BMW", and the graph
/// A(B(C))), and, with `appGraph`, every service of the app graph beside them: 7, 307 or 3,007 in all. What a
/// miss costs should not grow with what else is registered, and should be about what a hit costs.
struct MissSuite {
    let recorder: Recorder
    /// The app graph registered beside the 7 services, if any.
    let appGraph: AppSize?

    /// The services every box holds besides the app graph.
    static let ownRegistrations = 7

    func run() {
        let registered = Self.registrations(appGraph: appGraph)
        logProgress("miss and hit, \(Operation.grouped(registered)) registered")
        let boxes = [
            (Subject.boxKit, Self.box(.hashTable, appGraph: appGraph)),
            (.dictionary, Self.box(.dictionary, appGraph: appGraph)),
        ]
        let container = Container()
        Self.registerOwn(in: container)
        appGraph?.register(in: container)

        recorder.compare(Operation.miss(registered)) { subjects in
            for (subject, box) in boxes {
                subjects.add(subject, "try? tryResolve") { n in
                    for _ in 0..<n { blackHole(value: try? box.tryResolve(Unregistered.self)) }
                }
            }
            subjects.add(.swinject, "resolve returns nil") { n in
                for _ in 0..<n { blackHole(value: container.resolve(Unregistered.self)) }
            }
        }
        recorder.compare(Operation.hit(registered)) { subjects in
            for (subject, box) in boxes {
                subjects.add(subject, "try? tryResolve, transient") { n in
                    for _ in 0..<n { blackHole(value: try? box.tryResolve(Car.self)) }
                }
            }
            subjects.add(.swinject, "resolve, .transient") { n in
                for _ in 0..<n { blackHole(value: container.resolve(Car.self)) }
            }
        }
    }

    /// How many registrations a miss box holds with `appGraph` beside its own services.
    static func registrations(appGraph: AppSize?) -> Int {
        ownRegistrations + (appGraph?.rawValue ?? 0)
    }

    /// A new miss box.
    ///
    /// - Parameters:
    ///   - backend: The box's registry.
    ///   - appGraph: The app graph registered beside the 7 services, if any.
    /// - Returns: A box holding `registrations(appGraph:)` registrations.
    static func box(_ backend: Box.Backend, appGraph: AppSize?) -> Box {
        let box = Box(backend: backend)
        registerBenchmarkServices(in: box)
        appGraph?.register(in: box)
        let registered = registrations(appGraph: appGraph)
        precondition(box.registeredServiceCount == registered, "the miss box should hold \(registered)")
        return box
    }

    /// The same 7 services in Swinject: `.container` scope for the engines, `.transient` for the rest.
    private static func registerOwn(in container: Container) {
        container.register(Engine.self) { _ in Engine() }.inObjectScope(.container)
        container.register(Car.self) { _ in Car() }.inObjectScope(.transient)
        container.register(Engine.self, name: Keys.short) { _ in Engine() }.inObjectScope(.container)
        container.register(Car.self, name: Keys.short) { _ in Car() }.inObjectScope(.transient)
        container.register(GraphC.self) { _ in GraphC() }.inObjectScope(.transient)
        container.register(GraphB.self) { r in GraphB(c: r.resolve(GraphC.self)!) }.inObjectScope(.transient)
        container.register(GraphA.self) { r in GraphA(b: r.resolve(GraphB.self)!) }.inObjectScope(.transient)
    }
}
