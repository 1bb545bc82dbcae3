/// Why a service could not be resolved, with everything needed to fix it.
///
/// ```swift
/// do {
///     _ = try box.tryResolve(Car.self, key: "BMW")
/// } catch {
///     print(error)   // BoxKit: no registration for Showroom.Car[key: "BMW"] ...
/// }
/// ```
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
    }

    /// What went wrong.
    public let reason: Reason
    /// The fully qualified name of the requested service type, e.g. `MyApp.Car` or `Swift.Optional<MyApp.Car>`.
    public let serviceType: String
    /// The requested key, or `nil` for none.
    public let key: String?
    /// The fully qualified names of the types of the runtime arguments the resolve passed, in order, e.g.
    /// `["Swift.String", "Swift.Int"]`; empty for a resolve without arguments.
    public let arguments: [String]
    /// For ``Reason/argumentMismatch``: the argument types `serviceType` is registered with under `key`,
    /// one list of fully qualified names per registration, nearest box first; an empty list stands for a
    /// registration without arguments. Empty for the other reasons.
    public let registeredArguments: [[String]]
    /// The resolutions in flight on this thread, outermost first, ending with the one that failed. Async
    /// factories running in the current task come first, then the synchronous ones on this thread.
    /// For a cycle it starts and ends with the same service somewhere: `A -> B -> A`.
    public let chain: [String]
    /// The registrations closest to the request: the same type under other keys, the same key under other
    /// types, and types of the same name from other modules or scopes.
    public let nearest: [String]

    /// Creates an error; BoxKit makes these, tests may too.
    ///
    /// - Parameters:
    ///   - reason: What went wrong.
    ///   - serviceType: The fully qualified name of the requested service type.
    ///   - key: The requested key, or `nil` for none.
    ///   - arguments: The names of the runtime argument types the resolve passed; empty for none.
    ///   - registeredArguments: For ``Reason/argumentMismatch``, the argument types the service is
    ///     registered with under `key`, one list per registration (empty for one without arguments).
    ///   - chain: The resolutions in flight, outermost first, ending with the one that failed.
    ///   - nearest: The registrations closest to the request.
    public init(
        reason: Reason, serviceType: String, key: String?, arguments: [String] = [],
        registeredArguments: [[String]] = [], chain: [String], nearest: [String]
    ) {
        self.reason = reason
        self.serviceType = serviceType
        self.key = key
        self.arguments = arguments
        self.registeredArguments = registeredArguments
        self.chain = chain
        self.nearest = nearest
    }

    /// A message naming the service, the key, the argument types, the chain and the nearest registrations.
    public var description: String {
        let subject = _describe(serviceType: serviceType, key: key, arguments: arguments)
        let nearby = nearest.isEmpty ? "none" : nearest.joined(separator: ", ")
        let path = chain.joined(separator: " -> ")
        switch reason {
        case .notRegistered:
            return "BoxKit: no registration for \(subject). Resolution chain: \(path). Registered nearby: \(nearby)."
        case .cycle:
            return "BoxKit: circular dependency while resolving \(subject): \(path). "
                + "Break the cycle, or close it in an onInitialised hook. Registered nearby: \(nearby)."
        case .argumentMismatch:
            let service = _describe(serviceType: serviceType, key: key, arguments: [])
            let hint = "without arguments: pass them with resolve(_:key:arguments:)"
            let passed = arguments.isEmpty ? hint : _signature(arguments)
            return "BoxKit: \(service) is registered \(_registeredForms), not \(passed). Resolution chain: \(path). "
                + "Registered nearby: \(nearby)."
        case .asyncFactory:
            let type = serviceType.contains(" ") ? "(\(serviceType))" : serviceType  // `(any P).self`
            let call = "\(type).self" + (key.map { ", key: \(String(reflecting: $0))" } ?? "")
            return "BoxKit: \(subject) is registered with an async factory, which a synchronous resolve "
                + "cannot run. Use `await box.resolveAsync(\(call))` (or tryResolveAsync, resolveAllAsync; "
                + "`await box.resolve` with BoxKitAwait) from async code. Resolution chain: \(path). "
                + "Registered nearby: \(nearby)."
        }
    }

    /// `with arguments (Swift.String, Swift.Int) or (Swift.Int) and without arguments`, from
    /// `registeredArguments`.
    private var _registeredForms: String {
        var forms: [String] = []
        let lists = registeredArguments.filter { !$0.isEmpty }.map(_signature)
        if !lists.isEmpty { forms.append("with arguments " + lists.joined(separator: " or ")) }
        if registeredArguments.contains([]) { forms.append("without arguments") }
        return forms.isEmpty ? "with other arguments" : forms.joined(separator: " and ")
    }
}
