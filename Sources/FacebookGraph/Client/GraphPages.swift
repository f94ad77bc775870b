/// The pages of a Graph list, fetched one at a time as they are iterated: the first from the request,
/// each next one from the page's `paging.next` link, through the same client (so the token and
/// `appsecret_proof` are the client's, never the ones the server echoed in the link).
///
/// Iteration stops after a page without a `next` link, at an empty page, or after ``maxPages``. A
/// `next` link is the server's data and is followed as ``GraphRequest/init(url:method:)`` says: only
/// on the client's Graph origin (or `graph.facebook.com` mapped onto it); a link anywhere else ends
/// the iteration with a ``GraphErrorCategory/transport`` error naming its host, and nothing is sent.
///
/// ```swift
/// for try await page in client.pages(of: GraphRequest(path: "me/friends"), as: Friend.self) {
///     print(page.data.count)
/// }
/// ```
public struct GraphPages<Item: Decodable & Sendable>: AsyncSequence, Sendable {
    /// A page.
    public typealias Element = GraphPage<Item>
    /// Why fetching a page failed.
    public typealias Failure = GraphError

    let client: GraphClient
    let first: GraphRequest
    /// The most pages fetched.
    public let maxPages: Int

    /// An iterator that fetches page after page.
    public struct AsyncIterator: AsyncIteratorProtocol {
        /// A page.
        public typealias Element = GraphPage<Item>
        /// Why fetching a page failed.
        public typealias Failure = GraphError

        let client: GraphClient
        var next: GraphRequest?
        var remaining: Int

        /// The next page, or nil when the list has no more (or the page bound is reached).
        public mutating func next() async throws(GraphError) -> GraphPage<Item>? {
            guard remaining > 0, let request = next else { return nil }
            next = nil
            remaining -= 1
            let response = try await client.send(request)
            var page = try response.decode(GraphPage<Item>.self)
            page.body = response.body
            if !page.data.isEmpty, let link = page.paging?.next {
                next = GraphRequest(url: link)
            }
            return page
        }

    }

    /// An iterator starting at the first page.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(client: client, next: first, remaining: maxPages)
    }
}

/// The items of a Graph list across its pages, one at a time (see ``GraphPages``).
public struct GraphItems<Item: Decodable & Sendable>: AsyncSequence, Sendable {
    /// An item.
    public typealias Element = Item
    /// Why fetching a page failed.
    public typealias Failure = GraphError

    let pages: GraphPages<Item>

    /// An iterator over the items of every page.
    public struct AsyncIterator: AsyncIteratorProtocol {
        /// An item.
        public typealias Element = Item
        /// Why fetching a page failed.
        public typealias Failure = GraphError

        var pages: GraphPages<Item>.AsyncIterator
        var buffer: [Item] = []
        var index = 0

        /// The next item, fetching the next page when this one is used up.
        public mutating func next() async throws(GraphError) -> Item? {
            while index == buffer.count {
                guard let page = try await pages.next() else { return nil }
                buffer = page.data
                index = 0
            }
            defer { index += 1 }
            return buffer[index]
        }

    }

    /// An iterator starting at the first item.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(pages: pages.makeAsyncIterator())
    }
}

extension GraphClient {
    /// The pages of the list `request` starts, decoded as `Item`, at most `maxPages` of them.
    public func pages<Item: Decodable & Sendable>(
        of request: GraphRequest,
        as type: Item.Type,
        maxPages: Int = 100
    ) -> GraphPages<Item> {
        GraphPages(client: self, first: request, maxPages: max(0, maxPages))
    }

    /// The items of the list `request` starts, across at most `maxPages` pages.
    public func items<Item: Decodable & Sendable>(
        of request: GraphRequest,
        as type: Item.Type,
        maxPages: Int = 100
    ) -> GraphItems<Item> {
        GraphItems(pages: pages(of: request, as: type, maxPages: maxPages))
    }
}
