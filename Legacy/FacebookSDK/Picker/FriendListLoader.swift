import FacebookGraph
import Foundation

/// Fetching a friend list through the core's paging (`GraphClient.pages`, which follows
/// `paging.next` until a page without one or with empty `data`), and the cache's side of it.
///
/// Pages are kept as `{"data": […]}` re-encoded from the items: the server's paging links (which
/// echo the access token) never reach the cache, and every URL inside the items loses its secret
/// query items (``SecretPolicy/removingSecretQueryItems(fromJSON:)``); the store refuses a page that
/// still holds a secret.
enum FriendListLoader {
    /// The most pages one load follows (5,000 friends at 25 a page need 200).
    static let maxPages = 10_000

    /// The token owner's id for cache keys: the session's, else asked once (`me?fields=id`) and
    /// remembered on the session; nil when Graph does not say.
    static func owner(of session: FBSession, client: GraphClient) async -> String? {
        if let known = session.userID { return known }
        guard let response = try? await client.send(GraphRequest(path: "me", parameters: ["fields": "id"])),
            let object = try? response.jsonObject() as? [String: Any]
        else { return nil }
        let id = FBGraphObject(dictionary: object).string(forKey: "id")
        if let id { session.userID = id }
        return id
    }

    /// Fetches every page of `request`, calling `onPage` with each non-empty one as it arrives.
    ///
    /// - Returns: The non-empty pages, in order.
    /// - Throws: The core's `GraphError` (cancellation included).
    static func fetch(
        _ request: FriendListRequest,
        client: GraphClient,
        onPage: (Data) -> Void
    ) async throws(GraphError) -> [Data] {
        var pages: [Data] = []
        var iterator = client.pages(of: try request.graphRequest(), as: GraphUser.self, maxPages: maxPages)
            .makeAsyncIterator()
        while let page = try await iterator.next() {
            guard !page.data.isEmpty else { break }
            let body = try cacheable(page.body)
            pages.append(body)
            onPage(body)
        }
        return pages
    }

    /// A page body reduced to its items, `{"data": […]}`, with the credentials of every URL in them
    /// removed, at any depth (a nested edge's `paging.next` echoes the token as the top level's does).
    static func cacheable(_ body: Data) throws(GraphError) -> Data {
        guard let object = (try? GraphJSON.parse(body)) as? [String: Any],
            let items = object["data"] as? [Any],
            let data = try? JSONSerialization.data(
                withJSONObject: ["data": SecretPolicy.removingSecretQueryItems(fromJSON: items)], options: [.sortedKeys]
            )
        else {
            throw GraphError(
                decoding: "a friends page is not a JSON object with a data array", status: 200, body: Data())
        }
        return data
    }

    /// The friends of a page (`{"data": […]}`), each what a v3.1 result's graph objects are: an
    /// `NSMutableDictionary` of its own that answers ``FBGraphUser`` (read by the legacy layer's one
    /// builder, so `selection[0] as? NSMutableDictionary`, `["name"]` and `as? [String: Any]` work as
    /// on 3.1.1, where the picker handed out the graph objects themselves); objects without an `id`
    /// are dropped. A page that is not JSON has none.
    static func users(in page: Data) -> [FBGraphUser] {
        // `[Any]`, not `NSArray`: casting to `NSArray` bridges into a new array whose elements are
        // handed out as Swift copies; an `FBGraphObjectArray` bridges to `[Any]` holding its own objects.
        guard let object = v31Result(from: page) as? NSDictionary, let items = object["data"] as? [Any] else {
            return []
        }
        return items.compactMap { item -> FBGraphUser? in
            guard let user = item as? NSMutableDictionary else { return nil }
            return user.id == nil ? nil : user
        }
    }

    /// The cached pages of `request` for `owner`, if any.
    static func cachedPages(_ request: FriendListRequest, owner: String?, store: FriendCacheStore?) -> [Data]? {
        guard let owner, let store else { return nil }
        return store.pages(for: FriendPickerCache.key(request, owner: owner))
    }

    /// Stores `pages` as `owner`'s copy of `request`; a failure is said on standard error.
    static func store(_ pages: [Data], of request: FriendListRequest, owner: String?, store: FriendCacheStore?) {
        guard let owner, let store else { return }
        do {
            try store.store(pages: pages, for: FriendPickerCache.key(request, owner: owner))
        } catch {
            LegacyLog.log("friend picker cache: could not store the friend list: \(error)")
        }
    }
}
