/// What drives a car. The showroom's cars are built against this protocol, so one engine can be shared
/// by several manufacturers' cars.
///
/// ```swift
/// box.register(Transmission.self, life: .permanent) { Engine(make: "Volkswagen", model: "EA888", gears: 7) }
/// let engine = box.resolve(Transmission.self)
/// ```
public protocol Transmission: AnyObject {
    /// The engine's maker, e.g. `Volkswagen`.
    var make: String { get }
    /// The engine's model, e.g. `EA888`.
    var model: String { get }
    /// The number of gears in its gearbox.
    var gears: Int { get }
}

/// An engine: the showroom's one kind of ``Transmission``.
///
/// ```swift
/// let engine = Engine(make: "Volkswagen", model: "EA888", gears: 7)
/// ```
public final class Engine: Transmission {
    /// The engine's maker, e.g. `Volkswagen`.
    public let make: String
    /// The engine's model, e.g. `EA888`.
    public let model: String
    /// The number of gears in its gearbox.
    public let gears: Int

    /// Creates an engine.
    ///
    /// - Parameters:
    ///   - make: The engine's maker.
    ///   - model: The engine's model.
    ///   - gears: The number of gears in its gearbox.
    public init(make: String, model: String, gears: Int) {
        self.make = make
        self.model = model
        self.gears = gears
    }
}
