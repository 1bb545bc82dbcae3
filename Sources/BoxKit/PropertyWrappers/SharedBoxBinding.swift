/// When a ``Boxed`` or ``BoxedIfRegistered`` property given no box settles which box ``Box/shared`` is for it.
///
/// `Box.shared` is the box ``withBox(_:operation:)-(_,()->R)`` put in place (BoxKitTesting's `.box` trait does
/// so for each test) for the code its task-local value reaches, and the process-wide box everywhere else. An
/// object made inside a test and read later on a GCD queue, a `Thread` or a `Task.detached` is read where that
/// value does not reach.
///
/// ```swift
/// @Boxed var api: API                                      // .atCreation: the test's box, if made in a test
/// @Boxed(binding: .atFirstAccess) var clock: Clock         // Box.shared wherever it is first read
/// ```
public enum SharedBoxBinding: Sendable {
    /// Where the property is created: the box `withBox` put in place there, if any, kept for the property's
    /// life, so that an object made inside a test resolves from the test's box on any thread. Created outside
    /// any `withBox`, the property reads the process-wide `Box.shared` at its first access, as with
    /// `atFirstAccess`. The default.
    case atCreation
    /// At the property's first access: `Box.shared` as it is there and then, wherever the read happens.
    case atFirstAccess
}
