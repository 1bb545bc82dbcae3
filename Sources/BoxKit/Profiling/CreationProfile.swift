/// What the creations of a box's services cost over a span, such as an app's launch: made by
/// ``Box/profile(_:)`` or a ``CreationProfiler``.
///
/// Each creation's *self time* is its duration less its children's: the time its own factory and hooks took.
/// The profile ranks services by it, finds the critical path, counts the work done on the main thread, and
/// lists the permanents made that nothing else needed. ``report`` puts it in a few lines a person reads in
/// a terminal or a test failure; ``chromeTrace()`` writes it for Perfetto and `chrome://tracing`.
///
/// ```swift
/// let profile = box.profile { _ = box.resolve(AppCoordinator.self) }
/// print(profile.report)
/// #expect(profile.mainThread.time < .milliseconds(50), "\(profile)")
/// ```
public struct CreationProfile: Sendable, CustomStringConvertible {
    /// Every creation recorded, in the order they began.
    public let creations: [ServiceCreation]
    /// When profiling started and stopped, on the clock of ``ServiceCreation/start``.
    public let start: UInt64
    /// When profiling stopped.
    public let end: UInt64
    /// The services created, the costliest first: by self time, then by time in all.
    public let services: [Service]
    /// The chain of creations, each made for the one before it and starting with one your code's resolve
    /// started, whose self times add up to the most: where shortening a factory shortens the launch most.
    /// Empty when nothing was created.
    public let criticalPath: [ServiceCreation]
    /// The creations that ran on the main thread, and their time.
    public let mainThread: Work
    /// The `.permanent` class instances made during the profile that nothing used: your own code's resolve made
    /// each one (no other creation's), no service created during the profile resolves it (directly or through a
    /// forward, as each service's first creation recorded what it resolved), and when the profile stopped
    /// nothing but the box held it (no variable, property or other object kept it). Such an instance can be
    /// made after launch, or never.
    public let unusedPermanents: [Registration]
    /// Each creation's self time in nanoseconds, by ``ServiceCreation/id``.
    private let selfTimes: [UInt64: UInt64]

    /// One service's creations in a profile.
    public struct Service: Sendable, CustomStringConvertible {
        /// Its first creation in the profile, which names it.
        let first: ServiceCreation
        /// The registration.
        public var registration: Registration { first.registration }
        /// How many creations of it the profile recorded.
        public let creations: Int
        /// The time its own factory and hooks took, over all its creations.
        public let selfTime: Duration
        /// The time its creations took, the creations they resolved included.
        public let totalTime: Duration

        /// `MyApp.Car (transient): 3 creations, 1.250 ms self, 2.000 ms total`.
        public var description: String {
            "\(registration): \(creations) creation\(creations == 1 ? "" : "s"), \(_format(selfTime)) self, "
                + "\(_format(totalTime)) total"
        }
    }

    /// An amount of creation work: how many creations, and their self times added up.
    public struct Work: Sendable, Equatable {
        /// How many creations.
        public let creations: Int
        /// Their self times, added up: no time is counted twice.
        public let time: Duration
    }

    /// How long the profile ran.
    public var duration: Duration { .nanoseconds(Int64(clamping: end - start)) }

    /// The time creations took, each counted once: the sum of their self times, which is the durations of the
    /// creations without a parent in the profile. A creation that waited for another thread's is counted with
    /// its wait.
    public var creationTime: Duration { .nanoseconds(Int64(clamping: selfTimes.values.reduce(0, &+))) }

    /// The time `creation`'s own factory and hooks took: its duration less the durations of the creations it
    /// resolved. Zero for a creation that is not in this profile.
    public func selfTime(of creation: ServiceCreation) -> Duration {
        .nanoseconds(Int64(clamping: selfTimes[creation.id] ?? 0))
    }

    /// The report (``report``).
    public var description: String { report }

    /// Makes the profile of `recorded`, which ended between `start` and `end`, among registrations that include
    /// `forwards`; their registrations, and `forwards`, must be valid.
    ///
    /// - Complexity: O(*n* log *n*) in the creations: one sort, then a few passes over arrays indexed by the
    ///   order in which they began.
    init(_ recorded: [_CreationRecord], forwards: [_AnyForwardRegistration], started: UInt64, ended: UInt64) {
        start = started
        end = ended
        let sorted = recorded.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
        var position: [UInt64: Int] = [:]
        position.reserveCapacity(sorted.count)
        for (index, record) in sorted.enumerated() { position[record.id] = index }
        // A parent begins before its children: each creation's parent comes earlier in `sorted`. A parent outside
        // the profile (made before it, or for another observer) is none here.
        let parents = sorted.map { $0.parentID == 0 ? nil : position[$0.parentID] }
        creations = sorted.indices.map { ServiceCreation(sorted[$0], parentKnown: parents[$0] != nil) }
        let durations = sorted.map { $0.end - $0.start }
        var nested = [UInt64](repeating: 0, count: sorted.count)
        for (index, parent) in parents.enumerated() { if let parent { nested[parent] &+= durations[index] } }
        let ownTimes = durations.indices.map { durations[$0] > nested[$0] ? durations[$0] - nested[$0] : 0 }
        var selfTimes: [UInt64: UInt64] = [:]
        selfTimes.reserveCapacity(sorted.count)
        for (index, record) in sorted.enumerated() { selfTimes[record.id] = ownTimes[index] }
        self.selfTimes = selfTimes
        let groups = Groups(sorted)
        services = Self.services(groups, creations, durations: durations, ownTimes: ownTimes)
        criticalPath = Self.criticalPath(creations, parents: parents, ownTimes: ownTimes)
        let onMain = sorted.indices.filter { sorted[$0].isMainThread }
        mainThread = Work(
            creations: onMain.count, time: .nanoseconds(Int64(clamping: onMain.reduce(0) { $0 &+ ownTimes[$1] })))
        unusedPermanents = Self.unusedPermanents(sorted, creations, firsts: groups.firsts, forwards: forwards)
    }

    /// The records of a profile by the registration that made them.
    private struct Groups {
        /// Each record's group, an index into `firsts`.
        var group: [Int] = []
        /// The index of each group's first record, in the order of the records.
        var firsts: [Int] = []

        /// Groups `sorted` by registration.
        ///
        /// - Complexity: O(*n*) in the records, with hashing.
        init(_ sorted: [_CreationRecord]) {
            var groupOf: [ObjectIdentifier: Int] = [:]
            group.reserveCapacity(sorted.count)
            for (index, record) in sorted.enumerated() {
                let identity = ObjectIdentifier(record.registration.takeUnretainedValue())
                if let known = groupOf[identity] {
                    group.append(known)
                } else {
                    groupOf[identity] = firsts.count
                    group.append(firsts.count)
                    firsts.append(index)
                }
            }
        }
    }

    /// The services of `creations`, grouped by registration, by self time, then time in all.
    private static func services(
        _ groups: Groups, _ creations: [ServiceCreation], durations: [UInt64], ownTimes: [UInt64]
    ) -> [Service] {
        var sums = groups.firsts.map { (first: $0, count: 0, selfTime: UInt64(0), total: UInt64(0)) }
        for (index, at) in groups.group.enumerated() {
            sums[at].count += 1
            sums[at].selfTime &+= ownTimes[index]
            sums[at].total &+= durations[index]
        }
        return sums.sorted { ($1.selfTime, $1.total) < ($0.selfTime, $0.total) }.map {
            Service(
                first: creations[$0.first], creations: $0.count, selfTime: .nanoseconds(Int64(clamping: $0.selfTime)),
                totalTime: .nanoseconds(Int64(clamping: $0.total)))
        }
    }

    /// The root-to-leaf chain of `creations` whose self times (`ownTimes`) add up to the most (the earliest, on a
    /// tie). `parents` holds each creation's parent's index, every parent before its children.
    private static func criticalPath(_ creations: [ServiceCreation], parents: [Int?], ownTimes: [UInt64])
        -> [ServiceCreation]
    {
        // In reverse order of beginning, every chain below a creation is known before the creation's own.
        var longest = ownTimes
        var next = [Int?](repeating: nil, count: creations.count)
        var below = [UInt64](repeating: 0, count: creations.count)
        for index in creations.indices.reversed() {
            longest[index] = ownTimes[index] &+ below[index]
            guard let parent = parents[index] else { continue }
            if next[parent] == nil || longest[index] >= below[parent] {
                below[parent] = longest[index]
                next[parent] = index
            }
        }
        var start: Int?
        for index in creations.indices where parents[index] == nil {
            if start == nil || longest[index] > longest[start!] { start = index }
        }
        var path: [ServiceCreation] = []
        while let index = start {
            path.append(creations[index])
            start = next[index]
        }
        return path
    }

    /// The permanents that `sorted` made for a resolve of your own code's, that none of the registrations
    /// `sorted` made resolves, directly or through one of `forwards` (as their first creations recorded; `firsts`
    /// holds each one's first record), and whose instances only their registrations hold
    /// (`_AnyRegistration.isSoleHolderOfInstance`).
    private static func unusedPermanents(
        _ sorted: [_CreationRecord], _ creations: [ServiceCreation], firsts: [Int],
        forwards: [_AnyForwardRegistration]
    ) -> [Registration] {
        let candidates = creations.indices.filter {
            creations[$0].life == .permanent && creations[$0].isNew && creations[$0].parentID == nil
        }
        guard !candidates.isEmpty else { return [] }
        let reached = reachedThrough(forwards)
        // Only a dependency on a candidate's type, or on a forward to one, can make it needed: no other is
        // copied out.
        let candidateTypes = Set(candidates.map { ObjectIdentifier(creations[$0].serviceType) })
        var wantedTypes = candidateTypes
        for (forward, target) in reached where candidateTypes.contains(target.type) { wantedTypes.insert(forward.type) }
        var needed = Set<_Identity>()
        for first in firsts {
            let registration = sorted[first].registration.takeUnretainedValue()
            registration.dependencies.forEach(whereType: wantedTypes.contains) { dependency in
                guard !dependency.missing else { return }
                let identity = _Identity(dependency.serviceType, key: dependency.key, arguments: dependency.arguments)
                needed.insert(reached[identity] ?? identity)
            }
        }
        // `creations` was made from `sorted`, in the same order.
        return candidates.filter { index in
            !needed.contains(_Identity(creations[index]))
                && sorted[index].registration._withUnsafeGuaranteedRef { $0.isSoleHolderOfInstance }
        }.map { creations[$0].registration }
    }

    /// The service a resolve through each of `forwards` reaches, by the forward's identity: its target, or, for a
    /// forward to another forward, that one's, and so on.
    ///
    /// - Complexity: O(*f*²) in the forwards at worst (a chain through all of them), O(*f*) for forwards to
    ///   registrations.
    private static func reachedThrough(_ forwards: [_AnyForwardRegistration]) -> [_Identity: _Identity] {
        var target: [_Identity: _Identity] = [:]
        for forward in forwards {
            target[_Identity(forward.serviceType, key: forward.key, arguments: [])] = _Identity(
                forward.targetType, key: forward.key, arguments: [])
        }
        // A chain of forwards ends within as many steps as there are forwards, unless it loops, which no resolve
        // completes.
        return target.mapValues { first in
            var reached = first
            for _ in 0..<target.count {
                guard let next = target[reached] else { break }
                reached = next
            }
            return reached
        }
    }
}

/// A service's identity in a profile: its type, key and argument types.
private struct _Identity: Hashable {
    let type: ObjectIdentifier
    let key: String?
    let arguments: [ObjectIdentifier]

    init(_ type: Any.Type, key: String?, arguments: [Any.Type]) {
        self.type = ObjectIdentifier(type)
        self.key = key
        self.arguments = arguments.map(ObjectIdentifier.init)
    }

    init(_ creation: ServiceCreation) {
        self.init(creation.serviceType, key: creation.key, arguments: creation.argumentTypes)
    }
}
