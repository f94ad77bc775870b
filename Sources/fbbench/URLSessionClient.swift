import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `transport-child --client urlsession` run: FoundationNetworking's `URLSession`, tuned the
/// way the benchmark anchors were (cookies and cache off, a connection per request in flight),
/// with `dataTask` completion handlers starting the next request.
enum URLSessionClient {
    /// Runs the load, prints the RESULT line and returns the exit status.
    static func run(_ settings: LoadSettings) -> Int32 {
        guard let url = URL(string: settings.url) else {
            FileHandle.standardError.write(Data("fbbench: invalid URL \(settings.url)\n".utf8))
            return 1
        }
        if settings.caFile != nil {
            FileHandle.standardError.write(Data("fbbench: URLSession on Linux cannot take a custom CA\n".utf8))
            return 1
        }
        let configuration = URLSessionConfiguration.default
        configuration.httpMaximumConnectionsPerHost = settings.concurrency
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        configuration.timeoutIntervalForRequest = 30
        let session = URLSession(configuration: configuration)
        let request = URLRequest(url: url)
        let loop = LoadLoop(settings: settings, expectedVersion: nil, countsConnections: false) { loop, started in
            session.dataTask(with: request) { data, response, error in
                if let error {
                    loop.fail("\(error)", startedAt: started)
                } else {
                    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                    loop.complete(
                        status: status, bodyBytes: data?.count ?? 0, httpVersion: nil, newConnections: 0,
                        startedAt: started)
                }
            }
            .resume()
        }
        let mode = url.scheme == "https" ? "multi-https" : "multi-h1"
        return loop.run(impl: "urlsession", mode: mode)
    }
}
