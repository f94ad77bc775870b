import FacebookGraph
import Foundation

/// v3.1's `FBCacheDescriptor`: a description of data to fetch ahead of time and cache, made by
/// `FBFriendPickerViewController.cacheDescriptor()` or
/// `cacheDescriptor(withUserID:fieldsForRequest:)`.
open class FBCacheDescriptor: NSObject, @unchecked Sendable {
    /// `prefetchAndCacheForSession:`: fetches the data over `session` and caches it. Nothing happens
    /// for a nil session; the base class fetches nothing.
    open func prefetchAndCache(for session: FBSession!) {}
}

/// The friend picker's descriptor: whose friends and which extra fields.
final class FBFriendPickerCacheDescriptor: FBCacheDescriptor, @unchecked Sendable {
    /// Whose friends; nil means `me`.
    let userID: String?
    /// The extra fields.
    let fieldsForRequest: Set<AnyHashable>

    init(userID: String?, fieldsForRequest: Set<AnyHashable>?) {
        self.userID = userID
        self.fieldsForRequest = fieldsForRequest ?? []
        super.init()
    }

    /// Fetches every page from the network (never the cache) and stores them under the same key a
    /// picker with this user id and these fields reads.
    override func prefetchAndCache(for session: FBSession!) {
        prefetchAndCache(for: session) { _ in }
    }

    /// ``prefetchAndCache(for:)`` with a completion (on no particular thread): the pages stored, or
    /// the error.
    func prefetchAndCache(for session: FBSession?, completion: @escaping @Sendable (Result<Int, GraphError>) -> Void) {
        guard let session else { return }
        // v3.1 grouped the prefetch by `name`: already among the default fields, so the key matches.
        let request = FriendListRequest(userID: userID, extraFields: fieldsForRequest, groupByField: "name")
        let store = session.pageStore
        Task {
            if let error = request.invalidUserID { return completion(.failure(error)) }
            let client = session.graphClient()
            let owner = await FriendListLoader.owner(of: session, client: client)
            do throws(GraphError) {
                let pages = try await FriendListLoader.fetch(request, client: client) { _ in }
                FriendListLoader.store(pages, of: request, owner: owner, store: store)
                completion(.success(pages.count))
            } catch {
                completion(.failure(error))
            }
        }
    }
}
