import Foundation

/// The opt-in "legacy Graph shapes" (``Facebook/usesLegacyGraphShapes``): a Graph answer reshaped to
/// what v2-era code read.
///
/// | today | v2-era | where |
/// |---|---|---|
/// | `"picture": {"data": {"url": U, …}}` | `"picture": U` | any object, at any depth (`me`, `data` lists) |
/// | `{"success": true}` (deletes, updates) | `["result": "true"]` (v2's parse of a bare `true`) | the whole answer |
///
/// Anything else is left as it is.
enum LegacyGraphShapes {
    /// `value` reshaped.
    static func reshape(_ value: Any?) -> Any? {
        if let dictionary = value as? [String: Any], dictionary.count == 1, let success = dictionary["success"],
            (success as? Bool) == true
        {
            return ["result": "true"]
        }
        return value.map(reshapeTree)
    }

    private static func reshapeTree(_ value: Any) -> Any {
        switch value {
        case let dictionary as [String: Any]:
            var result: [String: Any] = [:]
            for (key, item) in dictionary {
                if key == "picture", let url = pictureURL(item) {
                    result[key] = url
                } else {
                    result[key] = reshapeTree(item)
                }
            }
            return result
        case let array as [Any]:
            return array.map(reshapeTree)
        default:
            return value
        }
    }

    /// The URL of a `{"data": {"url": …}}` picture.
    private static func pictureURL(_ value: Any) -> String? {
        ((value as? [String: Any])?["data"] as? [String: Any])?["url"] as? String
    }
}
