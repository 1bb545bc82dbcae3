/// Why a service could not be resolved, with everything needed to fix it.
///
/// ```swift
/// do {
///     _ = try box.tryResolve(Car.self, key: "BMW")
/// } catch {
///     print(error)   // BoxKit: no registration for Showroom.Car[key: "BMW"] ...
/// }
/// ```
///
/// An error BoxKit throws holds what the failed resolve observed (types, keys, the resolutions in flight and
/// the box it started from) and renders its text when a property is read, so that code that throws it away
/// (`try?`) pays for no names. The nearest registrations, and whether the service is registered with other
/// argument types, are looked up then, in the box as it is at that moment. The error keeps no registration,
/// instance or box alive: once the box is gone, it lists nothing nearby.
public struct BoxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Equatable {
        /// Nothing is registered for the type and key in the box or its ancestors.
        case notRegistered
        /// The service is already being made on this thread: its factory (or one it called) needs itself.
        /// Async factories are followed too, within one task: see <doc:AsyncFactories>.
        case cycle
        /// The type and key are registered, but not with the types of the runtime arguments the resolve
        /// passed: only with others, or only without arguments, or (for a resolve without arguments) only
        /// with some. ``BoxError/registeredArguments`` lists what is registered.
        case argumentMismatch
        /// The service is registered with an `async` factory, which a synchronous resolve cannot run: resolve
        /// it with ``Box/resolveAsync(_:key:)`` or ``Box/tryResolveAsync(_:key:)``.
        case asyncFactory
        /// Making the service would nest resolutions deeper than BoxKit allows on one thread (128): a factory
        /// that resolves its own kind without end (through keys, say), or a graph that deep. The chain starts
        /// with the resolution that began it; the message names that one and the depth.
        case tooDeep
        /// ``Box/verify()`` did not resolve this registration, and ``BoxError/description`` says why: it was
        /// called from inside a resolution (a factory or a hook), where resolving the box's registrations could
        /// wait for the very creation in progress; or the process already holds as many threads as
        /// verifications may leave behind (blocked, or parked); or no thread could be started; or its
        /// resolution did not finish within the verification's patience (``Box/verify(patience:)``).
        case notVerified
        /// The service's factory must run on a global actor (it was registered with `isolatedTo:`; see
        /// <doc:ActorsAndIsolation>), and a synchronous resolve that would have made it ran elsewhere. Resolve
        /// it from code isolated to that actor, or with ``Box/resolveAsync(_:key:)``, which hops to the actor;
        /// ``BoxError/description`` names the actor.
        case wrongIsolation
        /// What was made is not of the kind the registration promises. A forwarded type
        /// (``Box/forward(_:to:key:)``) was resolved, and the service it forwards to is not of that type (a
        /// class that is not a subclass, or a type that does not conform); or a ``LifeType/weak``
        /// registration's factory made a value, not a class instance, which cannot be held weakly.
        /// ``BoxError/description`` names both types.
        case typeMismatch
        /// The service's factory, registered as one that may throw (`register { () throws -> ... }`), threw an
        /// error: ``BoxError/underlyingError`` is that error, and ``BoxError/description`` names it.
        case factoryFailed
        /// A test resolved a live service: a registration its test box
        /// (``Box/init(testing:liveServices:reportingIssues:)``) copied from the app's box, which the test did
        /// not replace and which is not marked ``ServiceStoring/testSafe()``. Register a test double for it in
        /// the test's box, or mark the production registration `testSafe()`. See <doc:TestingWithBoxKit>.
        case liveService
        /// The service is registered as a placeholder with nothing to make
        /// (``Box/register(unimplemented:key:)``): register an implementation for it (in a test, in the test's
        /// box).
        case unimplemented
    }

    /// For ``Reason-swift.enum/factoryFailed``, the error the factory threw; `nil` otherwise.
    public var underlyingError: (any Error)? { _underlying?.error }

    /// What went wrong.
    ///
    /// For a resolve that found nothing, telling ``Reason-swift.enum/notRegistered`` from
    /// ``Reason-swift.enum/argumentMismatch`` means looking through the box's registrations: that happens
    /// when this property is read, never when the error is thrown.
    public var reason: Reason { _field(\.reason) { $0.outcome.reason } }
    /// The fully qualified name of the requested service type, e.g. `MyApp.Car` or `Swift.Optional<MyApp.Car>`.
    public var serviceType: String { _field(\.serviceType) { String(reflecting: $0.serviceType) } }
    /// The requested key, or `nil` for none.
    public var key: String? { _field(\.key) { $0.key } }
    /// The fully qualified names of the types of the runtime arguments the resolve passed, in order, e.g.
    /// `["Swift.String", "Swift.Int"]`; empty for a resolve without arguments.
    public var arguments: [String] { _field(\.arguments) { _names($0.arguments) } }
    /// For ``Reason-swift.enum/argumentMismatch``: the argument types `serviceType` is registered with under
    /// `key`, one list of fully qualified names per registration, nearest box first; an empty list stands for
    /// a registration without arguments. Empty for the other reasons.
    public var registeredArguments: [[String]] { _field(\.registeredArguments) { $0.outcome.registeredArguments } }
    /// The resolutions in flight on this thread, outermost first, ending with the one that failed. Async
    /// factories running in the current task come first, then the synchronous ones on this thread.
    /// For a cycle it starts and ends with the same service somewhere: `A -> B -> A`.
    public var chain: [String] { _field(\.chain) { $0.chain } }
    /// The registrations closest to the request: the same type under other keys, the same key under other
    /// types, and types of the same name from other modules or scopes.
    ///
    /// They are looked up in the box the resolve started from, and its ancestors, as they are when this
    /// property is read: the first eight, nearest box first; ``description`` says how many more there are.
    public var nearest: [String] { _field(\.nearest) { $0.nearest } }

    /// Where the error's content comes from: the values given to the public initialiser, or the facts a
    /// failed resolve observed (identities, not names), rendered when read.
    let _source: _Source
    /// What a factory threw, for ``Reason-swift.enum/factoryFailed``.
    var _underlying: _UnderlyingError?

    /// One property: `given`'s field, or what `observed` renders from a failed resolve's facts.
    private func _field<Value>(_ given: KeyPath<_Given, Value>, observed: (_ObservedFailure) -> Value) -> Value {
        switch _source {
        case .given(let content): content[keyPath: given]
        case .observed(let facts): observed(facts)
        }
    }

    /// See `_source`.
    enum _Source: @unchecked Sendable {
        /// Out of line: an error made from given values is rare (the public initialiser, `verify()`), and
        /// inline it would make every `BoxError` as large as its strings.
        indirect case given(_Given)
        case observed(_ObservedFailure)
    }

    /// The content of an error made with the public initialiser, or rendered from what a resolve observed.
    struct _Given: Sendable, Hashable {
        let reason: Reason
        let serviceType: String
        let key: String?
        let arguments: [String]
        let registeredArguments: [[String]]
        let chain: [String]
        let nearest: [String]
        /// For ``Reason-swift.enum/notVerified``, why; for ``Reason-swift.enum/wrongIsolation``, the global
        /// actor's name; for ``Reason-swift.enum/typeMismatch``, the service forwarded to.
        var detail: String? = nil
        /// For ``Reason-swift.enum/typeMismatch`` from a `.weak` registration, the type of the value its
        /// factory made.
        var madeValue: String? = nil
        /// How many registrations close to the request there are besides `nearest`, which lists the first
        /// `_nearestListed` of them.
        var unlistedNearest = 0
    }

    /// Creates an error; BoxKit makes these, tests may too.
    ///
    /// - Parameters:
    ///   - reason: What went wrong.
    ///   - serviceType: The fully qualified name of the requested service type.
    ///   - key: The requested key, or `nil` for none.
    ///   - arguments: The names of the runtime argument types the resolve passed; empty for none.
    ///   - registeredArguments: For ``Reason-swift.enum/argumentMismatch``, the argument types the service is
    ///     registered with under `key`, one list per registration (empty for one without arguments).
    ///   - chain: The resolutions in flight, outermost first, ending with the one that failed.
    ///   - nearest: The registrations closest to the request.
    public init(
        reason: Reason, serviceType: String, key: String?, arguments: [String] = [],
        registeredArguments: [[String]] = [], chain: [String], nearest: [String]
    ) {
        _source = .given(
            _Given(
                reason: reason, serviceType: serviceType, key: key, arguments: arguments,
                registeredArguments: registeredArguments, chain: chain, nearest: nearest))
    }

    /// The problem ``Box/verify()`` reports for `registration`, which it did not resolve because of `why`;
    /// `chain` names the resolutions in flight, if it was called inside some.
    init(notVerified registration: _AnyRegistration, because why: String, chain: [String]) {
        _source = .given(
            _Given(
                reason: .notVerified, serviceType: String(reflecting: registration.serviceType),
                key: registration.key, arguments: _names(registration.argumentTypes), registeredArguments: [],
                chain: chain + [registration.displayName], nearest: [], detail: why))
    }

    /// An error from what a failed resolve observed; its text is rendered when read.
    init(_ observed: _ObservedFailure) {
        _source = .observed(observed)
    }

    /// Whether a resolve of `type` under `key` failed because nothing is registered for them (or only with
    /// runtime arguments: ``Reason-swift.enum/notRegistered`` or ``Reason-swift.enum/argumentMismatch``),
    /// rather than for something its registration resolved (the target of a forward, a dependency that a
    /// factory that may throw resolved with `tryResolve`). Known without looking through any registrations.
    func _isMissing(_ type: Any.Type, key: String?) -> Bool {
        switch _source {
        case .given(let given):
            (given.reason == .notRegistered || given.reason == .argumentMismatch)
                && given.serviceType == String(reflecting: type) && given.key == key
        case .observed(let observed):
            observed.isMissingRegistration && observed.serviceType == type && observed.key == key
        }
    }

    /// Whether the service must be made on a global actor that the resolve did not run on
    /// (``Reason-swift.enum/wrongIsolation``), known without looking through any registrations (so without
    /// taking a reference to the box, which may be the last one: a caller holding a lock may ask).
    var _isWrongIsolation: Bool {
        switch _source {
        case .given(let given): given.reason == .wrongIsolation
        case .observed(let observed): observed.kind == .wrongIsolation
        }
    }

    /// A value that is equal for two errors that say the same, cheaper to compare than the errors: the
    /// identities a failed resolve observed, or the given content.
    var _sameness: AnyHashable {
        switch _source {
        case .given(let given): AnyHashable(given)
        case .observed(let observed): AnyHashable(observed.identity)
        }
    }

    /// Two errors are equal when they say the same: the same reason, names, key, chain and nearest
    /// registrations.
    public static func == (lhs: BoxError, rhs: BoxError) -> Bool {
        lhs._content == rhs._content
    }

    /// A message naming the service, the key, the argument types, the chain and the nearest registrations.
    public var description: String {
        _content.description
    }

    /// Every property, rendered in one pass (one look-up of the box, one look through its registry), so that
    /// one message is consistent even while another thread registers or releases the box.
    var _content: _Given {
        switch _source {
        case .given(let given):
            return given
        case .observed(let observed):
            let box = observed.box
            let outcome = observed.outcome(in: box)
            let nearby = observed.nearest(in: box)
            return _Given(
                reason: outcome.reason, serviceType: String(reflecting: observed.serviceType), key: observed.key,
                arguments: _names(observed.arguments), registeredArguments: outcome.registeredArguments,
                chain: observed.chain, nearest: nearby.names,
                detail: observed.detail
                    ?? _underlying.map { _Message.thrown($0.error) },
                madeValue: observed.madeValue, unlistedNearest: nearby.unlisted)
        }
    }
}

/// An error a factory threw, kept by the ``BoxError`` that reports it. `@unchecked Sendable`: errors need not be
/// `Sendable`; the error is only read, as the factory's own caller would have read it.
final class _UnderlyingError: @unchecked Sendable {
    let error: any Error

    init(_ error: any Error) {
        self.error = error
    }
}
