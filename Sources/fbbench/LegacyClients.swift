import FacebookGraph
import FacebookSDK
import Foundation
import Synchronization

/// The `transport-child --client legacy-block|legacy-delegate|modern-async` runs: the whole stack a
/// caller sees, end to end. The legacy clients use v2's `Facebook` object with its default callback
/// queue (the main queue), `RunLoop.main` driving it, each callback starting the next request, as an
/// app would. `modern-async` awaits `GraphClient.get(_:as:)` decoding a `GraphUser` in 64 tasks.
///
/// Each legacy client reads the result one of two ways (``Reading``): as a Swift dictionary, as the
/// README's quick start does (`legacy-block`, `legacy-delegate`), or through `NSDictionary`, as
/// json-framework code did (`legacy-block-nsdictionary`, `legacy-delegate-nsdictionary`). The
/// result is an `NSMutableDictionary` either way; the first pays Foundation's bridge to
/// `[String: Any]` in the caller, the second does not, so the pair shows the library's own cost
/// beside the cost of the caller's choice.
enum LegacyClients {
    /// How a legacy client's callback reads the result: the same fields (`id`, the member count) each way.
    enum Reading {
        /// `result as? [String: Any]`, then `user["id"]`: Foundation bridges the whole dictionary.
        case swiftDictionary
        /// `(result as? NSDictionary)?.object(forKey: "id")`: no bridge of the dictionary.
        case nsDictionary

        /// The client name's suffix (`transport-child --client legacy-block-nsdictionary`).
        var suffix: String {
            switch self {
            case .swiftDictionary: ""
            case .nsDictionary: "-nsdictionary"
            }
        }
    }

    /// `facebook.request(withGraphPath: "me", params:, method: "GET") { request, result, error in … }`.
    static func runBlock(_ settings: LoadSettings, reading: Reading = .swiftDictionary) -> Int32 {
        guard let (facebook, path) = makeFacebook(settings) else { return 1 }
        let loop = LoadLoop(settings: settings, expectedVersion: nil, countsConnections: false) { loop, started in
            facebook.request(withGraphPath: path, params: NSMutableDictionary(), method: "GET") { _, result, error in
                check(result, error, reading, loop, started)
            }
        }
        return loop.run(impl: "legacy-block" + reading.suffix, mode: "main-queue", drivingMainRunLoop: true)
    }

    /// `facebook.request(withGraphPath: "me", andDelegate: delegate)`, the v2 delegate API.
    static func runDelegate(_ settings: LoadSettings, reading: Reading = .swiftDictionary) -> Int32 {
        guard let (facebook, path) = makeFacebook(settings) else { return 1 }
        let delegate = CountingDelegate(reading: reading)
        let loop = LoadLoop(settings: settings, expectedVersion: nil, countsConnections: false) { _, started in
            let request = facebook.request(withGraphPath: path, andDelegate: delegate)
            if started != 0, let request { delegate.stamp(request, started) }
        }
        delegate.loop = loop
        return loop.run(impl: "legacy-delegate" + reading.suffix, mode: "main-queue", drivingMainRunLoop: true)
    }

    /// `try await client.get("me", as: GraphUser.self)` from `concurrency` tasks.
    static func runModernAsync(_ settings: LoadSettings) -> Int32 {
        guard let split = splitURL(settings.url) else { return 1 }
        var configuration = GraphConfiguration()
        configuration.graphBaseURL = split.base
        configuration.version = nil
        configuration.retryPolicy = .never
        let client = GraphClient(configuration: configuration)
        let path = split.path
        let loop = LoadLoop(settings: settings, expectedVersion: nil, countsConnections: false) { loop, started in
            Task {
                do {
                    let user = try await client.get(path, as: GraphUser.self)
                    loop.complete(
                        status: user.id.isEmpty ? 0 : 200, bodyBytes: 1, httpVersion: nil, newConnections: 0,
                        startedAt: started)
                } catch {
                    loop.fail("\(error)", startedAt: started)
                }
            }
        }
        return loop.run(impl: "modern-async", mode: "typed")
    }

    /// A legacy result is good when it is the user object; its size stands for the body's.
    private static func check(
        _ result: Any?, _ error: (any Error)?, _ reading: Reading, _ loop: LoadLoop, _ started: UInt64
    ) {
        if let error {
            loop.fail("\(error)", startedAt: started)
            return
        }
        let members: Int?
        switch reading {
        case .swiftDictionary:
            if let user = result as? [String: Any], user["id"] is String { members = user.count } else { members = nil }
        case .nsDictionary:
            if let user = result as? NSDictionary, user.object(forKey: "id") is String {
                members = user.count
            } else {
                members = nil
            }
        }
        if let members {
            loop.complete(status: 200, bodyBytes: members, httpVersion: nil, newConnections: 0, startedAt: started)
        } else {
            loop.complete(status: 0, bodyBytes: 0, httpVersion: nil, newConnections: 0, startedAt: started)
        }
    }

    /// A `Facebook` object whose Graph base URL is the URL's origin (as `FB_GRAPH_BASE_URL` sets it).
    private static func makeFacebook(_ settings: LoadSettings) -> (Facebook, String)? {
        guard let split = splitURL(settings.url) else { return nil }
        setenv("FB_GRAPH_BASE_URL", split.base, 1)
        let facebook = Facebook(appId: "123456789", andDelegate: nil)
        facebook.accessToken = "EAAbenchmarktoken"
        facebook.expirationDate = Date.distantFuture
        // The token was set by hand, not by a login: without this every request would try to extend it.
        facebook.extendsAccessTokenAutomatically = false
        return (facebook, split.path)
    }

    /// `http://host:port/me` as (`http://host:port/`, `me`).
    private static func splitURL(_ url: String) -> (base: String, path: String)? {
        guard let scheme = url.range(of: "://"),
            let slash = url[scheme.upperBound...].firstIndex(of: "/")
        else {
            FileHandle.standardError.write(Data("fbbench: cannot split \(url)\n".utf8))
            return nil
        }
        return (String(url[...slash]), String(url[url.index(after: slash)...]))
    }

    /// The delegate of the delegate run: every terminal callback reports to the loop. The delegate
    /// API hands back the request, not a closure's capture, so a run that records latency keeps each
    /// request's start stamp by the request's identity until its callback (main queue, as `send`).
    private final class CountingDelegate: NSObject, FBRequestDelegate, @unchecked Sendable {
        var loop: LoadLoop?
        let reading: Reading
        /// Start stamps of the requests in flight, by request, when the run records latency.
        private let stamps = Mutex<[ObjectIdentifier: UInt64]>([:])

        init(reading: Reading) {
            self.reading = reading
        }

        /// Keeps `request`'s start stamp for its callback.
        func stamp(_ request: FBRequest, _ started: UInt64) {
            stamps.withLock { $0[ObjectIdentifier(request)] = started }
        }

        /// The stamp kept for `request` (removed), or 0 when none was kept.
        private func started(_ request: FBRequest?) -> UInt64 {
            guard let request else { return 0 }
            return stamps.withLock { $0.removeValue(forKey: ObjectIdentifier(request)) } ?? 0
        }

        func request(_ request: FBRequest!, didLoad result: Any!) {
            if let loop { check(result, nil, reading, loop, started(request)) }
        }

        func request(_ request: FBRequest!, didFailWithError error: (any Error)!) {
            if let loop { check(nil, error, reading, loop, started(request)) }
        }
    }
}
