extension CreationProfile {
    /// The profile as Chrome trace event JSON, which Perfetto (ui.perfetto.dev) and `chrome://tracing` open: one
    /// complete event (`"ph": "X"`) per creation, on one track per thread, so that each creation's slice sits
    /// inside the slice of the creation it was made for. Times are in microseconds from the profile's start.
    ///
    /// ```swift
    /// try profile.chromeTrace().write(toFile: "launch.json", atomically: true, encoding: .utf8)
    /// ```
    ///
    /// Each event's `args` hold the creation's `id`, its `parent` (when it has one), its `key` (when it has
    /// one), its lifetime and whether it made a `new` instance. The main thread's track is named "main thread".
    ///
    /// - Returns: The JSON text.
    /// - Complexity: O(*n*) in the creations.
    public func chromeTrace() -> String {
        var tracks: [UInt64: Int] = [:]
        var names: [String] = []
        var events: [String] = []
        for creation in creations {
            let track: Int
            if let known = tracks[creation.thread] {
                track = known
            } else {
                track = tracks.count + 1
                tracks[creation.thread] = track
                let name = creation.isMainThread ? "main thread" : "thread \(track)"
                names.append(
                    #"{"name":"thread_name","ph":"M","pid":1,"tid":\#(track),"args":{"name":\#(_json(name))}}"#)
            }
            var args = [#""id":\#(creation.id)"#]
            if let parent = creation.parentID { args.append(#""parent":\#(parent)"#) }
            if let key = creation.key { args.append(#""key":\#(_json(key))"#) }
            args.append(#""life":\#(_json("\(creation.life)"))"#)
            args.append(#""new":\#(creation.isNew)"#)
            let begin = creation.start > start ? creation.start - start : 0
            events.append(
                #"{"name":\#(_json(creation.service)),"cat":"BoxKit","ph":"X","ts":\#(_decimal(begin, places: 3)),"#
                    + #""dur":\#(_decimal(creation.end - creation.start, places: 3)),"pid":1,"tid":\#(track),"#
                    + #""args":{\#(args.joined(separator: ","))}}"#)
        }
        return #"{"displayTimeUnit":"ms","traceEvents":["# + (names + events).joined(separator: ",\n") + "]}\n"
    }
}

/// `text` as a JSON string literal.
private func _json(_ text: String) -> String {
    var escaped = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": escaped += "\\\""
        case "\\": escaped += "\\\\"
        case "\n": escaped += "\\n"
        case "\r": escaped += "\\r"
        case "\t": escaped += "\\t"
        case _ where scalar.value < 0x20:
            let hex = String(scalar.value, radix: 16)
            escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: escaped.unicodeScalars.append(scalar)
        }
    }
    return escaped + "\""
}
