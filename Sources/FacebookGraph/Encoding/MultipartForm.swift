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

extension MultipartForm {
    /// The v2 SDK's multipart body (`generatePostBody`, legacy-sdk-facts §2.4): the fixed boundary,
    /// text parts first, then file parts named `filename="<key>"` with `Content-Type: content/unknown`,
    /// and the closing boundary (v2 never closed it: a documented deviation).
    package static func legacyV2(text: [(String, String)], files: [(String, Data)]) -> LegacyV2Body {
        LegacyV2Body(text: text, files: files)
    }

    /// A body in the v2 SDK's layout; see ``legacyV2(text:files:)``.
    package struct LegacyV2Body {
        /// The v2 SDK's boundary.
        package static let boundary = "3i2ndDfv2rTHiSisAbouNdArYfORhtTPEefj3q2f"
        /// The text fields, in order.
        package var text: [(String, String)]
        /// The files, in order.
        package var files: [(String, Data)]

        /// `multipart/form-data; boundary=<the v2 boundary>`.
        package var contentType: String { "multipart/form-data; boundary=\(Self.boundary)" }

        /// The bytes.
        package var body: Data {
            let boundary = Self.boundary
            var parts: [Data] = []
            for (key, value) in text {
                var part = Data("Content-Disposition: form-data; name=\"\(key)\"\r\n\r\n".utf8)
                part.append(Data(value.utf8))
                parts.append(part)
            }
            for (key, data) in files {
                var part = Data("Content-Disposition: form-data; filename=\"\(key)\"\r\n".utf8)
                part.append(Data("Content-Type: content/unknown\r\n\r\n".utf8))
                part.append(data)
                parts.append(part)
            }
            if parts.isEmpty { return Data("--\(boundary)--\r\n".utf8) }
            var body = Data("--\(boundary)\r\n".utf8)
            for (index, part) in parts.enumerated() {
                body.append(part)
                body.append(Data((index == parts.count - 1 ? "\r\n--\(boundary)--\r\n" : "\r\n--\(boundary)\r\n").utf8))
            }
            return body
        }
    }
}
