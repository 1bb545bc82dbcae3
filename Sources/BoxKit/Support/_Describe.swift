/// Formats a service type, key and argument types the way BoxKit's messages do (as the overload below does
/// their names).
func _describe(_ type: Any.Type, key: String?, arguments: [Any.Type] = []) -> String {
    _describe(serviceType: String(reflecting: type), key: key, arguments: _names(arguments))
}

/// Formats the names of a service type and its argument types, and a key: `Module.Car`,
/// `Module.Car[key: "BMW"]`, `Module.Car[arguments: (Swift.String)]` or
/// `Module.Car[key: "BMW", arguments: (Swift.String, Swift.Int)]`.
func _describe(serviceType: String, key: String?, arguments: [String]) -> String {
    var qualifiers: [String] = []
    if let key { qualifiers.append("key: \(String(reflecting: key))") }
    if !arguments.isEmpty { qualifiers.append("arguments: \(_signature(arguments))") }
    return qualifiers.isEmpty ? serviceType : "\(serviceType)[\(qualifiers.joined(separator: ", "))]"
}

/// A list of argument type names as messages show it: `(Swift.String, Swift.Int)`.
func _signature(_ argumentTypes: [String]) -> String {
    "(" + argumentTypes.joined(separator: ", ") + ")"
}

/// The fully qualified names of `types`, as messages and introspection report argument types.
func _names(_ types: [Any.Type]) -> [String] {
    types.map { String(reflecting: $0) }
}
