/// A group of registrations that belong together, such as one feature's services.
///
/// A module registers its services in the box it is installed in. Keep modules small and per feature, and
/// install them where the app starts; a module may hold configuration of its own, create child boxes, or
/// install other modules.
///
/// ```swift
/// struct GarageModule: BoxModule {
///     var cylinders = 4
///
///     func register(in box: Box) {
///         box.register(life: .permanent) { Engine(cylinders: cylinders) }
///         box.register { r in Car(engine: r.resolve()) }
///     }
/// }
///
/// box.install(GarageModule(), ShowroomModule())
/// ```
public protocol BoxModule {
    /// Registers this module's services in `box`.
    ///
    /// `Box.install(_:)` calls it; call it directly to register into a particular box.
    ///
    /// - Parameter box: The box the module is installed in.
    func register(in box: Box)
}
