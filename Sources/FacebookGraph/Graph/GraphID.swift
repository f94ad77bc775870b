/// The one check of an id that a caller's value puts into a Graph path (`<id>/friends`,
/// `<id>/feed`, `<id>/comments`): the REST bridge's `uid`, `target_id`, `post_id` and `object_id`,
/// the friend picker's `userID`, `fbgraph friends --user`.
///
/// An id is `me`, a number (`4`, `100001234567890`), or numbers joined by `_` (a post or comment id,
/// `<owner>_<post>`). Anything else — `me/feed?`, `me?fields=email&x=`, `../4`, `4#`, a space, an
/// empty string — would add path segments or a query of its own, so it is refused before any
/// request (legacy REST took these as plain values; in a Graph path they change the call).
package enum GraphID {
    /// The longest id accepted, in bytes (today's ids have at most 17 digits per part).
    static let maxLength = 64

    /// True for `me`, a number, or numbers joined by single `_`s, at most ``maxLength`` bytes.
    package static func isValid(_ id: String) -> Bool {
        if id == "me" { return true }
        let bytes = id.utf8
        guard !bytes.isEmpty, bytes.count <= maxLength else { return false }
        var previousWasDigit = false
        for byte in bytes {
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                previousWasDigit = true
            } else if byte == UInt8(ascii: "_"), previousWasDigit {
                previousWasDigit = false
            } else {
                return false
            }
        }
        return previousWasDigit
    }

    /// `id`, when it is valid.
    ///
    /// - Parameters:
    ///   - id: The caller's value.
    ///   - name: What the value is called where the caller gave it (`uid`, `userID`, `--user`), for
    ///     the message.
    /// - Throws: ``GraphError`` of category ``GraphErrorCategory/invalidRequest`` naming `name` and
    ///   showing the value (escaped, shortened), before anything is sent.
    package static func checked(_ id: String, name: String) throws(GraphError) -> String {
        guard isValid(id) else {
            throw GraphError(
                shape: .httpStatus,
                message: "\(name) \(shown(id)) is not a Graph id: an id is me, a number, or numbers joined by _ "
                    + "(a post id such as 4_123)",
                httpStatus: nil,
                category: .invalidRequest
            )
        }
        return id
    }

    /// The value as the message shows it: quoted, with controls and non-ASCII escaped, at most 40
    /// characters.
    static func shown(_ value: String) -> String {
        var text = ""
        for scalar in value.unicodeScalars.prefix(40) {
            let plain = (0x20..<0x7F).contains(scalar.value) && scalar != "\"" && scalar != "\\"
            text += plain ? String(scalar) : scalar.escaped(asASCII: true)
        }
        return "\"" + text + (value.unicodeScalars.count > 40 ? "…" : "") + "\""
    }
}
