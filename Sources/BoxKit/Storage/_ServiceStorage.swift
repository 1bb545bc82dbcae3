/// The write side and introspection every registry backend provides, so that the hash-table box and the
/// Dictionary baseline are interchangeable behind ``Box``. (The read side is backend-specific and lives in
/// `Box._begin`, where it is one direct call; so is the insert, `_Registry.insert`, since the hash table's
/// first one publishes the table it makes in the box.)
protocol _ServiceStorage: AnyObject, Sendable {
    /// Replaces `old` with `new` (a registration of the same identity and key) if `old` is still the one
    /// stored; returns whether it was. `new` takes `old`'s place in the registration order.
    func replace(_ old: _AnyRegistration, with new: _AnyRegistration, typeID: ObjectIdentifier) -> Bool
    /// Removes the registration for the identity and key; returns whether there was one.
    @discardableResult
    func remove(typeID: ObjectIdentifier, key: String?) -> Bool
    /// Removes every registration, releasing factories and permanent instances once no reader uses them.
    func removeAll()
    /// The number of registrations.
    var count: Int { get }
    /// Every registration, in no particular order.
    var registrations: [_AnyRegistration] { get }
    /// Advanced after every insert, remove and clear, and when the storage is destroyed: a
    /// ``ServiceProvider`` that saw the same value before and after may keep the registration it found. Only
    /// under the storage's writer lock or in its `deinit`: `_WriteGeneration.advance()` counts for one writer
    /// at a time (two at once could both store the same value, and a provider would miss a write).
    var generation: _WriteGeneration { get }
    /// The registration for the identity and key in this storage alone (no ancestors), or `nil`.
    func registration(typeID: ObjectIdentifier, key: String?) -> _AnyRegistration?
}
