/// One creation of a service, as a creation observer (``Box/observeCreations(_:)``) and a
/// ``CreationProfile`` see it: which registration, on which thread, when, for which other creation, and
/// whether it made a new instance.
///
/// A creation is every resolve that runs a registration's lifetime rule rather than returning a ready instance:
/// each resolve of a `.transient`, `.graph` or `.weak` service, the first of a `.permanent` one (and any that
/// waited for another thread to make it), and each new argument value of a `.perArguments` one. One whose rule
/// found its instance already made (a `.weak` one still held, a `.graph` one made earlier in the same resolve, a
/// `.permanent` one another thread made meanwhile) is reported with ``isNew`` `false`. Its
/// interval runs from when the resolve decided to create until the instance, hooks run, is returned, so it
/// contains the creations its factory resolved (its children, whose ``parentID`` is this creation's ``id``).
///
/// ```swift
/// let observation = box.observeCreations { creation in
///     if creation.isMainThread && creation.duration > .milliseconds(5) {
///         print("slow on the main thread: \(creation)")
///     }
/// }
/// ```
///
/// `@unchecked Sendable`: immutable; metatypes are immutable.
public struct ServiceCreation: @unchecked Sendable, CustomStringConvertible {
    /// A number no other creation in this process has had.
    public let id: UInt64
    /// The ``id`` of the creation whose factory resolved this one (directly, or through services that were
    /// not created), or `nil` for a creation that your own code's resolve started, or one whose resolving
    /// creation was not timed (an async factory, or a service outside the observed boxes). In a
    /// ``CreationProfile``, also `nil` when that creation is not in the profile.
    public let parentID: UInt64?
    /// The registered service type.
    public let serviceType: Any.Type
    /// The key it was registered under, or `nil` for none.
    public let key: String?
    /// The registration's lifetime.
    public let life: LifeType
    /// The thread the creation ran on: a number that no other thread alive at the same time has.
    public let thread: UInt64
    /// Whether the creation ran on the main thread.
    public let isMainThread: Bool
    /// When the creation began, in nanoseconds of the system's monotonic clock (`CLOCK_MONOTONIC`).
    public let start: UInt64
    /// When the creation ended, on the same clock as ``start``.
    public let end: UInt64
    /// Whether the creation made a new instance; `false` when its lifetime's rule found one already made (by
    /// another thread, earlier in the same `.graph` resolve, or still held for `.weak`), or its factory threw.
    public let isNew: Bool
    /// The types of the runtime arguments the registration's factory takes besides the resolver.
    let argumentTypes: [Any.Type]
    /// Whether the registration's factory is `async`.
    let isAsync: Bool

    /// The creation `record` describes; its registration must be valid. With `parentKnown` false, it has no
    /// ``parentID`` (a profile's creation whose parent is not in the profile).
    init(_ record: _CreationRecord, parentKnown: Bool = true) {
        id = record.id
        parentID = record.parentID == 0 || !parentKnown ? nil : record.parentID
        (serviceType, key, life, argumentTypes, isAsync) = record.registration._withUnsafeGuaranteedRef {
            ($0.serviceType, $0.key, $0.life, $0.argumentTypes, $0.isAsync)
        }
        thread = record.thread
        isMainThread = record.isMainThread
        start = record.start
        end = max(record.end, record.start)
        isNew = record.isNew
    }

    /// How long the creation took, children included.
    public var duration: Duration { .nanoseconds(Int64(clamping: end - start)) }

    /// The registration that was resolved, as ``Box/registrations`` describes it.
    public var registration: Registration {
        Registration(serviceType, key: key, arguments: argumentTypes, life: life, isAsync: isAsync)
    }

    /// The service as BoxKit's messages name it: `MyApp.Car`, `MyApp.Car[key: "BMW"]`.
    public var service: String { _describe(serviceType, key: key, arguments: argumentTypes) }

    /// `MyApp.Car[key: "BMW"] (transient), 1.25 ms`, with `, shared` when it made no new instance.
    public var description: String {
        "\(service) (\(life)), \(_formatDuration(end - start))\(isNew ? "" : ", shared")"
    }
}
