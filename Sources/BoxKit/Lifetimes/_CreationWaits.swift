/// Which async creation is waiting for which: how a cycle through async factories that started from two
/// ends at once is found instead of awaited for ever.
///
/// A permanent or weak async registration is created by one task, which every resolve of it awaits. Two such
/// creations that need each other, started by two tasks at once (A's creation resolving B while B's resolves
/// A), would each await the other: neither task's own chain holds the other registration, so
/// `_ResolutionTask.contains` does not see it. Here, a creation task records the registration whose creation
/// it awaits; before awaiting one, a task follows those records from it, and if they lead back to a
/// registration whose factory is running in this task, awaiting would never end: the resolve fails with
/// `.cycle` instead.
enum _CreationWaits {
    /// The registration each creation in progress awaits, by the registration it creates. Strong references,
    /// removed when the wait ends.
    private static let awaits = _Locked<[ObjectIdentifier: _AnyRegistration]>([:])

    /// Notes that the current task is about to await `target`'s creation, unless that creation (through the
    /// creations it awaits) waits for a registration whose factory is running in this task; then returns
    /// `false` and notes nothing.
    ///
    /// - Complexity: O(*n*·*m*) in the creations awaited one after another from `target` and the length of
    ///   this task's chain; both are short.
    static func begin(awaiting target: _AnyRegistration) -> Bool {
        let chain = _ResolutionTask.chain
        let creating = _ResolutionTask.creating
        return awaits.withLock { awaits in
            var current = target
            for _ in 0...awaits.count {
                guard let next = awaits[ObjectIdentifier(current)] else { break }
                if chain.contains(where: { $0 === next }) { return false }
                current = next
            }
            if let creating { awaits[ObjectIdentifier(creating)] = target }
            return true
        }
    }

    /// Ends what `begin(awaiting:)` noted for the current task.
    static func end() {
        guard let creating = _ResolutionTask.creating else { return }
        let released = awaits.withLock { $0.removeValue(forKey: ObjectIdentifier(creating)) }
        withExtendedLifetime(released) {}  // released after unlocking
    }
}
