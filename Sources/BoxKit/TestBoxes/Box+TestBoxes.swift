extension Box {
    /// Creates a test box: a box for one test that starts with `other`'s registrations, as
    /// ``init(copying:)`` does, reports to `report` the problems the test should fail on, and treats the live
    /// registrations it copied as `liveServices` says.
    ///
    /// A *live* registration is one this box copied that is not marked ``ServiceStoring/testSafe()``: the
    /// network client, the database, analytics. Registering the same service and key in this box (or a child
    /// box) replaces it, as any registration does, and the test double is not live. Under
    /// ``LiveServicePolicy/strict`` the first resolve of each live registration reports a ``BoxError`` with
    /// reason ``BoxError/Reason-swift.enum/liveService``, whose ``BoxError/chain`` shows what reached it, and
    /// then makes it; under ``LiveServicePolicy/stop`` it stops the program with that message instead.
    /// ``verify()`` of a test box that is not `.allow` lists each of its live registrations, and each chain by
    /// which another registration reaches one, and makes none.
    ///
    /// `report` also receives the use of an unimplemented registration
    /// (``register(unimplemented:key:placeholder:)``). It is called on the thread that resolved, inside that
    /// resolution: keep it short, and do not wait there for other threads. In XCTest, fail the test from it, as
    /// `XCTFail` may on any thread:
    ///
    /// ```swift
    /// override func invokeTest() {
    ///     let box = Box(testing: .shared, liveServices: .strict) { XCTFail($0.description) }
    ///     withBox(box) { super.invokeTest() }
    /// }
    /// ```
    ///
    /// In Swift Testing, the `BoxKitTesting` trait `.box(.strict)` makes one for each test and records each
    /// problem as an issue of that test. Child boxes of a test box, and ``init(copying:)`` copies of it, report
    /// to the same place. A test box made from a test box keeps the checks of the live registrations it copies,
    /// which report where they did, unless its own rule is stricter; a test double registered in that test box
    /// is not live in it.
    ///
    /// - Parameters:
    ///   - other: The box whose registrations to copy: usually ``shared``, the app's.
    ///   - liveServices: What a resolve of a live registration does; ``LiveServicePolicy/allow`` by default.
    ///   - report: Receives each problem the test should fail on.
    /// - Complexity: O(*n*) in the registrations of `other`'s lineage, as ``init(copying:)``.
    public convenience init(
        testing other: Box, liveServices: LiveServicePolicy = .allow,
        reportingIssues report: @escaping @Sendable (BoxError) -> Void
    ) {
        let serial = _LiveBoxes.newSerial()
        self.init(
            backend: other.backend, parent: nil, serial: serial,
            testIssues: _TestIssues(liveServices: liveServices, origin: serial, report: report))
        _copyRegistrations(of: other)
    }

    /// Registers a placeholder for `type` under an optional `key` that has nothing to make: a resolve of it
    /// fails, naming the service, its key and the chain of resolutions that reached it.
    ///
    /// Use it where a service must be provided by whoever runs the code: an app's box can register the
    /// placeholder, so that each test (or preview) registers its own double, and a test that forgets fails.
    /// A resolve stops the program with that message, since there is no service to return. Give
    /// ``register(unimplemented:key:placeholder:)`` a placeholder, and a test box
    /// (``init(testing:liveServices:reportingIssues:)``, the `BoxKitTesting` trait `.box`) records the failure
    /// in the test and lets it go on. ``tryResolve(_:key:)`` throws that error with
    /// reason ``BoxError/Reason-swift.enum/unimplemented`` instead of stopping, and ``verify()`` reports it.
    ///
    /// ```swift
    /// box.register(unimplemented: PaymentsAPI.self)   // each test registers its own PaymentsAPI
    /// ```
    ///
    /// The placeholder is marked ``ServiceStoring/testSafe()``: a strict test box reports its use as
    /// unimplemented, not as a live service.
    ///
    /// - Parameters:
    ///   - type: The service type.
    ///   - key: Distinguishes several registrations of one type. `nil` (no key) differs from `""`.
    /// - Returns: The registration.
    /// - Complexity: O(1) on average, as `register`.
    @discardableResult
    public func register<Service>(unimplemented type: Service.Type, key: String? = nil) -> any ServiceStoring {
        _registerUnimplemented(type, key: key, placeholder: nil)
    }

    /// Registers a placeholder for `type` under an optional `key`, as ``register(unimplemented:key:)`` does,
    /// that a test box answers with `placeholder`'s value after reporting the failure, so that the test runs to
    /// its end; it reports each placeholder once per test box. Outside a test box, a resolve stops the program,
    /// and ``tryResolve(_:key:)`` throws.
    ///
    /// ```swift
    /// box.register(unimplemented: Analytics.self, placeholder: { SilentAnalytics() })
    /// ```
    ///
    /// - Parameters:
    ///   - type: The service type.
    ///   - key: Distinguishes several registrations of one type. `nil` (no key) differs from `""`.
    ///   - placeholder: Makes what a test box returns, after reporting the failure, on each resolve.
    /// - Returns: The registration.
    /// - Complexity: O(1) on average, as `register`.
    @discardableResult
    public func register<Service>(
        unimplemented type: Service.Type, key: String? = nil, placeholder: @escaping () -> Service
    ) -> any ServiceStoring {
        _registerUnimplemented(type, key: key, placeholder: placeholder)
    }

    /// Registers the placeholder: a transient registration whose factory may throw, and throws (or, in a test
    /// box with a `placeholder`, reports and returns its value). Compiled once, generically, in BoxKit: it is
    /// cold code.
    private func _registerUnimplemented<Service>(
        _: Service.Type, key: String?, placeholder: (() -> Service)?
    ) -> any ServiceStoring {
        let registration = _Registration<Service>(
            key: key, life: .transient, factory: nil, resolving: nil,
            throwing: { resolver in try resolver._unimplemented(Service.self, key: key, placeholder: placeholder) })
        registration.testRole = .safe
        _register(registration, typeID: ObjectIdentifier(Service.self))
        return registration
    }

    /// What an unimplemented placeholder's factory does: reports the failure to the test box, if this is one,
    /// and returns `placeholder`'s value if there is one; otherwise throws it. In a verification it throws, so
    /// that the verification reports it and no test sees it.
    private func _unimplemented<Service>(
        _: Service.Type, key: String?, placeholder: (() -> Service)?
    ) throws(BoxError) -> Service {
        let origin = _testIssues?.origin ?? _serial
        let error = { Self._errorInFactory(.unimplemented, of: Service.self, key: key, arguments: [], origin: origin) }
        guard let issues = _testIssues, _ResolutionThread.sandbox == nil else { throw error() }
        issues.reportOnce(_TestIssues.Subject(.unimplemented, Service.self, key: key, arguments: []), error)
        guard let placeholder else { throw error() }
        return placeholder()
    }
}
