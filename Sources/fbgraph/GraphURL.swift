import FacebookGraph
import Foundation

/// Builds Graph URLs (base + path + encoded query) and form bodies through the core's
/// `FormEncoding`.
enum GraphURL {
    /// `base` + `path` (or `path` alone when it is an absolute http or https URL, such as a
    /// `paging.next` link) + `parameters` as a query, added with `&` when the URL has one already.
    static func make(base: String, path: String, parameters: [(String, String)]) -> String {
        var url: String
        if path.hasPrefix("http://") || path.hasPrefix("https://") {
            url = path
        } else {
            url = base.hasSuffix("/") ? base : base + "/"
            url += path.hasPrefix("/") ? String(path.dropFirst()) : path
        }
        return appending(parameters, to: url)
    }

    /// `url` with `parameters` added to its query (`?`, or `&` when it has a query already).
    static func appending(_ parameters: [(String, String)], to url: String) -> String {
        FormEncoding.appending(parameters, to: url)
    }

    /// `key=value&…` with keys and values percent-encoded: a query or an
    /// `application/x-www-form-urlencoded` body.
    static func formEncoded(_ parameters: [(String, String)]) -> String {
        FormEncoding.encode(parameters)
    }

    /// True when the query of `url` has a parameter called `name`.
    static func query(of url: String, contains name: String) -> Bool {
        URLComponents(string: url)?.queryItems?.contains { $0.name == name } ?? false
    }

}
