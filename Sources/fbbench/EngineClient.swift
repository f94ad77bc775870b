import FacebookGraph
import Foundation

/// The `transport-child --client engine` run: the FacebookGraph ``CurlEngine`` driven through its
/// callback API, the next request submitted from inside each completion (on the engine's thread).
enum EngineClient {
    /// Runs the load, prints the RESULT line and returns the exit status.
    static func run(_ settings: LoadSettings) -> Int32 {
        var options = TransferOptions()
        options.additionalCAFile = settings.caFile
        let request: PreparedRequest
        do {
            request = try PreparedRequest(method: "GET", url: settings.url, options: options)
        } catch {
            FileHandle.standardError.write(Data("fbbench: \(error)\n".utf8))
            return 1
        }
        // Set up outside the measured loop, as the C loop's curl_global_init is.
        let engine = CurlEngine.shared
        // `https` negotiates HTTP/2 through ALPN (the default `http2OverTLS`); `http` stays on 1.1.
        let https = request.scheme == "https"
        let loop = LoadLoop(settings: settings, expectedVersion: https ? "2" : "1.1", countsConnections: true) {
            loop, started in
            engine.execute(request) { result in
                switch result {
                case .success(let response):
                    loop.complete(
                        status: response.status,
                        bodyBytes: response.body.count,
                        httpVersion: response.httpVersion,
                        newConnections: response.connection.newConnections,
                        startedAt: started
                    )
                case .failure(let error):
                    loop.fail(error.description, startedAt: started)
                }
            }
        }
        return loop.run(impl: "swift-engine", mode: https ? "multi-h2" : "multi-h1")
    }
}
