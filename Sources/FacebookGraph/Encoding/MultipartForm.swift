import Foundation

/// A `multipart/form-data` body to send: text parts and file parts, in order, in one of two styles.
///
/// - ``Style/rfc7578``: every part names its field (`name="…"`, with `"`, CR and LF escaped as
///   browsers do, and `\\`); a file part adds `filename="…"` and its media type. The boundary is random.
/// - ``Style/legacyV2``: exactly the bytes of the v2 SDK's `generatePostBody`: names written as they
///   are, a file part carrying only `filename="…"` (no `name`), and the fixed boundary
///   ``legacyV2Boundary``. ``legacyV2(fields:files:)`` builds the whole v2 body: string parts first,
///   then file parts named by their key with `Content-Type: content/unknown`.
///
/// Both styles frame parts the same way: `--boundary` CRLF, the part's headers, a blank line, the
/// content, CRLF; after the last part the closing `--boundary--` CRLF (v2 never wrote the closing
/// delimiter; this package does, a documented deviation). ``MultipartBody`` parses either style.
package struct MultipartForm: Sendable {
    /// One part of the form.
    package enum Part: Sendable, Equatable {
        /// A text field.
        case text(name: String, value: String)
        /// A file: its field name, the file name sent, its media type and its bytes.
        case file(name: String, filename: String, contentType: String, data: Data)
    }

    /// How the parts' headers are written.
    package enum Style: Sendable, Equatable {
        /// RFC 7578: `name` on every part, quoted values escaped.
        case rfc7578
        /// The v2 SDK's bytes: names unescaped, file parts with a `filename` and no `name`.
        case legacyV2
    }

    /// The fixed boundary of the v2 SDK (`kStringBoundary`).
    package static let legacyV2Boundary = "3i2ndDfv2rTHiSisAbouNdArYfORhtTPEefj3q2f"

    /// The media type v2 sent for every file part.
    package static let legacyV2FileContentType = "content/unknown"

    /// The parts, in the order they are sent.
    package var parts: [Part]
    /// The boundary between parts.
    package let boundary: String
    /// How the parts' headers are written.
    package let style: Style

    /// A form of `parts`; the boundary is random unless given.
    package init(
        parts: [Part],
        boundary: String = "FacebookSDKShim-" + UUID().uuidString,
        style: Style = .rfc7578
    ) {
        self.parts = parts
        self.boundary = boundary
        self.style = style
    }

    /// The v2 SDK's form: the string `fields` first, then the `files`, each file sent with its key
    /// as its file name and `content/unknown` as its media type, under ``legacyV2Boundary``.
    package static func legacyV2(
        fields: [(name: String, value: String)],
        files: [(name: String, data: Data)]
    ) -> MultipartForm {
        let textParts = fields.map { Part.text(name: $0.name, value: $0.value) }
        let fileParts = files.map {
            Part.file(name: $0.name, filename: $0.name, contentType: legacyV2FileContentType, data: $0.data)
        }
        return MultipartForm(parts: textParts + fileParts, boundary: legacyV2Boundary, style: .legacyV2)
    }

    /// The `Content-Type` header value.
    package var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// The body: each part after `--boundary`, then the closing `--boundary--`.
    package var body: Data {
        var body = Data()
        for part in parts {
            body.append(Data("--\(boundary)\r\n".utf8))
            switch part {
            case .text(let name, let value):
                body.append(Data("Content-Disposition: form-data; name=\"\(quoted(name))\"\r\n\r\n".utf8))
                body.append(Data(value.utf8))
            case .file(let name, let filename, let contentType, let data):
                let disposition =
                    switch style {
                    case .rfc7578: "form-data; name=\"\(quoted(name))\"; filename=\"\(quoted(filename))\""
                    case .legacyV2: "form-data; filename=\"\(filename)\""
                    }
                body.append(Data("Content-Disposition: \(disposition)\r\n".utf8))
                // Never a raw control character in the header: `prepare` refuses such a media type
                // with a clear error; a package caller that skipped it gets the controls dropped.
                let mediaType = String(
                    String.UnicodeScalarView(contentType.unicodeScalars.filter { !HTTPHeaders.isForbiddenInValue($0) }))
                body.append(Data("Content-Type: \(mediaType)\r\n\r\n".utf8))
                body.append(data)
            }
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        return body
    }

    /// True when `mediaType` can be written into a part header: no control character (CR, LF, NUL,
    /// DEL, C1 controls…), tab aside. Checked by scalar: a line feed followed by a combining mark is
    /// one Character that is not "\n".
    /// The one header-value rule: ``HTTPHeaders/isValidValue(_:)``.
    package static func isValidMediaType(_ mediaType: String) -> Bool {
        HTTPHeaders.isValidValue(mediaType)
    }

    /// The media type of a file, from its extension (`application/octet-stream` when unknown).
    package static func mediaType(ofFile path: String) -> String {
        let types = [
            "jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png", "gif": "image/gif",
            "webp": "image/webp", "heic": "image/heic", "mp4": "video/mp4", "mov": "video/quicktime",
            "txt": "text/plain", "json": "application/json", "pdf": "application/pdf",
        ]
        return types[URL(fileURLWithPath: path).pathExtension.lowercased()] ?? "application/octet-stream"
    }

    /// A name or file name as written inside quotes: escaped (`"`, CR, LF as `%22`, `%0D`, `%0A`, as
    /// browsers do, and `\\` as `%5C`) in the RFC 7578 style, as it is in the v2 style. The backslash
    /// is escaped too because quoted-string parsers (``MultipartBody`` among them) read `\\"` as a
    /// quote: a name ending in `\\` swallowed the rest of the header (found by FuzzMultipart).
    private func quoted(_ text: String) -> String {
        guard style == .rfc7578 else { return text }
        // By Unicode scalar: a line feed followed by a combining mark is one Character that
        // Character-wise replacing misses, and a raw line break ends the header (FuzzMultipart).
        return FormEncoding.replacingScalars(text, ["\\": "%5C", "\"": "%22", "\r": "%0D", "\n": "%0A"])
    }
}
