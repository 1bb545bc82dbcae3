import BoxKit

/// Registers the seven services the single-resolve benchmarks resolve: an `Engine` (permanent) and a `Car`
/// (transient), each unkeyed and under "BMW", and the graph A(B(C)), transient, each factory resolving the
/// next.
///
/// ```swift
/// let box = Box()
/// registerBenchmarkServices(in: box)
/// let engine = box.resolve(Engine.self, key: "BMW")
/// ```
///
/// - Parameter box: The box to register them in.
public func registerBenchmarkServices(in box: Box) {
    box.register(life: .permanent) { Engine() }
    box.register { Car() }
    box.register(key: "BMW", life: .permanent) { Engine() }
    box.register(key: "BMW") { Car() }
    box.register { GraphC() }
    box.register { r in GraphB(c: r.resolve()) }
    box.register { r in GraphA(b: r.resolve()) }
}
