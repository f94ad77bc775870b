// swift-tools-version:6.1
//
// FacebookSDKShim: the legacy Facebook iOS SDK surface (v2 `Facebook`/`FBRequest`, v3.1 friend picker)
// on Linux, over one libcurl engine. Targets are split by layer; see docs/ARCHITECTURE.md.

import Foundation
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
        // MARK: C: libcurl and its non-variadic shim, libcrypto, SQLite
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
        // SQLite 3: the friend picker's cache index (Legacy/FacebookSDK/Picker/Cache).
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),

        // MARK: The modern core: encodings, Graph requests/responses/errors, the client, the transport
        // seam and the libcurl engine
        .target(name: "FacebookGraph", dependencies: ["CFacebookCurlShim", "CCrypto"]),

        // MARK: The legacy layer: old spellings that forward to the core
        .target(name: "FacebookSDK", dependencies: ["FacebookGraph", "CSQLite"], path: "Legacy/FacebookSDK"),
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

        // MARK: The legacy sample program (Hackbook) at the four stages of the migration path
        // (Legacy/Samples/Hackbook/README.md). Shared non-SDK code lives in HackbookSupport; every SDK
        // call is in its stage. Swift 5 language mode for stages 1-3: stage 1 is the app as written for
        // the old SDK, and the later stages change only its calls. Stage 4 (async) is Swift 6 mode, where
        // a team moving to async is going: its classes are @MainActor, the callback queue's actor
        // (Stage4IsolationTests).
        .target(
            name: "HackbookSupport",
            dependencies: ["FacebookGraph", "FacebookGraphReplay"],
            path: "Legacy/Samples/Hackbook/HackbookSupport"
        ),
        .executableTarget(
            name: "Hackbook1Delegates",
            dependencies: ["FacebookSDK", "HackbookSupport"],
            path: "Legacy/Samples/Hackbook/Hackbook1Delegates",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .executableTarget(
            name: "Hackbook2Blocks",
            dependencies: ["FacebookSDK", "HackbookSupport"],
            path: "Legacy/Samples/Hackbook/Hackbook2Blocks",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .executableTarget(
            name: "Hackbook3Results",
            dependencies: ["FacebookSDK", "FacebookGraph", "HackbookSupport"],
            path: "Legacy/Samples/Hackbook/Hackbook3Results",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .executableTarget(
            name: "Hackbook4Async",
            dependencies: ["FacebookSDK", "FacebookGraph", "HackbookSupport"],
            path: "Legacy/Samples/Hackbook/Hackbook4Async",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),

        // The v3.1 sample (Legacy/Samples/FriendPickerV31): FriendPickerSample, Scrumptious's profile and
        // BooleanOGSample's batch, ported with the importer's spellings, run against the Graph stand-in.
        .executableTarget(
            name: "FriendPickerV31",
            dependencies: ["FacebookSDK", "FacebookGraphReplay"],
            path: "Legacy/Samples/FriendPickerV31/App",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),

        // MARK: Benchmarks (not a product: their needs stay out of the library)
        .executableTarget(
            name: "fbbench",
            dependencies: ["FacebookGraph", "FacebookGraphTestSupport", "FacebookSDK"],
            exclude: ["README.md"]
        ),

        // MARK: Tests
        .target(
            name: "FacebookGraphTestSupport",
            dependencies: ["FacebookGraph", "FacebookGraphReplay"],
            path: "Tests/Support"
        ),
        // The shared corpus rule (CONTRIBUTING.md, "The shared corpus"): where ../shared/corpus is,
        // and how a test that reads it is skipped or, with FACEBOOKSDKSHIM_REQUIRE_CORPUS=1, fails.
        // Apart from Tests/Support because it links XCTest and Testing, which fbbench must not.
        .target(
            name: "FacebookGraphCorpusSupport",
            dependencies: ["FacebookGraphTestSupport"],
            path: "Tests/CorpusSupport"
        ),
        // Swift Testing traits every test target uses (`.onOwnThread`): apart from Tests/Support because
        // they link Testing, which fbbench must not.
        .target(name: "FacebookGraphTestTraits", path: "Tests/TestTraits"),
        .testTarget(
            name: "FacebookGraphTests",
            dependencies: [
                "FacebookGraph", "FacebookGraphReplay", "FacebookGraphTestSupport", "FacebookGraphCorpusSupport",
                "FacebookGraphTestTraits",
            ]
        ),
        .testTarget(
            name: "FacebookGraphReplayTests",
            dependencies: [
                "FacebookGraphReplay", "FacebookGraphTestSupport", "FacebookGraphCorpusSupport",
                "FacebookGraphTestTraits",
            ]
        ),
        .testTarget(
            name: "FacebookSDKTests",
            dependencies: [
                "FacebookSDK", "FBConnect", "FacebookGraph", "FacebookGraphReplay", "FacebookGraphTestSupport",
                "FacebookGraphTestTraits", "FriendCacheChild",
            ]
        ),
        // The second process of the friend cache's two-process test (FriendCacheStoreTests).
        .executableTarget(name: "FriendCacheChild", dependencies: ["FacebookSDK"], path: "Tests/FriendCacheChild"),
        // Legacy code exactly as it was written against the imported headers, in Swift 5 mode.
        .testTarget(
            name: "FacebookSDKSourceCompatTests",
            dependencies: [
                "FacebookSDK", "FBConnect", "FacebookGraph", "FacebookGraphReplay", "FacebookGraphTestSupport",
                "FacebookGraphCorpusSupport", "FacebookGraphTestTraits",
            ],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // The four Hackbook stages, run: the same transcript, and the expected one.
        .testTarget(
            name: "HackbookSampleTests",
            dependencies: [
                "Hackbook1Delegates", "Hackbook2Blocks", "Hackbook3Results", "Hackbook4Async", "FriendPickerV31",
                "FacebookGraphTestSupport", "FacebookGraphTestTraits",
            ]
        ),
        .testTarget(
            name: "fbgraphTests",
            dependencies: [
                "fbgraph", "fbbench", "FacebookSDK", "FacebookGraphReplay", "FacebookGraphTestSupport",
                "FacebookGraphCorpusSupport", "FacebookGraphTestTraits",
            ]
        ),
        // `fbgraph friends` in a terminal: apart from fbgraphTests so the sanitizer builds, which run
        // it, need not compile fbgraphTests and fbbench (scripts/sanitizers).
        .testTarget(
            name: "fbgraphTerminalTests",
            dependencies: ["fbgraph", "FacebookGraphTestSupport", "FacebookGraphTestTraits"]
        ),
    ]
)

// MARK: Fuzz targets (libFuzzer), declared only for scripts/fuzz
//
// scripts/fuzz sets FACEBOOKSDKSHIM_FUZZ=1 and builds each target alone, in release, with
// `-sanitize=fuzzer,address` in its own scratch path (.build/fuzz). Without the
// variable these targets do not exist, so the ordinary `swift build`/`swift test` never compile
// them. Being in this package, they reach the `package` parsers directly. See CONTRIBUTING.md.
let fuzzTargets = [
    "FuzzGraphResponse", "FuzzLegacyParser", "FuzzMultipart", "FuzzFormEncoding", "FuzzHAR", "FuzzRedactor",
    "FuzzHTTPRequestParser",
]
if ProcessInfo.processInfo.environment["FACEBOOKSDKSHIM_FUZZ"] == "1" {
    package.targets.append(.target(name: "FuzzSupport", path: "Fuzz/Support"))
    for name in fuzzTargets {
        package.targets.append(
            .executableTarget(
                name: name,
                dependencies: ["FuzzSupport", "FacebookGraph", "FacebookGraphReplay", "FacebookSDK"],
                path: "Fuzz/Targets/\(name)"
            )
        )
        package.products.append(.executable(name: name, targets: [name]))
    }
}

// MARK: The sanitizer builds (scripts/sanitizers)
//
// scripts/sanitizers sets FACEBOOKSDKSHIM_SANITIZER_BUILD=1 when it builds for its selection of suites:
// the test targets that hold none of them (the source-compatibility tests, the sample transcripts) and
// the programs only those use (the Hackbook stages, the v3.1 sample) are then not declared, so neither
// ThreadSanitizer's nor AddressSanitizer's build compiles and links them. `--whole-suite` builds all.
// fbgraphTests and fbbench are left out too: the selected suite about fbgraph, `fbgraph friends` in
// a terminal, is fbgraphTerminalTests (the fbgraph binary is still built: it runs it).
let sanitizerSkipped: Set<String> = [
    "FacebookSDKSourceCompatTests", "HackbookSampleTests", "HackbookSupport", "Hackbook1Delegates", "Hackbook2Blocks",
    "Hackbook3Results", "Hackbook4Async", "FriendPickerV31", "fbgraphTests", "fbbench",
]
if ProcessInfo.processInfo.environment["FACEBOOKSDKSHIM_SANITIZER_BUILD"] == "1" {
    package.targets.removeAll { sanitizerSkipped.contains($0.name) }
}

// Settings applied to every Swift target in one place: Swift 6 language mode with complete
// concurrency checking (the default of tools 6), plus the upcoming features the style guide names.
// The legacy layer is exempt from ExistentialAny: its public signatures spell types exactly as
// Swift's Clang importer spelled the old headers (`FBRequestDelegate!`, `Error!`).
let legacySpelledTargets: Set<String> = [
    "FacebookSDK", "FBConnect", "FacebookSDKTests", "FacebookSDKSourceCompatTests",
    "Hackbook1Delegates", "Hackbook2Blocks", "Hackbook3Results", "Hackbook4Async", "FriendPickerV31",
]
for target in package.targets where target.type != .system && target.name != "CFacebookCurlShim" {
    var settings = target.swiftSettings ?? []
    if !legacySpelledTargets.contains(target.name) {
        settings.append(.enableUpcomingFeature("ExistentialAny"))
    }
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    target.swiftSettings = settings
}
