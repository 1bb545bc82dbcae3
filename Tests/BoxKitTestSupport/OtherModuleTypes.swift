// Types that share names with the test suite's fixtures but live in another module, so that tests can
// check BoxKit tells them apart.

/// A `Car` that is not the test suite's `Car`.
public final class Car {
    /// Which module made it.
    public let origin = "BoxKitTestSupport"
    /// Creates a car.
    public init() {}
}
