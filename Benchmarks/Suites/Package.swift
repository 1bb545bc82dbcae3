// swift-tools-version: 6.1
import PackageDescription

// The package-benchmark suites, in a package of their own: package-benchmark's plugin and its tools are built
// for any build of the package that depends on it, so keeping them out of the Benchmarks package spares the
// report, the guards and the build-cost measurement that build.
let package = Package(
    name: "BoxKitSuites",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "BoxKit", path: "../.."),
        .package(name: "BoxKitBenchmarks", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "BoxKitBenchmarks",
            dependencies: [
                .product(name: "BenchmarkServices", package: "BoxKitBenchmarks"),
                .product(name: "BoxKit", package: "BoxKit"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/BoxKitBenchmarks",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark")
            ]
        )
    ]
)
