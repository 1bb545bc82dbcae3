extension _LiveBoxes {
    /// Whether a box with `serial` is entered: from its initialiser's end to its `deinit`'s start.
    static func holds(_ serial: UInt64) -> Bool {
        boxes.withLock { $0[serial] != nil }
    }

    /// The room for entries the registry has now.
    static var capacity: Int { boxes.withLock { $0.capacity } }
}
