// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "BoxKit",
    // The floor parameter packs in generic types set; `make check` fails on a `Synchronization` import or another
    // API it can recognise as newer (see the README).
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "BoxKit", targets: ["BoxKit"]),
        // Opt-in `await box.resolve(...)`: async overloads that BoxKit itself cannot carry (see the module).
        .library(name: "BoxKitAwait", targets: ["BoxKitAwait"]),
        // A Swift Testing trait that gives each test a box of its own as `Box.shared`: for test targets only.
        .library(name: "BoxKitTesting", targets: ["BoxKitTesting"]),
        .executable(name: "showroom", targets: ["Showroom"]),
    ],
    targets: [
        .systemLibrary(
            name: "Clibxxhash",
            pkgConfig: "libxxhash",
            providers: [.apt(["libxxhash-dev"]), .brew(["xxhash"])]
        ),
        // The table alone: (hash, type id, key bytes) -> opaque pointer, reclamation, hashing.
        .target(
            name: "CBoxTable",
            dependencies: ["Clibxxhash"]
        ),
        // BoxKit's per-thread resolution state, sandboxes, the creation monitor and a mutex, on the table.
        .target(
            name: "CBoxRuntime",
            dependencies: ["CBoxTable"]
        ),
        // Atomic operations on 64-bit words, header-only: what Swift's `Synchronization` would give above the floor.
        .target(name: "CBoxAtomics"),
        .target(
            name: "BoxKit",
            dependencies: ["CBoxTable", "CBoxRuntime", "CBoxAtomics"]
        ),
        .target(name: "BoxKitAwait", dependencies: ["BoxKit"]),
        .target(name: "BoxKitTesting", dependencies: ["BoxKit"]),
        // The C targets' own tests: the table, and the runtime's sandboxes and thread records. BoxKit is linked
        // only through the support target's `ThreadExecutor`, the thread the long suites run on.
        .testTarget(
            name: "CBoxTableTests", dependencies: ["CBoxTable", "CBoxRuntime", "CBoxAtomics", "BoxKitTestSupport"]),
        // Fixtures the test targets share, and types that share names with theirs in another module.
        .target(
            name: "BoxKitTestSupport", dependencies: ["BoxKit", "CBoxAtomics", "CBoxTestSupport"],
            path: "Tests/BoxKitTestSupport"),
        // What the support target reads from the C library that Swift does not import (the allocator's totals).
        .target(name: "CBoxTestSupport", path: "Tests/CBoxTestSupport"),
        .executableTarget(name: "BoxKitLeakCheck", dependencies: ["BoxKit"], path: "Tests/LeakCheck"),
        // What a registration with context overrides chooses in a process of the tests' making (their launch
        // arguments and environment, no test library loaded): BoxKitTests runs it.
        .executableTarget(name: "ContextProbe", dependencies: ["BoxKit"], path: "Tests/ContextProbe"),
        // Creations profiled on the main thread of a process of the tests' making: BoxKitTests runs it.
        .executableTarget(name: "ProfileProbe", dependencies: ["BoxKit"], path: "Tests/ProfileProbe"),
        .testTarget(
            name: "BoxKitTests", dependencies: ["BoxKit", "BoxKitTestSupport", "ContextProbe", "ProfileProbe"]),
        // Its files import BoxKitAwait or not; MemberImportVisibility keeps the async overloads to those that do,
        // which the tests of the others check.
        .testTarget(
            name: "BoxKitAwaitTests",
            dependencies: ["BoxKit", "BoxKitAwait", "BoxKitTestSupport"],
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
        ),
        // A box per test: the `.box` trait on 100 parallel tests, and `withBox` in an XCTest case.
        .testTarget(name: "BoxKitTestingTests", dependencies: ["BoxKit", "BoxKitTesting"]),
        // User code written against SwincyBox's protocols (a test double of the box, a value-type registration),
        // compiled in Swift 5 mode as such code usually is.
        .testTarget(name: "SwincyConformanceTests", dependencies: ["BoxKit"], swiftSettings: [.swiftLanguageMode(.v5)]),
        // Registrations written in a module whose default isolation is the main actor (Swift 6.2's
        // `.defaultIsolation(MainActor.self)`, spelled as its compiler flag while the package's tools version is 6.1).
        .testTarget(
            name: "DefaultIsolationTests", dependencies: ["BoxKit"],
            swiftSettings: [.unsafeFlags(["-default-isolation", "MainActor"])]),
        // The SwincyBox README's showroom, wired with BoxKit: `swift run showroom`.
        .target(name: "ShowroomScenario", dependencies: ["BoxKit"], path: "Examples/ShowroomScenario"),
        .executableTarget(name: "Showroom", dependencies: ["ShowroomScenario"], path: "Examples/Showroom"),
        .testTarget(name: "ShowroomTests", dependencies: ["ShowroomScenario", "Showroom", "BoxKitTestSupport"]),
    ]
)

// DocC's plugin only when building the documentation (`make docs` sets BOXKIT_DOCS), so that the package
// itself keeps no dependencies.
if Context.environment["BOXKIT_DOCS"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", exact: "1.5.0"))
}
