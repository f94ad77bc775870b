import Foundation

/// One page of a Graph list: `{"data": […], "paging": {…}, "summary": {…}}` (graph-wire-facts §A.0.3).
///
/// The `next` and `previous` links are kept **without** the credentials the server echoes in them
/// (`access_token`, `appsecret_proof`, `appsecret_time`): following one through the client applies
/// the client's own again, and printing a page never shows a token. The client follows a link only
/// on its own Graph origin (``GraphRequest/init(url:method:)``).
public struct GraphPage<Item: Decodable & Sendable>: Decodable, Sendable {
    /// The items of this page.
    public var data: [Item]
    /// The cursors and links to the neighbouring pages, when the list has any.
    public var paging: GraphPaging?
    /// `summary.total_count`, when the request asked for a summary.
    public var totalCount: Int?
    /// The page's body as the server sent it, set by ``GraphPages`` (empty for a page decoded
    /// elsewhere). Its paging links still carry whatever credentials the server echoed: read items
    /// from it, never store or print it whole.
    package internal(set) var body = Data()

    private enum CodingKeys: String, CodingKey {
        case data, paging, summary
    }

    private struct Summary: Decodable {
        var total_count: Int?
    }

    /// Decodes a page; a body without `data` is an empty page.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        data = try container.decodeIfPresent([Item].self, forKey: .data) ?? []
        paging = try container.decodeIfPresent(GraphPaging.self, forKey: .paging)
        totalCount = try container.decodeIfPresent(Summary.self, forKey: .summary)?.total_count
    }
}

/// The `paging` object of a list.
public struct GraphPaging: Decodable, Sendable, Hashable {
    /// The cursor before the first item of the page.
    public var before: String?
    /// The cursor after the last item. It can be present on the last page: follow ``next``, not it.
    public var after: String?
    /// The next page's URL, credentials removed.
    public var next: String?
    /// The previous page's URL, credentials removed.
    public var previous: String?

    private enum CodingKeys: String, CodingKey {
        case cursors, next, previous
    }

    private struct Cursors: Decodable {
        var before: String?
        var after: String?
    }

    /// Decodes `paging`, removing the credentials from its links.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let cursors = try container.decodeIfPresent(Cursors.self, forKey: .cursors)
        before = cursors?.before
        after = cursors?.after
        next = try container.decodeIfPresent(String.self, forKey: .next).map(Self.withoutCredentials)
        previous = try container.decodeIfPresent(String.self, forKey: .previous).map(Self.withoutCredentials)
    }

    private static func withoutCredentials(_ url: String) -> String {
        SecretDefinition.roles.removingClientCredentials(from: url).url
    }
}
