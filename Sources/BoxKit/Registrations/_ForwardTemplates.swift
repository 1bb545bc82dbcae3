/// The templates of every forward in the process (see `_AnyForwardRegistration`), one per class and forwarded
/// type, kept for the process's life: a template depends only on the class of the instance and the forwarded
/// type, so there are no more of them than pairs that a forward has cast, and a lookup that read a forward's
/// template may use it after its read section ends, when the forward itself may be gone.
enum _ForwardTemplates {
    /// The pair a template is made for.
    private struct Pair: Hashable {
        let instanceClass: ObjectIdentifier
        let forwarded: ObjectIdentifier
    }

    /// Every template made, by pair.
    private static let made = _Locked([Pair: UnsafeMutableRawPointer]())

    /// The template for instances of `instanceClass` forwarded as `forwarded`, whose values are `size` bytes:
    /// the one made before, or one made now by `write`, which receives the `size` bytes of a forwarded value
    /// to initialise. A template is the identity of `instanceClass`, then those bytes.
    ///
    /// - Complexity: O(1) on average, under a lock; once per forward.
    static func template(
        for instanceClass: ObjectIdentifier, forwarded: Any.Type, size: Int,
        write: (UnsafeMutableRawPointer) -> Void
    ) -> UnsafeMutableRawPointer {
        made.withLock { made in
            let pair = Pair(instanceClass: instanceClass, forwarded: ObjectIdentifier(forwarded))
            if let template = made[pair] { return template }
            let word = MemoryLayout<UInt>.size
            let template = UnsafeMutableRawPointer.allocate(byteCount: word + size, alignment: word)
            template.storeBytes(of: instanceClass, as: ObjectIdentifier.self)
            write(template + word)
            made[pair] = template
            return template
        }
    }
}
