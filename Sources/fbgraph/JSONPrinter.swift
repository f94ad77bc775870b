import FacebookGraph
import Foundation

/// Prints JSON bodies pretty (or compact), keys sorted, and anything else as text.
///
/// The JSON is exact: every string holds the value the server sent. Characters a terminal would
/// obey that JSON allows raw inside a string — DEL, the C1 controls, bidi overrides and isolates, the
/// line and paragraph separators (``TerminalText/needsPlaceholder(_:keepingNewlines:)``) — are
/// written as `\u` escapes (the same value to any JSON reader), so printing JSON on a terminal
/// never drives it. (The C0 controls are escaped by JSON itself.)
enum JSONPrinter {
    /// `body` as pretty or one-line JSON; the body as text when it is not JSON.
    static func render(_ body: Data, compact: Bool) -> String {
        guard let object = try? GraphJSON.parse(body) else {
            return String(decoding: body, as: UTF8.self)
        }
        var options: JSONSerialization.WritingOptions = [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes]
        if !compact { options.insert(.prettyPrinted) }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: options) else {
            return String(decoding: body, as: UTF8.self)
        }
        return escapingTerminalControls(String(decoding: data, as: UTF8.self))
    }

    /// `json` (serialised JSON: such characters occur only inside its strings) with each character
    /// a terminal would obey written as a `\uXXXX` escape.
    static func escapingTerminalControls(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: { TerminalText.needsPlaceholder($0) }) else { return json }
        var result = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            // Outside strings serialised JSON has only spaces and line feeds; a line feed stays.
            guard scalar != "\n", TerminalText.needsPlaceholder(scalar) else {
                result.append(scalar)
                continue
            }
            result.append(contentsOf: JSONString.unicodeEscape(scalar).unicodeScalars)
        }
        return String(result)
    }
}
