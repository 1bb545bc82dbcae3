// `.perArguments`: one instance per value of the runtime arguments, kept in the registration's
// `_ArgumentInstances`, found and made without holding a lock or a read section while the arguments are
// hashed or compared.

extension _ArgumentRegistration {
    /// The entries of this registration's store.
    @usableFromInline
    typealias Entry = _ArgumentInstanceOf<First, repeat each Rest>

    /// `.perArguments`' rule, for a `.perArguments` lookup, which holds the registration on this thread's
    /// chain, outside any read section: the instance kept for arguments equal to `first` and `rest`, or a
    /// new one, made once per value with `holder` (the box that holds the registration; `origin` when
    /// `nil`).
    ///
    /// A hit hashes the arguments (the user's code), finds the first entry with that hash in a short read
    /// section, then compares the arguments (the user's code again) after leaving it
    /// (`_ArgumentInstances.cachedInstance`). Anything else (no entry, one still being made, another value
    /// with the same hash) takes `makePerArguments`.
    ///
    /// - Throws: ``BoxError/Reason/cycle`` when making the instance for these arguments needs it (their
    ///   factory, on this thread, resolves the same value).
    /// - Complexity: O(1) on average: one hash of the arguments, one probe, one comparison, one retain;
    ///   no lock and no allocation.
    @inlinable @inline(__always)
    func perArgumentsInstance(
        resolvingFrom origin: Box, holder: Unmanaged<Box>?, arguments first: First, _ rest: repeat each Rest
    ) throws(BoxError) -> Service {
        // The store is borrowed from the registration, which the lookup holds: no retain while the user's
        // hashing runs.
        let (hash, found) = Unmanaged.passUnretained(instances.unsafelyUnwrapped)._withUnsafeGuaranteedRef {
            instances in
            let hash = instances.hash(first, repeat each rest)
            return (hash, instances.cachedInstance(as: Service.self, hash: hash, arguments: first, repeat each rest))
        }
        if let found { return found }
        return try makePerArguments(
            resolvingFrom: origin, holder: holder, hash: hash, arguments: first, repeat each rest)
    }

    /// `perArgumentsInstance` past a hit: compares the arguments with every entry of their hash, and
    /// returns the instance of the equal one, or inserts an entry for them and makes its instance. Arguments
    /// that equal nothing, not even themselves (a `NaN`), get a new entry on every resolve.
    @usableFromInline
    func makePerArguments(
        resolvingFrom origin: Box, holder: Unmanaged<Box>?, hash: Int, arguments first: First,
        _ rest: repeat each Rest
    ) throws(BoxError) -> Service {
        let instances = self.instances.unsafelyUnwrapped
        guard instances.equal(first, repeat each rest, to: first, repeat each rest) else {
            let entry = Entry(hash: instances.scatteredHash(), arguments: first, repeat each rest)
            _ = instances.insert(entry, ifNoneInsertedSince: nil)
            return try instance(of: entry, resolvingFrom: origin, holder: holder, arguments: first, repeat each rest)
        }
        // Unequal entries already compared, kept alive so that no other entry takes their addresses.
        var compared: [_ArgumentInstance] = []
        var made: Entry?
        while true {
            let (found, version) = instances.entries(withHash: hash)
            for candidate in found where !compared.contains(where: { $0 === candidate }) {
                let entry = unsafeDowncast(candidate, to: Entry.self)
                if instances.equal(entry.first, repeat each entry.rest, to: first, repeat each rest) {
                    return try instance(
                        of: entry, resolvingFrom: origin, holder: holder, arguments: first, repeat each rest)
                }
                compared.append(candidate)
            }
            let entry = made ?? Entry(hash: hash, arguments: first, repeat each rest)
            made = entry
            if instances.insert(entry, ifNoneInsertedSince: version) {
                return try instance(
                    of: entry, resolvingFrom: origin, holder: holder, arguments: first, repeat each rest)
            }
        }
    }

    /// The instance of `entry`, whose arguments equal `first` and `rest`: the one kept; the one this thread's
    /// hooks are running on; or, once this thread holds the entry's claim (waiting while another thread makes
    /// it), the one made meanwhile or made now. Only the entry is claimed: resolves of other values of this
    /// registration, this thread's own included, go on meanwhile.
    private func instance(
        of entry: Entry, resolvingFrom origin: Box, holder: Unmanaged<Box>?, arguments first: First,
        _ rest: repeat each Rest
    ) throws(BoxError) -> Service {
        if entry.isReady { return entry.instance(as: Service.self) }
        if entry.creator == _ResolutionThread.identity {
            guard let pending = entry.pending else { throw origin._error(.cycle, of: self) }
            return pending.assumingMemoryBound(to: Service.self).pointee
        }
        return _ResolutionThread.withCreationClaim(entry.creation, creator: entry.creatorWord) {
            if entry.isReady { return entry.instance(as: Service.self) }
            entry.creator = _ResolutionThread.identity
            defer { entry.creator = 0 }
            if !hasPlainCreations { _ResolutionThread.beginCreation(of: self) }
            let resolver = holder?.takeUnretainedValue() ?? origin
            let made = factory(resolver, first, repeat each rest)
            if hasHooks {
                withUnsafePointer(to: made) { pointer in
                    entry.pending = UnsafeRawPointer(pointer)
                    runHooks(made, resolver: resolver)
                    entry.pending = nil
                }
            }
            entry.keep(made)
            return made
        }
    }
}
