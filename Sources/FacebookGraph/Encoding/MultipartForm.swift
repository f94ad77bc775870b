import Foundation

/// A `multipart/form-data` body (RFC 7578): text parts and file parts, in order.
package struct MultipartForm: Sendable {
    /// One part of the form.
    package enum Part: Sendable, Equatable {
        /// A text field.
        case text(name: String, value: String)
        /// A file: its field name, the file name sent, its media type and its bytes.
        case file(name: String, filename: String, contentType: String, data: Data)
    }

    /// The parts, in the order they are sent.
    package var parts: [Part]
    /// The boundary between parts.
    package let boundary: String

    /// A form of `parts`; the boundary is random unless given.
    package init(parts: [Part], boundary: String = "FacebookSDKShim-" + UUID().uuidString) {
        self.parts = parts
        self.boundary = boundary
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
                body.append(Data("Content-Disposition: form-data; name=\"\(Self.quoted(name))\"\r\n\r\n".utf8))
                body.append(Data(value.utf8))
            case .file(let name, let filename, let contentType, let data):
                let disposition = "form-data; name=\"\(Self.quoted(name))\"; filename=\"\(Self.quoted(filename))\""
                body.append(Data("Content-Disposition: \(disposition)\r\n".utf8))
                body.append(Data("Content-Type: \(contentType)\r\n\r\n".utf8))
                body.append(data)
            }
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        return body
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

    /// A name or file name inside quotes, with `"`, CR and LF escaped as browsers do.
    private static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "%22")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }
}
