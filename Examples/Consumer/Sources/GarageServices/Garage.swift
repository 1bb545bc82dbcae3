import BoxKit
import BoxKitAwait

/// What a garage's services report.
public protocol Workshop: Sendable {
    /// The workshop's name.
    var name: String { get }
}

/// The workshop an app registers in production.
public struct MainWorkshop: Workshop {
    /// "main".
    public let name = "main"

    /// A main workshop.
    public init() {}
}

/// A service that needs a workshop, resolved through the box.
public final class Garage: Sendable {
    /// The workshop it uses.
    public let workshop: any Workshop

    /// A garage using `workshop`.
    public init(workshop: any Workshop) { self.workshop = workshop }
}

/// Registers the garage's services in `box`.
public func registerGarage(in box: Box) {
    box.register(life: .permanent) { MainWorkshop() as any Workshop }
    box.register { r in Garage(workshop: r.resolve()) }
}

/// Resolves a garage from `box` as async code does, through BoxKitAwait's overloads.
public func resolveGarage(from box: Box) async -> Garage {
    await box.resolve(Garage.self)
}
