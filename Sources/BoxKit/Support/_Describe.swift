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
