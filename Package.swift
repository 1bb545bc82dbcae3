// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "BoxKit",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "BoxKit", targets: ["BoxKit"])
    ],
    targets: [
        .systemLibrary(
            name: "Clibxxhash",
            pkgConfig: "libxxhash",
            providers: [.apt(["libxxhash-dev"]), .brew(["xxhash"])]
        ),
        .target(
            name: "CBoxTable",
            dependencies: ["Clibxxhash"]
        ),
        .target(
            name: "BoxKit",
            dependencies: ["CBoxTable"]
        ),
        .testTarget(name: "CBoxTableTests", dependencies: ["CBoxTable"]),
        .target(name: "BoxKitTestSupport", path: "Tests/BoxKitTestSupport"),
        .executableTarget(name: "BoxKitLeakCheck", dependencies: ["BoxKit"], path: "Tests/LeakCheck"),
        .testTarget(name: "BoxKitTests", dependencies: ["BoxKit", "BoxKitTestSupport"]),
    ]
)
