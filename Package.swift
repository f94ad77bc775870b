// swift-tools-version:6.1
//
// FacebookSDKShim: the legacy Facebook iOS SDK surface (v2 `Facebook`/`FBRequest`, v3.1 friend picker)
// on Linux, over one libcurl engine. Targets are split by layer; see docs/ARCHITECTURE.md.

import PackageDescription

let package = Package(
    name: "FacebookSDKShim",
    products: [
        .library(name: "FacebookGraph", targets: ["FacebookGraph"]),
        .library(name: "FacebookSDK", targets: ["FacebookSDK"]),
        .library(name: "FBConnect", targets: ["FBConnect"]),
        .library(name: "FacebookGraphReplay", targets: ["FacebookGraphReplay"]),
        .executable(name: "fbgraph", targets: ["fbgraph"]),
    ],
    targets: [
        // MARK: C: libcurl and its non-variadic shim
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .target(name: "CFacebookCurlShim", dependencies: ["CCurl"]),
        // OpenSSL's libcrypto: HMAC-SHA256 for appsecret_proof.
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),

        // MARK: The modern core: encodings, Graph requests/responses/errors, the client, the transport
        // seam and the libcurl engine
        .target(name: "FacebookGraph", dependencies: ["CFacebookCurlShim", "CCrypto"]),

        // MARK: The legacy layer: old spellings that forward to the core
        .target(name: "FacebookSDK", dependencies: ["FacebookGraph"], path: "Legacy/FacebookSDK"),
        .target(name: "FBConnect", dependencies: ["FacebookSDK"], path: "Legacy/FBConnect"),

        // MARK: The contract-test kit and the CLI
        .target(name: "FacebookGraphReplay", dependencies: ["FacebookGraph"]),
        .executableTarget(
            name: "fbgraph",
            dependencies: ["FacebookGraph", "FacebookGraphReplay", "FacebookSDK"],
            // The bundled cassette is compiled in as Swift source (Recordings/BundledRecordings.swift),
            // so the binary works wherever it is copied; the HAR file is its reviewable twin.
            exclude: ["Recordings/demo.har", "Recordings/README.md"]
        ),

        // MARK: Benchmarks (not a product: their needs stay out of the library)
        .executableTarget(
            name: "fbbench",
            dependencies: ["FacebookGraph", "FacebookSDK", "FacebookGraphTestSupport"],
            exclude: ["README.md"]
        ),

        // MARK: Tests
        .target(
            name: "FacebookGraphTestSupport",
            dependencies: ["FacebookGraph", "FacebookGraphReplay"],
            path: "Tests/Support"
        ),
        .testTarget(
            name: "FacebookGraphTests",
            dependencies: ["FacebookGraph", "FacebookGraphReplay", "FacebookGraphTestSupport"]
        ),
        .testTarget(
            name: "FacebookGraphReplayTests",
            dependencies: ["FacebookGraphReplay", "FacebookGraphTestSupport"]
        ),
        .testTarget(
            name: "FacebookSDKTests",
            dependencies: [
                "FacebookSDK", "FBConnect", "FacebookGraph", "FacebookGraphReplay", "FacebookGraphTestSupport",
            ]
        ),
        // Legacy code exactly as it was written against the imported headers, in Swift 5 mode.
        .testTarget(
            name: "FacebookSDKSourceCompatTests",
            dependencies: [
                "FacebookSDK", "FBConnect", "FacebookGraph", "FacebookGraphReplay", "FacebookGraphTestSupport",
            ],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(
            name: "fbgraphTests",
            dependencies: ["fbgraph", "FacebookGraphReplay", "FacebookGraphTestSupport"]
        ),
    ]
)

// Settings applied to every Swift target in one place: Swift 6 language mode with complete
// concurrency checking (the default of tools 6), plus the upcoming features the style guide names.
// The legacy layer is exempt from ExistentialAny: its public signatures spell types exactly as
// Swift's Clang importer spelled the old headers (`FBRequestDelegate!`, `Error!`).
let legacySpelledTargets: Set<String> = [
    "FacebookSDK", "FBConnect", "FacebookSDKTests", "FacebookSDKSourceCompatTests",
]
for target in package.targets where target.type != .system && target.name != "CFacebookCurlShim" {
    var settings = target.swiftSettings ?? []
    if !legacySpelledTargets.contains(target.name) {
        settings.append(.enableUpcomingFeature("ExistentialAny"))
    }
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    target.swiftSettings = settings
}
