// Every message BoxKit shows, in one file: what a ``BoxError`` says (and so what a failed `resolve` prints when it
// stops the program), what a misuse of the API stops the program with, and why `verify()` could not check a
// registration. Change a message here; the tests pin their text. (A `precondition` elsewhere states an
// invariant of BoxKit's own code, not a message for its users.)

/// The text of every misuse of the API and every reason `verify()` gives; an error's text is
/// `BoxError._Given.description`, below.
enum _Message {
    /// `register(life: .graph)` with an async factory.
    static func asyncGraph(_ service: String) -> String {
        "BoxKit: \(service) cannot be registered with life: .graph and an async factory: a graph lasts one "
            + "synchronous top-level resolve on one thread, which an awaiting factory leaves. Register it "
            + ".transient, .weak or .permanent."
    }

    /// `.perArguments` for a factory that takes no runtime arguments.
    static func perArgumentsWithoutArguments(_ service: String) -> String {
        "BoxKit: \(service) is registered with life: .perArguments, which keeps an instance per value of the "
            + "runtime arguments, but its factory takes none: use .permanent."
    }

    /// `.perArguments` for a factory with an argument type that is not `Hashable`.
    static func perArgumentsUnhashable(_ registration: String, unhashable: [String]) -> String {
        "BoxKit: \(registration) is registered with life: .perArguments, which keeps an instance per value of its "
            + "arguments, but \(unhashable.joined(separator: ", ")) is not Hashable."
    }

    /// `maximumInstances` for a registration that is not `.perArguments`.
    static func maximumInstancesWithoutPerArguments(_ registration: String, life: LifeType) -> String {
        "BoxKit: \(registration) is registered with life: .\(life) and maximumInstances, which bounds only the "
            + "instances a .perArguments registration keeps."
    }

    /// `maximumInstances` below 1.
    static func tooFewInstances(_ registration: String, maximumInstances: Int) -> String {
        "BoxKit: \(registration) is registered with maximumInstances: \(maximumInstances); keep at least 1."
    }

    /// `inScope(_:)` on a registration that shares no instance.
    static func sharesNoInstance(_ registration: String, life: LifeType, scope: String) -> String {
        "BoxKit: \(registration) is registered .\(life), which shares no instance: only .permanent, .weak and "
            + ".perArguments registrations can be in a scope (\"\(scope)\") for reset(scope:) to drop."
    }

    /// `inScope(_:)` on a registration already in another scope.
    static func alreadyInScope(_ registration: String, scope: String) -> String {
        "BoxKit: \(registration) is already in scope \"\(scope)\"; a registration is in one scope at most."
    }

    /// `inScope(_:)` on a `ServiceStoring` that `Box.register` did not return.
    static func inScopeOnForeignHandle(_ handle: Any.Type) -> String {
        "BoxKit: inScope(_:) is for the registrations Box.register returns, not \(handle)."
    }

    /// `register(isolatedTo:)` with a global actor whose `shared` makes a new actor each time.
    static func sharedIsNotOneActor(_ globalActor: String, service: String) -> String {
        "BoxKit: \(globalActor).shared is not the actor the factory registered for \(service) is isolated to: it "
            + "returns another instance each time. A global actor's shared must be one actor (a static let)."
    }

    /// `register(isolatedTo:)` with a factory that is not isolated to that actor, but to the actor type named
    /// `isolatedTo`, or to none.
    static func factoryNotIsolated(service: String, globalActor: String, isolatedTo: String?) -> String {
        let found = isolatedTo.map { "isolated to \($0)" } ?? "not isolated"
        return "BoxKit: the factory registered for \(service) with isolatedTo: \(globalActor) is \(found): write "
            + "it as `{ @\(globalActor.split(separator: ".").last ?? "") in ... }` so that it runs on \(globalActor)."
    }

    /// Where a registration listed among the nearest ones is, seen from the box a resolve started from
    /// (`depth` boxes up): nothing for that box, ` (in parent box)`, ` (in ancestor 2 box)`.
    static func place(depth: Int) -> String {
        depth == 0 ? "" : " (in \(depth == 1 ? "parent" : "ancestor \(depth)") box)"
    }

    /// How an error that a factory threw is named in the message of the ``BoxError`` that reports it.
    static func thrown(_ error: any Error) -> String {
        "\(String(reflecting: error)) (\(String(reflecting: type(of: error))))"
    }

    /// Why `verify()` did not check the registrations left, when it was called from inside a resolve of the
    /// registration named `resolving` (`nil` when it is not known).
    static func verifyInsideResolve(_ resolving: String?) -> String {
        "verify() was called while resolving \(resolving ?? "a registration"), from a factory or a hook, where "
            + "resolving the box's registrations could wait for the creation in progress; call it outside any "
            + "resolve"
    }

    /// Why `verify()` did not check the registrations left, when it could start no thread.
    static let noThreadStarted = "no thread could be started to resolve it in"

    /// Why `verify()` did not check the registrations left, when too many of its threads are left behind.
    static func tooManyThreadsLeft(_ maxThreads: Int) -> String {
        "this process already holds \(maxThreads) threads that verifications left blocked past their patience, or "
            + "parked in code that needed them alive; fix those and verify again"
    }

    /// Why `verify()` gave up on a registration whose resolution did not finish.
    static func notFinished(within patience: Duration) -> String {
        "its resolution did not finish within \(patience): a factory is blocked outside BoxKit (on a lock, or on a "
            + "lazily initialised global whose initialiser an earlier verification interrupted) or is slow; its "
            + "thread was left to finish on its own"
    }
}

/// Formats a service type, key and argument types the way BoxKit's messages do (as the overload below does
/// their names).
func _describe(_ type: Any.Type, key: String?, arguments: [Any.Type] = [], wholeKey: Bool = false) -> String {
    _describe(serviceType: String(reflecting: type), key: key, arguments: _names(arguments), wholeKey: wholeKey)
}

/// Formats the names of a service type and its argument types, and a key: `Module.Car`,
/// `Module.Car[key: "BMW"]`, `Module.Car[arguments: (Swift.String)]` or
/// `Module.Car[key: "BMW", arguments: (Swift.String, Swift.Int)]`. A key longer than `_shownKeyCharacters`
/// is shown by its first characters and its length (`_quoted`), unless `wholeKey`.
func _describe(serviceType: String, key: String?, arguments: [String], wholeKey: Bool = false) -> String {
    var qualifiers: [String] = []
    if let key { qualifiers.append("key: \(wholeKey ? String(reflecting: key) : _quoted(key))") }
    if !arguments.isEmpty { qualifiers.append("arguments: \(_signature(arguments))") }
    return qualifiers.isEmpty ? serviceType : "\(serviceType)[\(qualifiers.joined(separator: ", "))]"
}

/// How many characters of a key a message shows: a message stays short whatever key it names (a resolve's,
/// or one registered nearby), while ``BoxError/key`` keeps the key whole.
let _shownKeyCharacters = 64

/// `key` as messages show it: quoted and escaped, as Swift writes a string literal (`"BMW"`); a key longer
/// than `_shownKeyCharacters` by that many of its first characters, then its length:
/// `"aaaa…aaaa"… (1048576 characters)`.
///
/// - Complexity: O(1) for a key of at most `_shownKeyCharacters` UTF-8 bytes; O(*n*) for a longer one, to
///   count its characters.
func _quoted(_ key: String) -> String {
    // A key of at most that many UTF-8 bytes has at most that many characters.
    guard key.utf8.count > _shownKeyCharacters,
        let end = key.index(key.startIndex, offsetBy: _shownKeyCharacters, limitedBy: key.endIndex),
        end != key.endIndex
    else { return String(reflecting: key) }
    return String(reflecting: String(key[..<end])) + "… (\(key.count) characters)"
}

/// A list of argument type names as messages show it: `(Swift.String, Swift.Int)`.
func _signature(_ argumentTypes: [String]) -> String {
    "(" + argumentTypes.joined(separator: ", ") + ")"
}

/// The fully qualified names of `types`, as messages and introspection report argument types.
func _names(_ types: [Any.Type]) -> [String] {
    types.map { String(reflecting: $0) }
}

extension BoxError._Given: CustomStringConvertible {
    /// The message of an error with this content.
    var description: String {
        let subject = _describe(serviceType: serviceType, key: key, arguments: arguments)
        let listed = nearest.prefix(_nearestListed)
        let more = nearest.count - listed.count + unlistedNearest
        let nearby = listed.isEmpty ? "none" : listed.joined(separator: ", ") + (more > 0 ? ", and \(more) more" : "")
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
        case .tooDeep:
            let head = chain.first ?? subject
            let shown = chain.count > 12 ? chain.prefix(5) + ["..."] + chain.suffix(5) : chain[...]
            return "BoxKit: resolving \(subject) would nest \(chain.count) resolutions on one thread, past the "
                + "limit of \(_ResolutionThread.depthLimit); the chain began at \(head): "
                + "\(shown.joined(separator: " -> ")). A factory that resolves its own kind without end, or a "
                + "graph this deep, needs restructuring."
        case .notVerified:
            return "BoxKit: \(subject) was not verified: \(detail ?? "verify() did not resolve it"). "
                + "Resolution chain: \(path)."
        case .factoryFailed:
            return "BoxKit: the factory of \(subject) threw \(detail ?? "an error"). Resolution chain: \(path)."
        case .liveService:
            return "BoxKit: a test resolved \(subject), a live registration: its test box copied it from the app's "
                + "box, the test did not replace it, and it is not marked testSafe(). Register a test double for it "
                + "in the test's box, or mark the production registration .testSafe() if it is safe in tests. "
                + "Resolution chain: \(path)."
        case .unimplemented:
            return "BoxKit: \(subject) is registered as unimplemented, a placeholder with nothing to make, and was "
                + "resolved. Register an implementation for it (in a test, in the test's box). "
                + "Resolution chain: \(path)."
        case .typeMismatch:
            if let madeValue {
                return "BoxKit: \(subject) is registered with life: .weak, but its factory made a value of type "
                    + "\(madeValue), not a class instance: only class instances can be held weakly. Register it "
                    + ".transient or .permanent instead. Resolution chain: \(path)."
            }
            let target = detail ?? "the service it forwards to"
            let type = serviceType.contains(" ") ? "(\(serviceType))" : serviceType  // `(any P).self`
            return "BoxKit: \(target) is not a \(serviceType), so it cannot be resolved as one: forward("
                + "\(type).self, to: ...) needs a subclass or a conforming type. Resolution chain: \(path)."
        case .wrongIsolation:
            let actor = detail ?? "its global actor"
            if chain.count > 1 {  // a factory resolved it: that factory is what runs in the wrong place
                let parent = chain[chain.count - 2]
                return "BoxKit: \(subject) is isolated to \(actor): its factory runs only there, and \(parent)'s "
                    + "factory resolved it synchronously elsewhere. Register \(parent) with isolatedTo: \(actor) as "
                    + "well, or resolve \(chain[0]) from \(actor)-isolated code. Resolution chain: \(path)."
            }
            return "BoxKit: \(subject) is isolated to \(actor): its factory runs only there, and this synchronous "
                + "resolve ran elsewhere. Resolve it from \(actor)-isolated code, or with "
                + "`await box.resolveAsync(\(_call))`, which hops to \(actor). Resolution chain: \(path)."
        case .asyncFactory:
            return "BoxKit: \(subject) is registered with an async factory, which a synchronous resolve "
                + "cannot run. Use `await box.resolveAsync(\(_call))` (or tryResolveAsync, resolveAllAsync; "
                + "`await box.resolve` with BoxKitAwait) from async code. Resolution chain: \(path). "
                + "Registered nearby: \(nearby)."
        }
    }

    /// The arguments of a `resolveAsync` call for the service: `(any Module.Vehicle).self, key: "BMW"`.
    private var _call: String {
        let type = serviceType.contains(" ") ? "(\(serviceType))" : serviceType  // `(any P).self`
        return "\(type).self" + (key.map { ", key: \(_quoted($0))" } ?? "")
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
