import FacebookGraph
import Foundation

/// `FBGraphBasePath`: the Graph API's address, as v3.1's `FBRequest.h` exported it.
public let FBGraphBasePath = "https://graph.facebook.com"

/// The values of v3.1's `FBRequest` properties that v2 did not have.
struct FBRequestV31Fields {
    var session: FBSession?
    var graphPath: String?
    var restMethod: String?
    var graphObject: (any FBGraphObjectProtocol)?
}

/// v3.1's `FBRequest`: a Graph or REST call described once, sent by an ``FBRequestConnection`` (alone or
/// in a batch) through the session's `GraphClient`. v3.1 kept v2's members on the same class as a
/// deprecated category, and so does this package: ``parameters`` is v2's `params`, and v3.1's
/// `HTTPMethod` property is v2's ``httpMethod`` (the importer spells both `httpMethod`).
///
/// ```swift
/// FBRequest.forMe().start { connection, result, error in
///     let user = result as? NSMutableDictionary
/// }
/// ```
///
/// The spellings are the Clang importer's for the 3.1.1 headers (Tests/ImporterProbes/v31-request.swift):
/// `requestForMe` is ``forMe()``, `requestWithGraphPath:parameters:HTTPMethod:` is
/// ``init(graphPath:parameters:httpMethod:)``, `startWithCompletionHandler:` is ``start(completionHandler:)``.
extension FBRequest {
    /// The `migration_bundle` 3.1.1 put into every request's parameters (`FB_IOS_SDK_MIGRATION_BUNDLE`).
    static let v31MigrationBundle = "fbsdk:20121026"

    // MARK: - Creating a request

    /// `initWithSession:graphPath:`: a GET of `graphPath` for `session` (nil: no token).
    public convenience init!(session: FBSession!, graphPath: String!) {
        self.init(session: session, graphPath: graphPath, parameters: nil, httpMethod: nil)
    }

    /// `initWithSession:graphPath:parameters:HTTPMethod:`: a Graph call of `graphPath` for `session`
    /// (nil: no token) with `parameters` (copied; strings, numbers, `Data` and ``UIImage`` files) and
    /// `httpMethod` (nil: `GET`).
    public convenience init!(
        session: FBSession!, graphPath: String!, parameters: [AnyHashable: Any]!, httpMethod: String!
    ) {
        self.init()
        let all = NSMutableDictionary(dictionary: ["migration_bundle": Self.v31MigrationBundle])
        if let parameters {
            // The caller's entries (a migration_bundle of its own included) win, as in 3.1.1.
            for (key, value) in parameters { all[key] = value }
        }
        params = all
        self.httpMethod = httpMethod ?? "GET"
        v31.session = session
        v31.graphPath = graphPath
    }

    /// `initForPostWithSession:graphPath:graphObject:`: a POST of `graphObject`'s properties to `graphPath`.
    public convenience init!(forPostWith session: FBSession!, graphPath: String!, graphObject: FBGraphObjectProtocol!) {
        self.init(session: session, graphPath: graphPath, parameters: nil, httpMethod: "POST")
        self.graphObject = graphObject
    }

    /// `initWithSession:restMethod:parameters:HTTPMethod:`: a call of the legacy REST method `restMethod`.
    public convenience init!(
        session: FBSession!, restMethod: String!, parameters: [AnyHashable: Any]!, httpMethod: String!
    ) {
        self.init(session: session, graphPath: nil, parameters: parameters, httpMethod: httpMethod)
        v31.restMethod = restMethod
    }

    // MARK: - Properties

    /// The parameters (v2's ``params``, the same dictionary): edit them before the request is sent. A
    /// request made with `FBRequest()` gets an empty dictionary here, as v3.1's `init` gave one.
    public var parameters: NSMutableDictionary! {
        if params == nil { params = NSMutableDictionary() }
        return params
    }

    /// The session whose token the request carries; nil sends none.
    public var session: FBSession! {
        get { v31.session }
        set { v31.session = newValue }
    }

    /// The Graph path (`me`, `me/friends`); nil for a REST call.
    public var graphPath: String! {
        get { v31.graphPath }
        set { v31.graphPath = newValue }
    }

    /// The legacy REST method (`users.getInfo`); when set, the request goes to the REST API.
    public var restMethod: String! {
        get { v31.restMethod }
        set { v31.restMethod = newValue }
    }

    /// The object whose properties a POST sends (by reference: a nested graph object as its `id` or
    /// `url`; arrays as `key[0]`, `key[1]`…). Setting it makes the request a POST, as in v3.1.
    public var graphObject: FBGraphObjectProtocol! {
        get { v31.graphObject }
        set {
            v31.graphObject = newValue
            httpMethod = "POST"
        }
    }

    // MARK: - Starting

    /// `startWithCompletionHandler:`: sends the request on a new ``FBRequestConnection`` and returns it;
    /// `handler` is called once, on the callback queue (the main queue unless
    /// ``Facebook/defaultCallbackQueue`` says otherwise), unless the connection is cancelled first.
    @discardableResult
    public func start(completionHandler handler: FBRequestHandler!) -> FBRequestConnection! {
        let connection = FBRequestConnection(timeout: TimeInterval(LegacyConstants.timeoutSeconds))!
        connection.add(self, completionHandler: handler)
        connection.start()
        return connection
    }

    // MARK: - The core request

    /// The core request this v3.1 request is: its Graph path or REST method, its method (nil is GET;
    /// any case), its parameters in key order with `Data` and ``UIImage`` values as files (POST only),
    /// the graph object's properties, and its session's token.
    func v31GraphRequest() -> GraphRequest {
        let method = GraphHTTPMethod(rawValue: httpMethod ?? "GET")
        var text: [(name: String, value: String)] = []
        var files: [GraphAttachment] = []
        for (key, value) in LegacyRequestBody.values(of: params) {
            switch value {
            case .text(let string): text.append((name: key, value: string))
            case .file(let data):
                if method == .post {
                    let type = UIImage.mediaType(of: data)
                    files.append(GraphAttachment(name: key, filename: key, contentType: type, data: data))
                } else {
                    LegacyLog.log("can not use \(method.rawValue) to upload a file; \(key) is not sent")
                }
            }
        }
        if let graphObject {
            text += FBGraphObjectForm.pairs(of: graphObject, path: graphPath ?? "")
        }
        let endpoint: GraphRequest.Endpoint = restMethod.map { .rest($0) } ?? .graph(graphPath ?? "")
        var request = GraphRequest(endpoint: endpoint, method: method, parameters: text, attachments: files)
        request.accessToken = session?.accessToken
        return request
    }
}
