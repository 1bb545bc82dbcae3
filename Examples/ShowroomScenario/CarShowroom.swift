/// A showroom that stocks two cars, a family car and a sports car, without knowing who made them.
///
/// Its factory resolves the cars by key, so the box it is resolved from decides which cars they are:
///
/// ```swift
/// box.register { r in CarShowroom(familyCar: r.resolve(key: "familyCar"), sportsCar: r.resolve(key: "sportsCar")) }
/// let bmwShowroom = bmwBox.resolve() as CarShowroom
/// ```
public final class CarShowroom {
    /// The reliable one.
    public let familyCar: Car
    /// The one in the window.
    public let sportsCar: Car

    /// Creates a showroom stocking two cars.
    ///
    /// - Parameters:
    ///   - familyCar: The reliable one.
    ///   - sportsCar: The one in the window.
    public init(familyCar: Car, sportsCar: Car) {
        self.familyCar = familyCar
        self.sportsCar = sportsCar
    }
}
