// The read side of every resolve through a box: the C table probe (cbox_table_find) inside a read section.
internal import CBoxTable

extension Box {
    /// The read side of every resolve: finds the registration for `typeID` and `key` in this box or its
    /// nearest ancestor that has one, and decides what the caller must do with it.
    ///
    /// Keeps the registration valid (a read section for the hash table, a retain for the Dictionary
    /// baseline) until the caller ends the lookup; pushes it onto this thread's chain when a factory will
    /// run. A ready permanent class instance is retained here and the lookup ended at once. An async
    /// registration (never ready: its instance is not kept where these fields are) is reported as
    /// `.asyncFactory`, which costs the path that runs a factory one load of a field on the cache line
    /// already read.
    ///
    /// - Complexity: O(1) on average per box searched: one XXH3 hash for the whole lineage (memoised per
    ///   thread for unkeyed lookups), then usually one probe per box. The chain is scanned only when a
    ///   factory will run.
    @usableFromInline
    final func _begin(_ typeID: ObjectIdentifier, key: String?) -> _Lookup {
        let thread = cbox_thread_current()
        let found: UnsafeMutableRawPointer?
        let holder: Unmanaged<Box>?
        if _table != nil {
            cbox_read_begin(thread)
            (found, holder) = _findInTables(_typeBits(typeID), key: key, thread: thread)
            if found == nil { cbox_read_end(thread) }
        } else {
            (found, holder) = _findInDictionaries(typeID, key: key)
        }
        guard let found else { return _Lookup(.missing) }
        _ResolutionThread.recordDependency(thread, found)
        let registration = Unmanaged<_AnyServiceBox>.fromOpaque(found)
        let isPlainTransient = registration._withUnsafeGuaranteedRef { $0.isPlainTransient }
        if !isPlainTransient {
            if let object = registration._withUnsafeGuaranteedRef({ $0._readyObject.load(ordering: .acquiring) }) {
                _ = Unmanaged<AnyObject>.fromOpaque(object).retain()
                _end(registration: found, thread: thread)
                holder?.release()
                return _Lookup(.object, value: object)
            }
            if registration._withUnsafeGuaranteedRef({ $0.isReady }) {
                return _Lookup(.ready, found, holder: holder)
            }
        }
        if let entry = cbox_chain_find(thread, found) {
            if let pending = entry.pointee.pending {
                return _Lookup(.pending, found, holder: holder, value: UnsafeMutableRawPointer(mutating: pending))
            }
            return _Lookup(.cycle, found, holder: holder)
        }
        if !isPlainTransient && registration._withUnsafeGuaranteedRef({ $0.isAsync }) {
            return _Lookup(.asyncFactory, found, holder: holder)
        }
        if _ResolutionThread.isAtDepthLimit(thread) { return _Lookup(.tooDeep, found, holder: holder) }
        _ResolutionThread.push(thread, found, records: registration._withUnsafeGuaranteedRef { $0.startsObserving() })
        // The chain entry holds the registration from here on: the factory runs outside the read section.
        if _table != nil { cbox_read_end(thread) }
        return _Lookup(.make, found, holder: holder, value: UnsafeMutableRawPointer(thread))
    }

    /// Finds the registration in this box's table or the nearest ancestor's, and that ancestor (retained,
    /// so that it outlives the lookup; `nil` for this box). The common unkeyed case is inlined into
    /// `_begin`; keys take `_findKeyedInTables`.
    @inline(__always)
    private func _findInTables(
        _ type: UnsafeRawPointer, key: String?, thread: UnsafeMutablePointer<cbox_thread>
    ) -> (UnsafeMutableRawPointer?, Unmanaged<Box>?) {
        guard let key else {
            let hash = cbox_type_hash_cached(thread, type)
            if let found = cbox_table_find(_table.unsafelyUnwrapped.handle, hash, type, nil, 0, 0) {
                return (found, nil)
            }
            return _findInAncestorTables(hash, type, UnsafeBufferPointer(start: nil, count: 0), hasKey: false)
        }
        return _findKeyedInTables(type, key: key)
    }

    /// Keyed lookups. A resolve with the very string value a key of `_notedKeyLength` bytes or more was
    /// registered with (a constant, a literal) takes the hash the table noted for it and looks the key up
    /// with the string's own bytes, which the table compares in full; anything else, including a noted
    /// hash that finds nothing, hashes the canonical bytes.
    ///
    /// - Complexity: O(1) for a noted key, otherwise O(n) in its length (hash, ASCII or NFC check); the
    ///   comparison with the key found is O(n) either way.
    @inline(never)
    private func _findKeyedInTables(_ type: UnsafeRawPointer, key: String) -> (
        UnsafeMutableRawPointer?, Unmanaged<Box>?
    ) {
        // The closures capture only trivial values: capturing self (or reading self._table inside) would
        // write a shared reference count on every keyed resolve.
        let handle = _table.unsafelyUnwrapped.handle
        let box = Unmanaged.passUnretained(self)
        let words = _stringWords(key)
        let direct = key.utf8.withContiguousStorageIfAvailable {
            bytes -> (UnsafeMutableRawPointer?, Unmanaged<Box>?)? in
            if bytes.count >= _notedKeyLength {
                var noted: UInt64 = 0
                if cbox_table_noted_hash(handle, type, words.0, words.1, &noted) {
                    let found = box._withUnsafeGuaranteedRef { $0._findKeyed(handle, noted, type, bytes) }
                    if found.0 != nil { return found }
                }
            }
            guard _isASCII(bytes) else { return nil }
            return box._withUnsafeGuaranteedRef {
                $0._findKeyed(handle, cbox_hash(type, bytes.baseAddress, bytes.count), type, bytes)
            }
        }
        if let direct = direct ?? nil { return direct }
        return _withNonASCIICanonicalUTF8(key) { bytes, _ in
            box._withUnsafeGuaranteedRef {
                $0._findKeyed(handle, cbox_hash(type, bytes.baseAddress, bytes.count), type, bytes)
            }
        }
    }

    /// Finds the key `bytes` with `hash` in this box's table (`handle`), then its ancestors'.
    @inline(__always)
    private func _findKeyed(
        _ handle: OpaquePointer, _ hash: UInt64, _ type: UnsafeRawPointer, _ bytes: UnsafeBufferPointer<UInt8>
    ) -> (UnsafeMutableRawPointer?, Unmanaged<Box>?) {
        let word = cbox_key_word(bytes.baseAddress, bytes.count, true)
        if let found = cbox_table_find(handle, hash, type, bytes.baseAddress, bytes.count, word) {
            return (found, nil)
        }
        return _findInAncestorTables(hash, type, bytes, hasKey: true)
    }

    @inline(never)
    private func _findInAncestorTables(
        _ hash: UInt64, _ type: UnsafeRawPointer, _ bytes: UnsafeBufferPointer<UInt8>, hasKey: Bool
    ) -> (UnsafeMutableRawPointer?, Unmanaged<Box>?) {
        let word = cbox_key_word(bytes.baseAddress, bytes.count, hasKey)
        var ancestor = _parent
        while let box = ancestor {
            let handle = box._table.unsafelyUnwrapped.handle
            if let found = cbox_table_find(handle, hash, type, bytes.baseAddress, bytes.count, word) {
                return (found, Unmanaged.passRetained(box))
            }
            ancestor = box._parent
        }
        return (nil, nil)
    }

    @inline(never)
    private func _findInDictionaries(_ typeID: ObjectIdentifier, key: String?) -> (
        UnsafeMutableRawPointer?, Unmanaged<Box>?
    ) {
        if let found = _dictionary.unsafelyUnwrapped.retainedRegistration(typeID: typeID, key: key) {
            return (found, nil)
        }
        var ancestor = _parent
        while let box = ancestor {
            if let found = box._dictionary.unsafelyUnwrapped.retainedRegistration(typeID: typeID, key: key) {
                return (found, Unmanaged.passRetained(box))
            }
            ancestor = box._parent
        }
        return (nil, nil)
    }

    /// Whether a resolve of `typeID` and `key` from this box would find a registration.
    ///
    /// - Complexity: O(1) on average per box searched, like a resolve; takes no lock.
    func _isRegistered(_ typeID: ObjectIdentifier, key: String?) -> Bool {
        let thread = cbox_thread_current()
        if _table != nil { cbox_read_begin(thread) }
        let (found, holder) =
            _table != nil
            ? _findInTables(_typeBits(typeID), key: key, thread: thread) : _findInDictionaries(typeID, key: key)
        defer { holder?.release() }
        guard let found else {
            if _table != nil { cbox_read_end(thread) }
            return false
        }
        _end(registration: found, thread: thread)
        return true
    }

    /// Ends what `_begin` started for the registration: the read section, or the Dictionary's retain.
    @inline(__always)
    private func _end(registration: UnsafeMutableRawPointer, thread: UnsafeMutablePointer<cbox_thread>) {
        if _table != nil {
            cbox_read_end(thread)
        } else {
            Unmanaged<_AnyServiceBox>.fromOpaque(registration).release()
        }
    }

    /// Ends a `.ready` or `.pending` lookup.
    @usableFromInline
    final func _endRead(_ lookup: _Lookup) {
        _end(registration: lookup.registration.unsafelyUnwrapped, thread: cbox_thread_current())
        lookup.holder?.release()
    }

    /// Ends an `.asyncFactory` lookup for an async resolve, which must not suspend inside a read section:
    /// returns the registration and the box holding it (`nil` for this one) as strong references, so that
    /// they outlive the lookup while the factory runs.
    @usableFromInline
    final func _endAsync(_ lookup: _Lookup) -> (registration: _AnyServiceBox, holder: Box?) {
        let raw = lookup.registration.unsafelyUnwrapped
        let registration = Unmanaged<_AnyServiceBox>.fromOpaque(raw).retain().takeRetainedValue()
        _end(registration: raw, thread: cbox_thread_current())
        return (registration, lookup.holder?.takeRetainedValue())
    }

    /// Ends a `.make` lookup: pops the chain entry `_begin` pushed (which held a hash table's registration
    /// while its factory ran), or gives back the Dictionary's retain.
    @usableFromInline
    final func _endMake(_ lookup: _Lookup) {
        _ResolutionThread.pop(lookup.value.unsafelyUnwrapped.assumingMemoryBound(to: cbox_thread.self))
        if _table == nil { Unmanaged<_AnyServiceBox>.fromOpaque(lookup.registration.unsafelyUnwrapped).release() }
        lookup.holder?.release()
    }

    /// Resolves one known registration (the type-erased `ServiceStoring.service(_:)` path).
    func _resolve<Service>(registration: _ServiceBox<Service>) -> Service {
        if registration.isReady { return registration.readyInstance }
        let thread = cbox_thread_current()
        let raw = Unmanaged.passUnretained(registration).toOpaque()
        _ResolutionThread.recordDependency(thread, raw)
        if let entry = cbox_chain_find(thread, raw) {
            if let pending = entry.pointee.pending { return pending.assumingMemoryBound(to: Service.self).pointee }
            _trap(_cycleError(registration))
        }
        if _ResolutionThread.isAtDepthLimit(thread) { _trap(_tooDeepError(registration)) }
        _ResolutionThread.push(thread, raw, records: registration.startsObserving())
        defer { _ResolutionThread.pop(cbox_thread_current()) }
        if registration.life == .transient || registration.life == .graph {
            return registration.make(resolvingFrom: self, holder: nil)
        }
        let holder = _holder(of: registration) ?? self
        return withExtendedLifetime(holder) {
            registration.make(resolvingFrom: self, holder: Unmanaged.passUnretained(holder))
        }
    }

    /// The box in this box's lineage that holds `registration`, if any.
    private func _holder(of registration: _AnyServiceBox) -> Box? {
        var current: Box? = self
        while let box = current {
            if box._storage.registrations.contains(where: { $0 === registration }) { return box }
            current = box._parent
        }
        return nil
    }

    /// Turns a `.missing`, `.cycle`, `.asyncFactory` or `.tooDeep` lookup into its error, ending the lookup.
    /// `arguments` are the types of the runtime arguments the resolve passed (none for a plain resolve).
    @usableFromInline
    final func _failure(_ lookup: _Lookup, type: Any.Type, key: String?, arguments: [Any.Type] = []) -> BoxError {
        guard lookup.state != .missing, let raw = lookup.registration else {
            return _missingError(type, key: key, arguments: arguments)
        }
        let registration = Unmanaged<_AnyServiceBox>.fromOpaque(raw).takeUnretainedValue()
        let error =
            switch lookup.state {
            case .cycle: _cycleError(registration)
            case .tooDeep: _tooDeepError(registration)
            default: _asyncFactoryError(registration)
            }
        _endRead(lookup)
        return error
    }
}
