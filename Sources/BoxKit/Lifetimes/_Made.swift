/// An instance handed from the task that made it to the resolves awaiting it. `@unchecked Sendable` as the
/// registrations themselves: a shared instance is used from whichever task resolves it, as documented on
/// ``Box``.
struct _Made<Service>: @unchecked Sendable {
    let instance: Service

    init(_ instance: Service) {
        self.instance = instance
    }
}
