/// Anything with a make, a model and an engine: what a showroom sells.
public protocol Vehicle: AnyObject {
    /// The manufacturer, e.g. `BMW`.
    var make: String { get }
    /// The model, e.g. `X3`.
    var model: String { get }
    /// What drives it.
    var engine: any Transmission { get }
}

/// A car, built around whichever ``Transmission`` its factory resolves.
///
/// ```swift
/// box.register(Car.self, key: "familyCar") { r in
///     Car(make: "BMW", model: "X3", topSpeed: 210, doors: 5, engine: r.resolve())
/// }
/// ```
public final class Car: Vehicle, CustomStringConvertible {
    /// The manufacturer, e.g. `BMW`.
    public let make: String
    /// The model, e.g. `X3`.
    public let model: String
    /// The top speed in km/h.
    public let topSpeed: Int
    /// The number of doors.
    public let doors: Int
    /// What drives it.
    public let engine: any Transmission

    /// Creates a car.
    ///
    /// - Parameters:
    ///   - make: The manufacturer.
    ///   - model: The model.
    ///   - topSpeed: The top speed in km/h.
    ///   - doors: The number of doors.
    ///   - engine: What drives it.
    public init(make: String, model: String, topSpeed: Int, doors: Int, engine: any Transmission) {
        self.make = make
        self.model = model
        self.topSpeed = topSpeed
        self.doors = doors
        self.engine = engine
    }

    /// `BMW X3, 5 doors, 210 km/h, Volkswagen EA888 engine (7 gears)`.
    public var description: String {
        "\(make) \(model), \(doors) doors, \(topSpeed) km/h, \(engine.make) \(engine.model) engine (\(engine.gears) gears)"
    }
}
