// Wraps the C retire lists (cbox_retire_list_*) and read sections (cbox_read_begin, cbox_read_end): the
// registry's reclamation, for the structures outside it that readers traverse without a lock (the instances
// a `.perArguments` registration keeps per argument value).
internal import CBoxTable

/// Objects that a structure's writers unlinked, each released once no reader can still see it, and the
/// lock that serialises those writers: the registry's epoch-based reclamation (`cbox_retire_list`), for a
/// structure that BoxKit keeps outside the registry.
///
/// Readers find objects inside a read section (`_ReadSection`), in which no user code runs
/// and which takes no lock; what they use after it, they retain inside it. Writers mutate inside `write`,
/// handing it what they unlink; it is released after the lock is given back, once every read section that
/// began before it was unlinked has ended (a collection waits for them, as a registry write does: they are
/// short), so that a `deinit` it runs may use BoxKit again.
///
/// `@unchecked Sendable`: `handle` is only used under `writer`.
final class _RetireList: @unchecked Sendable {
    private let handle: OpaquePointer
    private let writer = _Lock()

    init() {
        handle = cbox_retire_list_create { Unmanaged<AnyObject>.fromOpaque($0).release() }
    }

    /// Releases every object still retired: no reader may be using them.
    deinit {
        cbox_retire_list_destroy(handle)
    }

    /// Runs `mutation` holding the writer lock, with a function that retires an object it unlinked (taking
    /// over one reference to it); then releases, after unlocking, whatever retired object no reader can
    /// still see. `mutation` must run no user code.
    func write<R>(_ mutation: (_ retire: (Unmanaged<AnyObject>) -> Void) -> R) -> R {
        let (result, batch) = writer.withLock {
            let result = mutation { cbox_retire_list_add(handle, $0.toOpaque()) }
            return (result, cbox_retire_list_count(handle) > 0 ? cbox_retire_list_collect(handle) : nil)
        }
        if let batch { cbox_batch_dispose(batch) }
        return result
    }

    /// How many retired objects wait for readers to leave their read sections.
    var waiting: Int { writer.withLock { cbox_retire_list_count(handle) } }

}

/// The calling thread's read sections, in which readers find what a `_RetireList`'s writers may retire.
/// An enum of static functions, which a call reaches without loading any metadata.
@usableFromInline
enum _ReadSection {
    /// Enters a read section of the calling thread (they nest) and returns its reader record, for
    /// `end(_:)`. What a writer retires after this call stays valid until then.
    ///
    /// - Complexity: O(1): a store of the global epoch in the thread's record.
    @usableFromInline
    static func begin() -> UnsafeMutableRawPointer {
        let reader = cbox_reader_current()
        cbox_read_begin(reader)
        return UnsafeMutableRawPointer(reader)
    }

    /// Leaves the read section that `begin()` entered and returned `reader` for.
    @usableFromInline
    static func end(_ reader: UnsafeMutableRawPointer) {
        cbox_read_end(reader.assumingMemoryBound(to: cbox_reader.self))
    }
}
