/// The names of the measured operations, shared by the suites that measure them and the targets that
/// compare them.
enum Operation {
    static let permanent = "permanent resolve"
    static let transient = "transient resolve"
    static let shortKeyTransient = "keyed \"BMW\", transient"
    static let shortKeyPermanent = "keyed \"BMW\", permanent"
    static let asciiKeyTransient = "keyed 40-byte ASCII, transient"
    static let asciiKeyPermanent = "keyed 40-byte ASCII, permanent"
    static let nonASCIIKeyPermanent = "keyed 40-byte non-ASCII NFC, permanent"
    static let protocolTyped = "protocol-typed resolve, transient"
    static let graph = "graph A(B(C)), transient"
    static let providerPermanent = "provider from box.provider, permanent"
    static let providerTransient = "provider from box.provider, transient"

    /// Registering `count` keyed services into a fresh container, per registration.
    static func registration(_ count: Int) -> String { "register, \(grouped(count)) per container" }

    /// A permanent keyed resolve in random order among `count` registrations.
    static func randomAccess(_ count: Int) -> String { "random access, \(grouped(count)) registered" }

    static let memory = "memory at 1,000,000 registrations"

    /// `base` measured with readers ordered as Apple platforms order them (each fences itself), or as Linux
    /// does (a writer's `membarrier`), side by side (`AppleReadProtocolSuite`).
    static func readProtocol(_ base: String, applePlatforms: Bool) -> String {
        "\(base), \(applePlatforms ? readersFence : membarrier)"
    }

    /// Whether `operation` is one of `readProtocol`'s, which the report lists in a section of their own.
    static func isReadProtocol(_ operation: String) -> Bool {
        operation.hasSuffix(", \(readersFence)") || operation.hasSuffix(", \(membarrier)")
    }

    private static let readersFence = "readers fence (as on Apple platforms)"
    private static let membarrier = "membarrier (as on Linux)"

    /// A `.perArguments` hit: the instance for the argument's value already made.
    static let perArgumentsInt = ".perArguments hit, one Int argument"
    static let perArgumentsString = ".perArguments hit, one String argument"
    /// A resolve through `forward`, of a type forwarded to a permanent service already made.
    static let forwarded = "resolve through a forward, to a permanent"

    /// The allocator's bytes in use for one box (`BoxMemorySuite`).
    static let emptyBox = "memory of an empty Box()"
    static let childBox = "memory of a child box before its first registration"
    /// What 100,000 child boxes of one parent hold in all.
    static let manyChildBoxes = "memory of 100,000 child boxes"

    /// How long `verify()` of the 3,000-service app graph with 10 services missing takes: on its first call,
    /// or on a later call (`VerifySuite`).
    static func verifyTime(first: Bool) -> String {
        "verify(), 3,000 registered, 10 missing: \(first ? "first" : "a later") call"
    }

    /// How many of the 10 missing services that `verify()` call names.
    static func verifyNamed(first: Bool) -> String {
        "verify(), 3,000 registered, 10 missing: services named, \(first ? "first" : "a later") call"
    }

    /// The threads the process has after the `verify()` calls less those it had before.
    static let verifyThreadsLeft = "verify(), 3,000 registered, 10 missing: threads left behind"

    /// `try? tryResolve` of a type nobody registered, in a box holding `registered` registrations.
    static func miss(_ registered: Int) -> String { "miss (try? tryResolve), \(grouped(registered)) registered" }

    /// A miss in a box that another thread registers new services into (`MissUnderWriterSuite`); the box
    /// holds `registered` registrations when the writer starts.
    static func missWriterSameBox(_ registered: Int) -> String {
        "miss (try? tryResolve), \(grouped(registered)) registered, while another thread registers into that box"
    }

    /// A miss beside a thread that registers new services into another box (`MissUnderWriterSuite`).
    static func missWriterOtherBox(_ registered: Int) -> String {
        "miss (try? tryResolve), \(grouped(registered)) registered, while another thread registers into another box"
    }

    /// A miss beside the same thread while it registers nothing (`MissUnderWriterSuite`).
    static func missWriterWaiting(_ registered: Int) -> String {
        "miss (try? tryResolve), \(grouped(registered)) registered, while another thread waits"
    }

    /// A miss in a box whose registrations another thread keeps replacing (`MissUnderWriterSuite`).
    static func missWriterReplacing(_ registered: Int) -> String {
        "miss (try? tryResolve), \(grouped(registered)) registered, while another thread replaces registrations"
    }

    /// `try? tryResolve` of a registered transient service, in the same box as ``miss(_:)``.
    static func hit(_ registered: Int) -> String { "hit (try? tryResolve), \(grouped(registered)) registered" }

    /// Registering every service of the `size`-service app graph into a fresh container, in this process.
    static func appRegister(_ size: Int) -> String { "register the app graph, N = \(grouped(size))" }

    /// Resolving every top of the app graph once, from a container that has made nothing yet, in this process.
    static func appFirstResolve(_ size: Int) -> String { "first resolve of the tops, N = \(grouped(size))" }

    /// ``appFirstResolve(_:)`` on BoxKit with a `CreationProfiler` running (`profiling`) or without one, the two
    /// measured side by side (`ProfileSuite`).
    static func appFirstResolve(_ size: Int, profiling: Bool) -> String {
        "\(appFirstResolve(size)), profiling \(profiling ? "on" : "off")"
    }

    /// Resolving every top of the app graph once more, from the same container, in this process.
    static func appResolveAgain(_ size: Int) -> String { "resolve the tops again, N = \(grouped(size))" }

    /// Registering the app graph and resolving its tops in a fresh process, minus an empty executable's time.
    static func launch(_ size: Int) -> String {
        "launch in a fresh process, N = \(grouped(size)) (net of an empty executable)"
    }

    /// The empty executable that ``launch(_:)`` subtracts, from the rounds that measured it.
    static func launchEmpty(_ size: Int) -> String {
        "empty executable in a fresh process (subtracted at N = \(grouped(size)))"
    }

    /// Resolving on one thread, inside the two-thread harness.
    static func oneThread(_ life: String) -> String { "1 thread, \(life)" }

    /// Resolving on two threads at once, nanoseconds per resolve over both.
    static func twoThreads(_ life: String) -> String { "2 threads, \(life) (aggregate)" }

    /// Two threads' aggregate throughput over one thread's.
    static func speedup(_ life: String) -> String { "2 threads vs 1, \(life)" }

    /// How many cores the two threads had on average while racing.
    static func coresBusy(_ life: String) -> String { "2 threads, \(life): cores they got" }

    /// `1000000` as `1,000,000`.
    static func grouped(_ count: Int) -> String {
        var digits = String(count)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return digits
    }
}
