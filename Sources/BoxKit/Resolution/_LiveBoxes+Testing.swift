extension _LiveBoxes {
    /// Whether a box with `serial` is entered: from its initialiser's end to its `deinit`'s start.
    static func holds(_ serial: UInt64) -> Bool {
        boxes.withLock { $0.contains(serial) }
    }

    /// The room for entries (slots) the registry has now.
    static var capacity: Int { boxes.withLock { $0.capacity } }
}
