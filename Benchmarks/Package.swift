// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "BoxKitBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "BoxKit", path: ".."),
        .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // An opaque sink in its own module, so the optimiser cannot see through it.
        .target(name: "ReportSink"),
        // The services both executables resolve.
        .target(name: "BenchmarkServices"),
        // The generated app graph (Generator/generate_app_graph.py): its service classes, then the code that
        // registers and resolves it, one module per subject so that each launch executable links only its own.
        .target(name: "AppGraph"),
        .target(
            name: "AppGraphBoxKit",
            dependencies: ["AppGraph", "ReportSink", .product(name: "BoxKit", package: "BoxKit")]
        ),
        .target(
            name: "AppGraphSwinject",
            dependencies: ["AppGraph", "ReportSink", .product(name: "Swinject", package: "Swinject")]
        ),
        .target(name: "AppGraphFloor", dependencies: ["AppGraph", "ReportSink"]),
        // What every launch executable shares: the size it was asked for (read through Foundation).
        .target(name: "LaunchSupport"),
        // One executable per subject that registers the app graph and resolves its tops, timed by the report
        // from spawn to exit; the empty one only reads its argument, and the report subtracts it.
        .executableTarget(name: "LaunchEmpty", dependencies: ["LaunchSupport"]),
        .executableTarget(name: "LaunchFloor", dependencies: ["AppGraphFloor", "LaunchSupport", "ReportSink"]),
        .executableTarget(
            name: "LaunchBoxKit",
            dependencies: ["AppGraphBoxKit", "LaunchSupport", .product(name: "BoxKit", package: "BoxKit")]
        ),
        .executableTarget(
            name: "LaunchDictionary",
            dependencies: ["AppGraphBoxKit", "LaunchSupport", .product(name: "BoxKit", package: "BoxKit")]
        ),
        .executableTarget(
            name: "LaunchSwinject",
            dependencies: ["AppGraphSwinject", "LaunchSupport", .product(name: "Swinject", package: "Swinject")]
        ),
        // The in-process app-graph passes in one synchronous process, for valgrind's instruction counts.
        .executableTarget(
            name: "AppGraphProbe",
            dependencies: ["AppGraphBoxKit", "AppGraphFloor", .product(name: "BoxKit", package: "BoxKit")]
        ),
        // One resolve (from the box that holds it, or from a chain of child boxes) repeated, for valgrind.
        .executableTarget(
            name: "ResolveProbe",
            dependencies: ["BenchmarkServices", "ReportSink", .product(name: "BoxKit", package: "BoxKit")]
        ),
        .executableTarget(
            name: "BoxKitReport",
            dependencies: [
                "ReportSink",
                "BenchmarkServices",
                "AppGraph",
                "AppGraphBoxKit",
                "AppGraphFloor",
                "AppGraphSwinject",
                "LaunchSupport",
                .product(name: "BoxKit", package: "BoxKit"),
                .product(name: "Swinject", package: "Swinject"),
            ]
        ),
        .executableTarget(
            name: "BoxKitBenchmarks",
            dependencies: [
                "BenchmarkServices",
                .product(name: "BoxKit", package: "BoxKit"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/BoxKitBenchmarks",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark")
            ]
        ),
    ]
)
