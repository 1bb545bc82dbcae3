// swift-tools-version: 6.1
import Foundation
import PackageDescription

// A package that depends on BoxKit as an app's package does: by a git URL, at a revision. By default the URL is
// the BoxKit checkout this folder sits in (file://), at its branch main; `make consumer` passes the checkout's
// current commit (BOXKIT_REVISION), and BOXKIT_URL may name another repository. Git resolves commits, so what
// is built is what is committed, as in a user's resolution.
let checkout = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().deletingLastPathComponent()
let url = Context.environment["BOXKIT_URL"] ?? checkout.absoluteString
let revision = Context.environment["BOXKIT_REVISION"]

let package = Package(
    name: "Consumer",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        revision.map { .package(url: url, revision: $0) } ?? .package(url: url, branch: "main")
    ],
    targets: [
        .target(
            name: "GarageServices",
            dependencies: [
                .product(name: "BoxKit", package: "BoxKit"),
                .product(name: "BoxKitAwait", package: "BoxKit"),
            ]
        ),
        .executableTarget(name: "garage", dependencies: ["GarageServices"], path: "Sources/GarageApp"),
        .testTarget(
            name: "GarageServicesTests",
            dependencies: ["GarageServices", .product(name: "BoxKitTesting", package: "BoxKit")]
        ),
    ]
)
