extension ServiceStoring {
    /// Marks this registration safe to make in tests: a test box (``Box/init(testing:liveServices:reportingIssues:)``,
    /// the `BoxKitTesting` trait `.box(.strict)`) makes it as the app does, instead of reporting it as a live
    /// service the test forgot to replace.
    ///
    /// Mark it where the production registration is written. Pure values, formatters, clocks a test can read and
    /// in-memory stores are safe; anything that reaches the network, the disk, the keychain or analytics is not.
    ///
    /// ```swift
    /// box.register(life: .permanent) { DateFormatter.iso8601 }.testSafe()
    /// box.register(life: .permanent) { URLSessionAPI() as API }      // live: each test replaces it
    /// ```
    ///
    /// A box that is not a test box ignores the mark, and so does a registration of your own that conforms to
    /// `ServiceStoring`: only BoxKit's registrations carry it. It is kept by ``Box/init(copying:)`` and by a
    /// reset.
    ///
    /// - Returns: This registration, to chain ``onInitialised(_:)->_`` hooks.
    @discardableResult
    public func testSafe() -> Self {
        (self as? _AnyRegistration)?.testRole = .safe
        return self
    }
}
