import Foundation

/// How v3.1 put a graph object into a request's form (`FBRequestConnection`'s `processGraphObject`):
/// strings and numbers as they are, arrays as `key[0]`, `key[1]`…, and a nested graph object (or
/// dictionary) by reference — its `id`, else its `url` — except the `image` of an Open Graph action
/// posted to `me/<namespace>:<action>`, which goes by value as `image[url]`, `image[user_generated]`….
enum FBGraphObjectForm {
    /// The form pairs of `object`, posted to `path`, in key order.
    static func pairs(of object: any FBGraphObjectProtocol, path: String) -> [(name: String, value: String)] {
        var result: [(name: String, value: String)] = []
        let action = isOpenGraphAction(path)
        let members = members(of: object)
        for key in members.keys.sorted() {
            append(key, members[key] as Any, byValue: action && key == "image", to: &result)
        }
        return result
    }

    /// The members of a graph object, by name.
    private static func members(of object: any FBGraphObjectProtocol) -> [String: Any] {
        var members: [String: Any] = [:]
        for case let key as String in object.keyEnumerator()?.allObjects ?? [] {
            members[key] = object.object(forKey: key)
        }
        return members
    }

    /// The id `value` stands for: a graph object's or dictionary's `id`, else its description.
    static func fbid(of value: Any) -> String {
        if let object = value as? any FBGraphObjectProtocol, let id = object.object(forKey: "id") { return "\(id)" }
        if let dictionary = value as? NSDictionary, let id = dictionary["id"] { return "\(id)" }
        if let number = value as? NSNumber { return number.stringValue }
        return "\(value)"
    }

    /// The elements of a collection given as `id<NSFastEnumeration>`: an array, a set, or one value.
    static func elements(of collection: Any) -> [Any] {
        switch collection {
        case let array as [Any]: return array
        case let array as NSArray: return array.map { $0 }
        case let set as NSSet: return set.allObjects
        default: return [collection]
        }
    }

    /// True for a post to `me/<something>:<something>` (before any `?`), 3.1.1's test for an action.
    private static func isOpenGraphAction(_ path: String) -> Bool {
        let trimmed = path.hasPrefix("/") ? String(path.dropFirst()) : path
        guard trimmed.hasPrefix("me/") else { return false }
        let beforeQuery = trimmed.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
        return beforeQuery.dropFirst(3).contains(":")
    }

    private static func append(
        _ key: String, _ value: Any, byValue: Bool, to result: inout [(name: String, value: String)]
    ) {
        switch value {
        case let string as String:
            result.append((key, string))
        case let number as NSNumber:
            result.append((key, number.stringValue))
        case let array as [Any]:
            for (index, element) in array.enumerated() {
                append("\(key)[\(index)]", element, byValue: byValue, to: &result)
            }
        default:
            let members = dictionary(of: value)
            guard let members else { return }
            if byValue {
                for member in members.keys.sorted() {
                    append("\(key)[\(member)]", members[member] as Any, byValue: false, to: &result)
                }
            } else if let reference = members["id"] ?? members["url"] {
                result.append((key, (reference as? NSNumber)?.stringValue ?? "\(reference)"))
            }
        }
    }

    /// The members of a graph object or dictionary; nil for anything else.
    private static func dictionary(of value: Any) -> [String: Any]? {
        if let object = value as? any FBGraphObjectProtocol { return members(of: object) }
        if let dictionary = value as? [String: Any] { return dictionary }
        if let dictionary = value as? NSDictionary {
            var members: [String: Any] = [:]
            for case let (key as String, member) in dictionary { members[key] = member }
            return members
        }
        return nil
    }
}
