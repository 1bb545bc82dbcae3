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
        .executableTarget(
            name: "BoxKitReport",
            dependencies: [
                "ReportSink",
                "BenchmarkServices",
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
