import FacebookGraph
import Foundation

/// `stream.publish` and `comments.add`.
enum RESTPublishTranslation {
    /// What a Graph publish answers: the new object's id.
    private struct Created: Decodable {
        var id: String
    }

    /// `stream.publish` → `POST <target_id or me>/feed` (`target_id` checked as a Graph id) with `message`, `link`, `name`, `caption`,
    /// `description`, `picture` (an `attachment` JSON's `href`, `name`, `caption`, `description` and
    /// first `media` `src` fill the ones not given) → the post id, a string.
    static let streamPublish: RESTMethodTable.Translation = { context throws(RESTFailure) in
        let call = context.call
        var parameters: [String: String] = [:]
        for name in ["message", "link", "name", "caption", "description", "picture"] {
            parameters[name] = call.value(name)
        }
        for (name, value) in attachmentFields(call.value("attachment")) where parameters[name] == nil {
            parameters[name] = value
        }
        guard !parameters.isEmpty else { throw .invalidParameter("stream.publish needs a message or a link") }
        let target = try context.id("target_id", default: "me")
        let post = try await context.send(
            GraphRequest(path: "\(target)/feed", method: .post, parameters: parameters), as: Created.self)
        return RESTBridge.json(post.id)
    }

    /// `comments.add` (`post_id` or `object_id`, checked as a Graph id; `comment` or `text`) →
    /// `POST <object>/comments` `message=…` → the comment id, a string.
    static let addComment: RESTMethodTable.Translation = { context throws(RESTFailure) in
        let call = context.call
        let objectName = call.value("post_id") == nil ? "object_id" : "post_id"
        guard call.value(objectName) != nil else {
            throw .invalidParameter("comments.add needs post_id or object_id")
        }
        let object = try context.id(objectName, default: "")
        guard let text = call.value("comment") ?? call.value("text") else {
            throw .invalidParameter("comments.add needs comment (or text)")
        }
        let comment = try await context.send(
            GraphRequest(path: "\(object)/comments", method: .post, parameters: ["message": text]), as: Created.self)
        return RESTBridge.json(comment.id)
    }

    /// The feed fields REST's `attachment` JSON carried: `href` → `link`, `name`, `caption`,
    /// `description`, and the first `media` item's `src` → `picture`.
    static func attachmentFields(_ json: String?) -> [String: String] {
        guard let json, let object = (try? GraphJSON.parse(json)) as? [String: Any]
        else { return [:] }
        var fields: [String: String] = [:]
        fields["link"] = object["href"] as? String
        for name in ["name", "caption", "description"] { fields[name] = object[name] as? String }
        fields["picture"] = ((object["media"] as? [[String: Any]])?.first?["src"]) as? String
        return fields.filter { !$0.value.isEmpty }
    }
}
