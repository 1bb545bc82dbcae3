// The read side of every resolve through a box: the C table's type index (cbox_table_index_entry) or its
// probe (cbox_table_find_slot), with the ready objects cbox_table_publish_ready publishes in both, inside a
// read section.
internal import CBoxAtomics
internal import CBoxRuntime
internal import CBoxTable

extension Box {
    /// The C table of this box's hash-table registry (`nil` for the Dictionary baseline): the table a resolve
    /// probes, one load from the box rather than two through the registry object (`_registry.table`, which
    /// owns the table and serialises its writes). The shared empty table (`cbox_table_empty`), in which every
    /// lookup misses, until the first registration, which publishes the table it makes in `_tableWord`
    /// (`_HashTableStorage.insert`) before it returns; it changes no more after that. Valid for as long as the
    /// box lives: `_registry` holds the `_HashTableStorage` that owns the table and destroys it only in its
    /// own `deinit`.
    var _table: OpaquePointer? {
        @inline(__always) get {
            let word = cbox_atomic_load(_tableWordAddress, CBOX_ATOMIC_ACQUIRE)
            return OpaquePointer(bitPattern: UInt(truncatingIfNeeded: word))
        }
    }

    /// The word of `_table`, where the first registration publishes the table it makes.
    var _tableWord: _AtomicWord {
        @inline(__always) get { _AtomicWord(_tableWordAddress) }
    }

    /// Word 1 of the box's atomic words (`Box._words`).
    private var _tableWordAddress: UnsafeMutablePointer<UInt64> {
        @inline(__always) get { _getUnsafePointerToStoredProperties(self).assumingMemoryBound(to: UInt64.self) + 1 }
    }

    /// The read side of every resolve: finds the registration for `typeID` and `key` in this box or its
    /// nearest ancestor that has one, and decides what the caller must do with it
    /// (`_ResolutionThread.decide`).
    ///
    /// Keeps the registration valid (a read section for the hash table, a retain for the Dictionary
    /// baseline) until the caller ends the lookup, or until a factory is about to run: its chain entry holds
    /// the registration from then on.
    ///
    /// A resolve without a key or with a short ASCII key looks in the box's type index first. A ready object
    /// published there or in its slot of this box's table is returned without reading the registration
    /// (`_ready`): a ready permanent class instance (`_publish(readyObject:of:)`), or a forward's target
    /// (`_HashTableStorage.publish(forwarded:of:)`). `wide` says that the service type is not one reference,
    /// so that a ready object can only be a forward's target, handed over by the forward's template.
    ///
    /// Inlined where the resolve is, so that a resolve without a key calls `_beginUnkeyed`, and one with a
    /// key `_beginKeyed`, directly (their `Wide` twins for a wide service type): each has the frame its own
    /// path needs.
    ///
    /// - Complexity: O(1) on average per box searched. A lookup that the box's type index holds reads one
    ///   entry of it; otherwise one XXH3 hash for the whole lineage (memoised per thread for unkeyed
    ///   lookups), then usually one probe per box. The chain is scanned only when a factory will run.
    @inlinable @inline(__always)
    final func _begin(_ typeID: ObjectIdentifier, key: String?, wide: Bool = false) -> _Lookup {
        guard let key else { return wide ? _beginUnkeyedWide(typeID) : _beginUnkeyed(typeID) }
        return wide ? _beginKeyedWide(typeID, key: key) : _beginKeyed(typeID, key: key)
    }

    /// `_begin` for a resolve of `Service`, wide unless it is the size of one reference (a class, or
    /// `AnyObject`: the only such types whose instances are published; see `_ready`).
    @inlinable @inline(__always)
    final func _begin<Service>(_ type: Service.Type, key: String?) -> _Lookup {
        _begin(ObjectIdentifier(type), key: key, wide: MemoryLayout<Service>.size != MemoryLayout<AnyObject>.size)
    }

    /// `_begin` for a type alone, of one reference.
    @usableFromInline
    final func _beginUnkeyed(_ typeID: ObjectIdentifier) -> _Lookup { _beginUnkeyed(typeID, wide: false) }

    /// `_begin` for a wide type alone.
    @usableFromInline
    final func _beginUnkeyedWide(_ typeID: ObjectIdentifier) -> _Lookup { _beginUnkeyed(typeID, wide: true) }

    /// `_begin` with a key, for a type of one reference.
    @usableFromInline
    final func _beginKeyed(_ typeID: ObjectIdentifier, key: String) -> _Lookup {
        _beginKeyed(typeID, key: key, wide: false)
    }

    /// `_begin` with a key, for a wide type.
    @usableFromInline
    final func _beginKeyedWide(_ typeID: ObjectIdentifier, key: String) -> _Lookup {
        _beginKeyed(typeID, key: key, wide: true)
    }

    /// `_begin` for a type alone. Nearly every resolve finds it in the type index, which this function
    /// handles itself; the rest takes `_beginUnindexed`, out of line, so that this one keeps a small frame.
    @inline(__always)
    private func _beginUnkeyed(_ typeID: ObjectIdentifier, wide: Bool) -> _Lookup {
        guard let table = _table else { return _beginInDictionaries(typeID, key: nil) }
        let reader = cbox_reader_current()
        cbox_read_begin(reader)
        let type = _typeBits(typeID)
        let (ready, indexed) = _read(cbox_table_type_entry(table, type), wide: wide, reader: reader)
        if let ready { return ready }
        guard let indexed else { return _beginUnindexed(type, wide: wide, reader: reader) }
        return _decide(indexed, holder: nil, reader: reader)
    }

    /// `_beginUnkeyed` for a type that the type index does not hold, inside the read section `reader`
    /// entered: the probe of this box's table, then its ancestors'.
    @inline(never)
    private func _beginUnindexed(_ type: UnsafeRawPointer, wide: Bool, reader: UnsafeMutablePointer<cbox_reader>)
        -> _Lookup
    {
        let (found, holder, object) = _probeTables(type, key: nil, reader: reader)
        if let object, let ready = _ready(object, of: found, wide: wide, reader: reader) { return ready }
        return _decide(found, holder: holder, reader: reader)
    }

    /// `_begin` with a key: `_findKeyedInTables`, with the ready object published in the type index (for a
    /// short key) or in the key's slot of this box's table.
    @inline(__always)
    private func _beginKeyed(_ typeID: ObjectIdentifier, key: String, wide: Bool) -> _Lookup {
        guard backend == .hashTable else { return _beginInDictionaries(typeID, key: key) }
        let reader = cbox_reader_current()
        cbox_read_begin(reader)
        let (found, holder, object) = _findKeyedInTables(_typeBits(typeID), key: key)
        if let object, let ready = _ready(object, of: found, wide: wide, reader: reader) { return ready }
        return _decide(found, holder: holder, reader: reader)
    }

    /// What a type index entry (if the index holds the identity) gives a lookup inside the read section
    /// `reader` entered: the lookup of its published ready object (`_ready`), or the registration it holds.
    @inline(__always)
    private func _read(
        _ entry: UnsafePointer<cbox_type_entry>?, wide: Bool, reader: UnsafeMutablePointer<cbox_reader>
    ) -> (ready: _Lookup?, indexed: UnsafeMutableRawPointer?) {
        guard let entry else { return (nil, nil) }
        if let object = cbox_type_entry_ready(entry),
            let ready = _ready(object, of: wide ? cbox_type_entry_value(entry) : nil, wide: wide, reader: reader)
        {
            return (ready, nil)
        }
        return (nil, cbox_type_entry_value(entry))
    }

    /// The lookup of `object`, published in the entry of `found` (in this box's table), inside the read section
    /// `reader` entered, as `_ResolutionThread.decide(readyObject:thread:)` makes it (`nil` while the thread
    /// records a first creation's dependencies, and whenever the registration must decide). For a service type
    /// of one reference, `object` is the service: `.object`. For a wide one it can only be a forward's target:
    /// a permanent instance is published only when it is one class reference as its service type stores it,
    /// and a forward's target only when the forward has a template (`_HashTableStorage.publish(forwarded:of:)`).
    /// Then the lookup is `.forwarded`, by the template of `found`, read while the read section holds it.
    ///
    /// An entry's value and ready word are two loads: a write between them may have put another registration
    /// in the entry than the forward that published `object`. So `found` must be a forward whose template fits
    /// the class of `object`; it then writes `object` as the forward that published it would (a template
    /// depends only on the class and the forwarded type), and `object` was that entry's target at the moment
    /// its ready word was read. Anything else goes the registration's way.
    @inline(__always)
    private func _ready(
        _ object: UnsafeMutableRawPointer, of found: UnsafeMutableRawPointer?, wide: Bool,
        reader: UnsafeMutablePointer<cbox_reader>
    ) -> _Lookup? {
        guard wide else { return _ResolutionThread.decide(readyObject: object, thread: cbox_thread_of(reader)) }
        guard let found, Unmanaged<_AnyRegistration>.fromOpaque(found)._withUnsafeGuaranteedRef({ $0.isForward })
        else { return nil }
        let forward = Unmanaged<_AnyForwardRegistration>.fromOpaque(found)
        guard let template = forward._withUnsafeGuaranteedRef({ $0.template }),
            forward._withUnsafeGuaranteedRef({ $0.template(template, fits: object) }),
            let ready = _ResolutionThread.decide(readyObject: object, thread: cbox_thread_of(reader))
        else { return nil }
        return _Lookup(.forwarded, template, payload: ready.object)
    }

    /// The end of `_begin`, inside the read section `reader` entered: `.missing` (ending the section) when
    /// nothing was found, otherwise `_ResolutionThread.decide`, and `_readyForward` for a forward (a check
    /// that folds away on every other path `decide` inlines).
    @inline(__always)
    private func _decide(
        _ found: UnsafeMutableRawPointer?, holder: Unmanaged<Box>?, reader: UnsafeMutablePointer<cbox_reader>
    ) -> _Lookup {
        guard let found else {
            cbox_read_end(reader)
            return _Lookup(failed: .missing)
        }
        let lookup = _ResolutionThread.decide(
            found, holder: holder, thread: cbox_thread_of(reader), hold: .readSection)
        return lookup.state == .forward ? _readyForward(found, holder: holder, reader: reader) : lookup
    }

    /// What `_decide` answers for `found`, a forward, inside the read section `reader` entered: when its
    /// target is ready in this box (`_readyTarget`) and its template was made from an instance of the
    /// target's class, the `.forwarded` lookup, the instance retained and the lookup ended, as `decide` does
    /// for a ready object; otherwise `decide`'s `.forward` lookup, its read section open. A forward has a
    /// template only once a resolve through it has taken the general path, which recorded its dependency on
    /// the target.
    ///
    /// The first such resolve of a forward this box holds publishes the target in the forward's own entry
    /// (`_HashTableStorage.publish(forwarded:of:)`), where later resolves read it as a permanent's (`_ready`).
    ///
    /// - Complexity: O(1): one entry of the type index and one comparison.
    @inline(never)
    private func _readyForward(
        _ found: UnsafeMutableRawPointer, holder: Unmanaged<Box>?, reader: UnsafeMutablePointer<cbox_reader>
    ) -> _Lookup {
        let forward = Unmanaged<_AnyForwardRegistration>.fromOpaque(found)
        guard let template = forward._withUnsafeGuaranteedRef({ $0.template }), let object = _readyTarget(forward),
            forward._withUnsafeGuaranteedRef({ $0.template(template, fits: object) })
        else { return _Lookup(.forward, found, holder: holder) }
        let target = Unmanaged<AnyObject>.fromOpaque(object).retain()
        let publishes = holder == nil && forward._withUnsafeGuaranteedRef { $0.claimPublication() }
        // Retained past the read section, in which alone the table keeps it valid.
        if publishes { _ = forward.retain() }
        cbox_read_end(reader)
        holder?.release()
        if publishes {
            _registry.table?.publish(forwarded: target, of: forward._withUnsafeGuaranteedRef { $0 })
            forward.release()
        }
        return _Lookup(.forwarded, template, payload: object)
    }

    /// `_begin` for the Dictionary baseline, out of the hash table's way: the registration found is held by a
    /// retain.
    @inline(never)
    private func _beginInDictionaries(_ typeID: ObjectIdentifier, key: String?) -> _Lookup {
        let (found, holder) = _findInDictionaries(typeID, key: key)
        guard let found else { return _Lookup(failed: .missing) }
        return _ResolutionThread.decide(found, holder: holder, thread: cbox_thread_current(), hold: .retain)
    }

    /// Finds the registration in this box's table or the nearest ancestor's, and that ancestor (retained,
    /// so that it outlives the lookup; `nil` for this box): an unkeyed one in the table's type index first,
    /// which needs no hash, then by `_probeTables` (whose keyed lookups read the index too).
    @inline(__always)
    private func _findInTables(
        _ type: UnsafeRawPointer, key: String?, reader: UnsafeMutablePointer<cbox_reader>
    ) -> (UnsafeMutableRawPointer?, Unmanaged<Box>?) {
        if key == nil, let found = cbox_table_find_type(_table.unsafelyUnwrapped, type) { return (found, nil) }
        let (found, holder, _) = _probeTables(type, key: key, reader: reader)
        return (found, holder)
    }

    /// `_findInTables` past the unkeyed type index: the probe of this box's table, then its ancestors', with
    /// the ready object published in this box's slot, if any. The unkeyed case is inlined into
    /// `_beginUnindexed` and `_findInTables`; keys take `_findKeyedInTables`, which reads the index for a short
    /// key first.
    @inline(__always)
    private func _probeTables(
        _ type: UnsafeRawPointer, key: String?, reader: UnsafeMutablePointer<cbox_reader>
    ) -> (UnsafeMutableRawPointer?, Unmanaged<Box>?, ready: UnsafeMutableRawPointer?) {
        guard let key else {
            return _findByHash(
                _table.unsafelyUnwrapped, cbox_type_hash_cached(reader, type), type,
                UnsafeBufferPointer(start: nil, count: 0), word: cbox_key_word(nil, 0, false))
        }
        return _findKeyedInTables(type, key: key)
    }

    /// Keyed lookups. An ASCII key of at most 7 bytes held inside the string value (`_shortASCIIKey`) is
    /// looked for in the type index first, like a type alone, with the ready object published there, if any;
    /// otherwise it is hashed and compared from that value's first word, without reading the string through a
    /// view. Any other key takes `_findKeyedThroughUTF8InTables`.
    ///
    /// The string value's words are read here, not by the callers: a read through a value's address stays in
    /// this out-of-line frame, so that `_beginKeyed`, on every keyed resolve's path, takes the address of no
    /// local.
    ///
    /// - Complexity: O(1) for a short key, otherwise that of `_findKeyedThroughUTF8InTables`.
    @inline(never)
    private func _findKeyedInTables(_ type: UnsafeRawPointer, key: String) -> (
        UnsafeMutableRawPointer?, Unmanaged<Box>?, ready: UnsafeMutableRawPointer?
    ) {
        let words = _stringWords(key)
        guard let short = _shortASCIIKey(words) else {
            return _findKeyedThroughUTF8InTables(type, key: key, words: words)
        }
        let table = _table.unsafelyUnwrapped
        let word = cbox_key_word_inline(short.bytes, short.count)
        if let entry = cbox_table_index_entry(table, type, word), let found = cbox_type_entry_value(entry) {
            return (found, nil, cbox_type_entry_ready(entry))
        }
        var packed = short.bytes
        return withUnsafeBytes(of: &packed) { raw in
            let bytes = UnsafeBufferPointer(
                start: raw.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt8.self), count: short.count)
            return _findByHash(table, cbox_hash(type, bytes.baseAddress, bytes.count), type, bytes, word: word)
        }
    }

    /// Keyed lookups through the key's UTF-8 bytes, for every key `_shortASCIIKey` does not recognise;
    /// `words` are the string value's. A resolve with the very string value a key of `_notedKeyLength` bytes
    /// or more was registered with (a constant, a literal) takes the hash the table noted for it and looks
    /// the key up with the string's own bytes, which the table compares in full; anything else, including a
    /// noted hash that finds nothing, hashes the canonical bytes.
    ///
    /// - Complexity: O(1) for a noted key, otherwise O(n) in its length (hash, ASCII or NFC check); the
    ///   comparison with the key found is O(n) either way.
    @inline(__always)
    private func _findKeyedThroughUTF8InTables(_ type: UnsafeRawPointer, key: String, words: (UInt64, UInt64)) -> (
        UnsafeMutableRawPointer?, Unmanaged<Box>?, ready: UnsafeMutableRawPointer?
    ) {
        // The closures capture only trivial values: capturing self (or reading self._table inside) would
        // write a shared reference count on every keyed resolve.
        let handle = _table.unsafelyUnwrapped
        let box = Unmanaged.passUnretained(self)
        let direct = key.utf8.withContiguousStorageIfAvailable {
            bytes -> (UnsafeMutableRawPointer?, Unmanaged<Box>?, ready: UnsafeMutableRawPointer?)? in
            if bytes.count >= _notedKeyLength {
                var noted: UInt64 = 0
                if cbox_table_noted_hash(handle, type, words.0, words.1, &noted) {
                    let found = box._withUnsafeGuaranteedRef { $0._findByHash(handle, noted, type, bytes) }
                    if found.0 != nil { return found }
                }
            }
            guard _isASCII(bytes) else { return nil }
            return box._withUnsafeGuaranteedRef {
                $0._findByHash(handle, cbox_hash(type, bytes.baseAddress, bytes.count), type, bytes)
            }
        }
        if let direct = direct ?? nil { return direct }
        return _withNonASCIICanonicalUTF8(key) { bytes, _ in
            box._withUnsafeGuaranteedRef {
                $0._findByHash(handle, cbox_hash(type, bytes.baseAddress, bytes.count), type, bytes)
            }
        }
    }

    /// Finds the key `bytes` (none, when `word` is `CBOX_KEY_NONE`) with `hash` in this box's table
    /// (`handle`), with the ready object published in its slot, if any; then in its ancestors' tables. `word`
    /// is the key's `cbox_key_word` (computed here from the bytes of a key when `nil`).
    @inline(__always)
    private func _findByHash(
        _ handle: OpaquePointer, _ hash: UInt64, _ type: UnsafeRawPointer, _ bytes: UnsafeBufferPointer<UInt8>,
        word: UInt64? = nil
    ) -> (UnsafeMutableRawPointer?, Unmanaged<Box>?, ready: UnsafeMutableRawPointer?) {
        let word = word ?? cbox_key_word(bytes.baseAddress, bytes.count, true)
        if let slot = cbox_table_find_slot(handle, hash, type, bytes.baseAddress, bytes.count, word) {
            return (cbox_slot_value(slot), nil, cbox_slot_ready(slot))
        }
        let (found, holder) = _findInAncestorTables(hash, type, bytes, word: word)
        return (found, holder, nil)
    }

    /// Finds the key `bytes`, whose key word is `word`, with `hash` in the ancestors' tables, nearest first.
    @inline(never)
    private func _findInAncestorTables(
        _ hash: UInt64, _ type: UnsafeRawPointer, _ bytes: UnsafeBufferPointer<UInt8>, word: UInt64
    ) -> (UnsafeMutableRawPointer?, Unmanaged<Box>?) {
        for registry in _ancestors {
            let handle = registry.table.unsafelyUnwrapped.handle
            if let found = cbox_table_find(handle, hash, type, bytes.baseAddress, bytes.count, word) {
                return (found, registry.box.map { Unmanaged.passRetained($0) })
            }
        }
        return (nil, nil)
    }

    @inline(never)
    private func _findInDictionaries(_ typeID: ObjectIdentifier, key: String?) -> (
        UnsafeMutableRawPointer?, Unmanaged<Box>?
    ) {
        for registry in _lineage {
            if let found = registry.dictionary.unsafelyUnwrapped.retainedRegistration(typeID: typeID, key: key) {
                return (found, registry === _registry ? nil : registry.box.map { Unmanaged.passRetained($0) })
            }
        }
        return (nil, nil)
    }

    /// Whether a resolve of `typeID` and `key` from this box would find a registration.
    ///
    /// - Complexity: O(1) on average per box searched, like a resolve; takes no lock.
    func _isRegistered(_ typeID: ObjectIdentifier, key: String?) -> Bool {
        let reader = cbox_reader_current()
        if backend == .hashTable { cbox_read_begin(reader) }
        let (found, holder) =
            backend == .hashTable
            ? _findInTables(_typeBits(typeID), key: key, reader: reader) : _findInDictionaries(typeID, key: key)
        defer { holder?.release() }
        guard let found else {
            if backend == .hashTable { cbox_read_end(reader) }
            return false
        }
        _ResolutionThread.end(_hold, of: found, reader: reader)
        return true
    }
}
