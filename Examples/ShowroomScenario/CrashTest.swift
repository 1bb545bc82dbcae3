/// A crash-test dummy. It needs its car to exist before it does; its car points back at it.
///
/// ```swift
/// box.register(CrashTestDummy.self, life: .permanent) { r in CrashTestDummy(name: "Crash", car: r.resolve()) }
///     .onInitialised { _, service in
///         let dummy = service as! CrashTestDummy
///         dummy.car.dummy = dummy
///     }
/// ```
public final class CrashTestDummy {
    /// The dummy's name, e.g. `Crash`.
    public let name: String
    /// The car it sits in.
    public let car: SafetyTestCar

    /// Creates a dummy sitting in `car`.
    ///
    /// - Parameters:
    ///   - name: The dummy's name.
    ///   - car: The car it sits in.
    public init(name: String, car: SafetyTestCar) {
        self.name = name
        self.car = car
    }
}

/// The car a ``CrashTestDummy`` sits in. It refers to its dummy weakly, so the pair is no retain cycle.
public final class SafetyTestCar {
    /// The dummy in the driver's seat, set once the dummy exists.
    public weak var dummy: CrashTestDummy?

    /// Creates an empty safety car.
    public init() {}
}
