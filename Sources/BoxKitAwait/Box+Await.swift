// BoxKitAwait: `await box.resolve(...)`, for the code that asks for it.
//
// These are `async` overloads of `resolve`, `tryResolve` and `resolveAll`. They live in their own module, not in
// BoxKit, because Swift prefers an `async` overload for every call in an `async` function, written with `await`
// or not: were they in BoxKit, every existing `let car = box.resolve() as Car` in async code would stop
// compiling. Importing this module is the opt-in to that trade.

public import BoxKit

extension Box {
    /// Returns the service registered for `type` and `key`, awaiting its factory if it is `async`; searches
    /// this box, then its ancestors.
    ///
    /// The `await box.resolve(...)` spelling of `Box.resolveAsync(_:key:)`, with the same behaviour:
    /// it resolves synchronous and async registrations alike, creates a permanent instance once even when
    /// many tasks await it at the same moment, and stops the program with BoxKit's usual message when nothing
    /// is registered or the resolve would close a cycle.
    ///
    /// ```swift
    /// import BoxKit
    /// import BoxKitAwait
    ///
    /// box.register(life: .permanent) { await Database.open(path: "app.sqlite") }
    /// box.register { r in await Session(database: r.resolve(), clock: r.resolve()) }
    ///
    /// let session = await box.resolve(Session.self)
    /// let database: Database = await box.resolve()
    /// ```
    ///
    /// In an `async` function of a file that imports `BoxKitAwait`, Swift picks this overload for every
    /// `box.resolve(...)`, so each needs `await` (the compiler offers to insert it); synchronous code still
    /// calls BoxKit's synchronous `Box.resolve(_:key:)`. Without the upcoming feature
    /// `MemberImportVisibility`, Swift lets these overloads reach every file of a target in which one file
    /// imports this module; enable it for that target to keep them to the files that import it.
    ///
    /// - Parameters:
    ///   - type: The service type; usually inferred from the context.
    ///   - key: The key it was registered under, or `nil` for none.
    /// - Returns: The permanent instance, or a new instance for a transient registration.
    /// - Complexity: O(1) on average to find the registration, plus the factory's work when it runs, as
    ///   `Box.resolveAsync(_:key:)`.
    @inlinable
    public func resolve<Service>(_ type: Service.Type = Service.self, key: String? = nil) async -> Service {
        await resolveAsync(type, key: key)
    }

    /// Returns the service registered for `type` and `key`, awaiting its factory if it is `async`, or throws a
    /// `BoxError` describing why it cannot.
    ///
    /// The `try await box.tryResolve(...)` spelling of `Box.tryResolveAsync(_:key:)`.
    ///
    /// ```swift
    /// do {
    ///     let replica = try await box.tryResolve(Database.self, key: "replica")
    /// } catch {
    ///     print(error.reason, error.chain)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The service type; usually inferred from the context.
    ///   - key: The key it was registered under, or `nil` for none.
    /// - Returns: The permanent instance, or a new instance for a transient registration.
    /// - Throws: `BoxError` when nothing is registered for `type` and `key`, or when resolving it
    ///   would close a cycle.
    /// - Complexity: O(1) on average to find the registration, as ``resolve(_:key:)``.
    @inlinable
    public func tryResolve<Service>(
        _ type: Service.Type = Service.self, key: String? = nil
    ) async throws(BoxError) -> Service {
        try await tryResolveAsync(type, key: key)
    }

    /// Returns one service for every registration of exactly `type` that a resolve from this box can reach,
    /// awaiting the factories that are `async`.
    ///
    /// The `await box.resolveAll(...)` spelling of `Box.resolveAllAsync(_:)`: this box's
    /// registrations in the order they were made, then its ancestors'.
    ///
    /// ```swift
    /// let databases = await box.resolveAll(Database.self)
    /// ```
    ///
    /// - Parameter type: The service type; usually inferred from the context.
    /// - Returns: The services, nearest box first, each box's in registration order; empty when there are
    ///   none.
    /// - Complexity: O(*n* log *n*) in the registrations of this box and its ancestors, plus one resolve per
    ///   service returned, as the synchronous `Box.resolveAll(_:)`.
    @inlinable
    public func resolveAll<Service>(_ type: Service.Type = Service.self) async -> [Service] {
        await resolveAllAsync(type)
    }
}
