import FacebookGraph
import Foundation

/// The REST-to-Graph bridge: answers a call of the gone REST API (`users.getInfo`, `fql.query`…) with
/// the Graph calls that replace it, in the REST result shape legacy code reads.
///
/// Every Graph call is a core `GraphRequest` sent by a `GraphClient` (the one prepare step, the
/// request's own transport, the core's `GraphError` and, for friends lists, `GraphPages`); the answer
/// is written as the REST API wrote it — HTTP 200, `text/javascript`, a bare JSON value, or
/// `{"error_code", "error_msg", "request_args"}` — and handed to the legacy request's normal
/// delivery, so the delegate, the block, the `Result` and the `async` paths parse it exactly as a
/// REST answer. ``RESTMethodTable`` lists the methods; Migration.md documents each shape.
package struct RESTBridge: Sendable {
    /// The REST method this bridge answers.
    package var methodName: String
    /// Where the Graph calls go (the `Facebook` object's ``Facebook/graphBaseURL``).
    package var graphBaseURL: String
    /// The app's id (`client_id` of the token exchange).
    package var appID: String?
    /// The app secret (`client_secret` of the token exchange); servers only.
    package var appSecret: String?
    /// The `limit` of each friends page.
    package var friendsPageSize: Int
    /// The most friends pages followed.
    package var maxFriendsPages = 100
    /// The total timeout of each Graph call (the legacy 180 seconds).
    package var timeout: Duration = .seconds(LegacyConstants.timeoutSeconds)

    /// A bridge for `methodName`, calling the Graph API at `graphBaseURL`.
    package init(
        methodName: String,
        graphBaseURL: String,
        appID: String? = nil,
        appSecret: String? = nil,
        friendsPageSize: Int = 100
    ) {
        self.methodName = methodName
        self.graphBaseURL = graphBaseURL
        self.appID = appID
        self.appSecret = appSecret
        self.friendsPageSize = max(1, friendsPageSize)
    }

    /// Answers `call` through Graph calls over `transport`, then calls `completion` once with the
    /// REST-shaped response (whose URL is `restURL`) or the transport error of a Graph call that got
    /// no answer. An unknown method or unsupported FQL query completes without any request.
    ///
    /// - Returns: A handle whose `cancel()` stops the Graph calls in flight.
    package func start(
        _ call: RESTCall,
        restURL: String,
        transport: any HTTPTransport,
        completion: @escaping @Sendable (Result<RawResponse, TransportError>) -> Void
    ) -> TransferHandle {
        let context = Context(bridge: self, call: call, transport: transport)
        let task = Task(executorPreference: RESTBridgeExecutor.shared) {
            let outcome: Result<Data, TransportError>
            do throws(RESTFailure) {
                outcome = .success(try await RESTMethodTable.answer(context))
            } catch {
                outcome = error.outcome(for: call)
            }
            completion(
                outcome.map { body in
                    RawResponse(
                        status: 200,
                        headers: ["Content-Type": "text/javascript; charset=UTF-8"],
                        body: body,
                        effectiveURL: restURL
                    )
                })
        }
        return TransferHandle(TaskCancel(task))
    }

    /// Sends `call` and blocks until its REST-shaped response (at most `timeout`, then the calls are
    /// cancelled and the result is `timedOut`: the package's one bounded wait, `BlockingWait`): for
    /// synchronous callers without a legacy request (`fbgraph rest`). The bridge's work runs on its
    /// own queue, so any thread may wait here.
    package func sendAndWait(
        _ call: RESTCall,
        restURL: String,
        transport: any HTTPTransport,
        timeout: Duration = .seconds(600)
    ) -> Result<RawResponse, TransportError> {
        let outcome = BlockingWait.run(timeout: timeout) { finish in
            start(call, restURL: restURL, transport: transport, completion: finish)
        } cancel: { handle in
            handle.cancel()
        }
        switch outcome {
        case .completed(let result): return result
        case .timedOut: return .failure(TransportError(.timedOut, message: "no answer within \(timeout)", url: restURL))
        }
    }

    /// JSON text of a REST answer (arrays, dictionaries, and bare numbers, strings and `true`, as
    /// the REST API sent them).
    static func json(_ value: Any) -> Data {
        (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])) ?? Data()
    }

    /// What a translation works with: the call, and the Graph client that makes its Graph calls.
    struct Context: Sendable {
        let bridge: RESTBridge
        let call: RESTCall
        /// The client of the session's calls: the call's token.
        let client: GraphClient
        /// The client of calls that carry their own credential (the token exchange): no token.
        let clientWithoutToken: GraphClient

        init(bridge: RESTBridge, call: RESTCall, transport: any HTTPTransport) {
            self.bridge = bridge
            self.call = call
            var configuration = GraphConfiguration()
            configuration.graphBaseURL = bridge.graphBaseURL
            // The legacy funnel sends once; so does the bridge.
            configuration.retryPolicy = .never
            configuration.timeout = bridge.timeout
            clientWithoutToken = GraphClient(configuration: configuration, transport: GraphTransport(transport))
            configuration.accessToken = call.accessToken
            client = GraphClient(configuration: configuration, transport: GraphTransport(transport))
        }

        /// The call's parameter `name` as a Graph id (`me`, a number, numbers joined by `_`: the core's
        /// `GraphID`), or `fallback` when it is absent or empty. Anything else — `me/feed?`, a query,
        /// another segment — would change the Graph path, so it is REST's "Invalid parameter" (100)
        /// before any request.
        func id(_ name: String, default fallback: String) throws(RESTFailure) -> String {
            guard let value = call.value(name) else { return fallback }
            do {
                return try GraphID.checked(value, name: name)
            } catch {
                throw .invalidParameter(error.message)
            }
        }

        /// Sends one Graph call (with the session's token unless `withToken` is false); a Graph error
        /// becomes the REST error it maps to.
        func send(_ request: GraphRequest, withToken: Bool = true) async throws(RESTFailure) -> GraphResponse {
            do {
                return try await (withToken ? client : clientWithoutToken).send(request)
            } catch {
                throw .graph(error)
            }
        }

        /// Sends one Graph call and decodes its answer as `type`.
        func send<T: Decodable>(
            _ request: GraphRequest, as type: T.Type, withToken: Bool = true
        ) async throws(RESTFailure) -> T {
            let response = try await send(request, withToken: withToken)
            do {
                return try response.decode(type)
            } catch {
                throw .graph(error)
            }
        }

        /// Every friend of the user (`me/friends?fields=…&limit=…`, following `paging.next` through the
        /// core's paging), in the order Graph lists them.
        func friends(of user: String = "me", fields: [String]) async throws(RESTFailure) -> [GraphUser] {
            let request = GraphRequest(
                path: "\(user)/friends",
                parameters: ["fields": fields.joined(separator: ","), "limit": "\(bridge.friendsPageSize)"]
            )
            var friends: [GraphUser] = []
            do {
                for try await friend in client.items(of: request, as: GraphUser.self, maxPages: bridge.maxFriendsPages)
                {
                    friends.append(friend)
                }
            } catch {
                throw .graph(error)
            }
            return friends
        }
    }
}

/// Cancels the bridge's task (and with it the Graph call in flight).
private final class TaskCancel: TransferCancelling {
    let task: Task<Void, Never>

    init(_ task: Task<Void, Never>) {
        self.task = task
    }

    func cancel() {
        task.cancel()
    }
}
