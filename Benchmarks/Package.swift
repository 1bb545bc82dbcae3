// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "BoxKitBenchmarks",
    platforms: [.macOS(.v15)],
    // The services the package-benchmark suites (Suites/, a package of their own) resolve, as the report does.
    products: [.library(name: "BenchmarkServices", targets: ["BenchmarkServices"])],
    dependencies: [
        .package(name: "BoxKit", path: ".."),
        .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),
    ],
    targets: [
        // An opaque sink in its own module, so the optimiser cannot see through it.
        .target(name: "ReportSink"),
        // The allocator's bytes in use (glibc's mallinfo2), for the report's memory of a box.
        .target(name: "CHeapStats"),
        // The services both executables resolve.
        .target(name: "BenchmarkServices", dependencies: [.product(name: "BoxKit", package: "BoxKit")]),
        // The generated app graph (Generator/generate_app_graph.py): its service classes, then the code that
        // registers and resolves it, one module per subject and size, so that each launch executable links only
        // its own subject's and `make bench-build-cost` builds and measures each alone.
        .target(name: "AppGraph"),
        .target(
            name: "AppGraphBoxKit300",
            dependencies: ["AppGraph", "ReportSink", .product(name: "BoxKit", package: "BoxKit")]
        ),
        .target(
            name: "AppGraphBoxKit3000",
            dependencies: ["AppGraph", "ReportSink", .product(name: "BoxKit", package: "BoxKit")]
        ),
        .target(
            name: "AppGraphSwinject300",
            dependencies: ["AppGraph", "ReportSink", .product(name: "Swinject", package: "Swinject")]
        ),
        .target(
            name: "AppGraphSwinject3000",
            dependencies: ["AppGraph", "ReportSink", .product(name: "Swinject", package: "Swinject")]
        ),
        .target(name: "AppGraphFloor300", dependencies: ["AppGraph", "ReportSink"]),
        .target(name: "AppGraphFloor3000", dependencies: ["AppGraph", "ReportSink"]),
        // Nothing but what every wiring module depends on: `make bench-build-cost` builds it first, so that those
        // dependencies compile together, untimed, and then again with nothing to do, to time SwiftPM's planning.
        .target(
            name: "WiringDependencies",
            dependencies: [
                "AppGraph", "ReportSink", .product(name: "BoxKit", package: "BoxKit"),
                .product(name: "Swinject", package: "Swinject"),
            ]
        ),
        // What every launch executable shares: the size it was asked for (read through Foundation).
        .target(name: "LaunchSupport"),
        // One executable per subject that registers the app graph and resolves its tops, timed by the report
        // from spawn to exit; the empty one only reads its argument, and the report subtracts it.
        .executableTarget(name: "LaunchEmpty", dependencies: ["LaunchSupport"]),
        .executableTarget(
            name: "LaunchFloor", dependencies: ["AppGraphFloor300", "AppGraphFloor3000", "LaunchSupport", "ReportSink"]),
        .executableTarget(
            name: "LaunchBoxKit",
            dependencies: [
                "AppGraphBoxKit300", "AppGraphBoxKit3000", "LaunchSupport", .product(name: "BoxKit", package: "BoxKit"),
            ]
        ),
        .executableTarget(
            name: "LaunchDictionary",
            dependencies: [
                "AppGraphBoxKit300", "AppGraphBoxKit3000", "LaunchSupport", .product(name: "BoxKit", package: "BoxKit"),
            ]
        ),
        .executableTarget(
            name: "LaunchSwinject",
            dependencies: [
                "AppGraphSwinject300", "AppGraphSwinject3000", "LaunchSupport",
                .product(name: "Swinject", package: "Swinject"),
            ]
        ),
        // The in-process app-graph passes in one synchronous process, for valgrind's instruction counts.
        .executableTarget(
            name: "AppGraphProbe",
            dependencies: [
                "AppGraphBoxKit300", "AppGraphBoxKit3000", "AppGraphFloor300", "AppGraphFloor3000",
                .product(name: "BoxKit", package: "BoxKit"),
            ]
        ),
        // The operations `make bench-check` holds to recorded instruction counts, one per process run.
        .executableTarget(
            name: "GuardProbe",
            dependencies: [
                "AppGraphBoxKit300", "BenchmarkServices", "ReportSink", .product(name: "BoxKit", package: "BoxKit"),
            ]
        ),
        .executableTarget(
            name: "BoxKitReport",
            dependencies: [
                "ReportSink",
                "BenchmarkServices",
                "AppGraph",
                "AppGraphBoxKit300",
                "AppGraphBoxKit3000",
                "AppGraphFloor300",
                "AppGraphFloor3000",
                "AppGraphSwinject300",
                "AppGraphSwinject3000",
                "LaunchSupport",
                "CHeapStats",
                .product(name: "BoxKit", package: "BoxKit"),
                .product(name: "Swinject", package: "Swinject"),
            ]
        ),
    ]
)
