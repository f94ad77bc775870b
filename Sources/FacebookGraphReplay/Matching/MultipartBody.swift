// A small multipart/form-data parser (RFC 7578 over RFC 2046), for request matching.
//
// Uploads (`POST /me/photos` with a `source` file, batch requests with `attached_files`) travel as
// multipart bodies whose boundary is random per request, so two identical uploads never have the
// same bytes. Matching compares the parts instead. The parser is strict about structure — it
// accepts a body only when every part is delimited and the closing delimiter is present — and
// lenient about content: any header bytes, any body bytes. A body it does not accept is compared
// byte for byte by the caller.

import Foundation

/// A parsed multipart/form-data body: its parts in order; the boundary, preamble and epilogue
/// dropped.
package struct MultipartBody: Sendable, Equatable {
    /// One part of the body.
    package struct Part: Sendable, Equatable {
        /// The `name` parameter of `Content-Disposition`, if any.
        package let name: String?
        /// The `filename` (or decoded `filename*`) parameter of `Content-Disposition`, if any. A
        /// part with a filename is a file upload; a part without one is a text field.
        package let filename: String?
        /// The part's `Content-Type`, if any, as sent.
        package let contentType: String?
        /// The part's header fields, in order, as sent.
        package let headers: [HARNameValue]
        /// The part's content.
        package let body: Data
    }

    /// The parts, in the order sent.
    package let parts: [Part]

    /// Parses `body`; `nil` unless it is a complete multipart body (first delimiter, every part's
    /// header block, and the closing delimiter `--boundary--` all present).
    ///
    /// - Parameters:
    ///   - body: The request body.
    ///   - boundary: The boundary from the `Content-Type`; when `nil`, it is read from the body's
    ///     first line (`--boundary`).
    package init?(_ body: Data, boundary: String?) {
        let bytes = [UInt8](body)
        guard let boundary = boundary ?? Self.sniffedBoundary(bytes), !boundary.isEmpty else { return nil }
        let dashBoundary = Array("--\(boundary)".utf8)
        let delimiter = Self.crlf + dashBoundary

        // The first delimiter opens the body, or follows a preamble ending with CRLF.
        var position: Int
        if bytes.starts(with: dashBoundary) {
            position = dashBoundary.count
        } else if let found = Self.find(delimiter, in: bytes[...], from: 0) {
            position = found + delimiter.count
        } else {
            return nil
        }

        var parts: [Part] = []
        while true {
            if bytes[position...].starts(with: Self.dashDash) { break }  // the closing delimiter
            while position < bytes.count, bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t")
            {
                position += 1  // transport padding
            }
            guard bytes[position...].starts(with: Self.crlf) else { return nil }
            position += Self.crlf.count
            guard let end = Self.find(delimiter, in: bytes[...], from: position),
                let part = Self.part(bytes[position..<end])
            else { return nil }
            parts.append(part)
            position = end + delimiter.count
        }
        self.parts = parts
    }

    /// The `boundary` parameter of a `multipart/…` media type, unquoted; `nil` when absent.
    package static func boundary(fromContentType contentType: String) -> String? {
        let parameters = HeaderParameters.parse(contentType)
        return parameters.first { $0.name == "boundary" }?.value
    }

    // MARK: Parsing

    /// `\r\n`.
    private static let crlf: [UInt8] = [13, 10]
    /// `--`.
    private static let dashDash: [UInt8] = [45, 45]
    /// `\r\n\r\n`, the end of a part's header block.
    private static let headerEnd: [UInt8] = [13, 10, 13, 10]

    /// The boundary named by the body's first line, when it starts with `--`.
    private static func sniffedBoundary(_ bytes: [UInt8]) -> String? {
        guard bytes.starts(with: dashDash), let lineEnd = find(crlf, in: bytes[...], from: 2) else { return nil }
        var line = bytes[2..<lineEnd]
        while let last = line.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") {
            line = line.dropLast()
        }
        return String(validating: line, as: UTF8.self)
    }

    /// One part from the bytes between two delimiters.
    private static func part(_ bytes: ArraySlice<UInt8>) -> Part? {
        let headerBytes: ArraySlice<UInt8>
        let body: ArraySlice<UInt8>
        if bytes.starts(with: crlf) {
            headerBytes = []
            body = bytes.dropFirst(crlf.count)
        } else if let end = find(headerEnd, in: bytes, from: bytes.startIndex) {
            headerBytes = bytes[bytes.startIndex..<end]
            body = bytes[(end + headerEnd.count)...]
        } else {
            return nil
        }

        var headers: [HARNameValue] = []
        for line in headerBytes.split(separator: crlf) {
            let text = String(decoding: line, as: UTF8.self)
            guard let colon = text.firstIndex(of: ":") else { continue }
            headers.append(
                HARNameValue(
                    name: String(text[..<colon]).trimmingCharacters(in: .whitespaces),
                    value: String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
                )
            )
        }
        let disposition =
            headers.first { $0.name.lowercased() == "content-disposition" }
            .map { HeaderParameters.parse($0.value) } ?? []
        let filename =
            disposition.first { $0.name == "filename" }?.value
            ?? disposition.first { $0.name == "filename*" }.map { HeaderParameters.extendedValue($0.value) }
        return Part(
            name: disposition.first { $0.name == "name" }?.value,
            filename: filename,
            contentType: headers.first { $0.name.lowercased() == "content-type" }?.value,
            headers: headers,
            body: Data(body)
        )
    }

    /// The index where `needle` first occurs in `haystack` at or after `start`.
    private static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>, from start: Int) -> Int? {
        guard let first = needle.first, haystack.endIndex - start >= needle.count else { return nil }
        var index = start
        let last = haystack.endIndex - needle.count
        while index <= last {
            if haystack[index] == first, haystack[index..<(index + needle.count)].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }
}

/// The `; name=value` parameters of a header value such as `form-data; name="source"; filename="a.jpg"`
/// or `multipart/form-data; boundary=xyz`.
private enum HeaderParameters {
    /// The parameters after the first `;`, names lower-cased, quoted values unquoted (`\x` is `x`).
    static func parse(_ value: String) -> [(name: String, value: String)] {
        var result: [(name: String, value: String)] = []
        var scalars = Array(value.unicodeScalars)[...]
        // Skip the leading token (`form-data`, `multipart/form-data`).
        while let first = scalars.first, first != ";" { scalars = scalars.dropFirst() }
        while !scalars.isEmpty {
            scalars = scalars.dropFirst()  // the `;`
            var name = String.UnicodeScalarView()
            while let first = scalars.first, first != "=", first != ";" {
                name.append(first)
                scalars = scalars.dropFirst()
            }
            var parameterValue = String.UnicodeScalarView()
            if scalars.first == "=" {
                scalars = scalars.dropFirst()
                while let first = scalars.first, first == " " || first == "\t" { scalars = scalars.dropFirst() }
                if scalars.first == "\"" {
                    scalars = scalars.dropFirst()
                    while let first = scalars.first, first != "\"" {
                        scalars = scalars.dropFirst()
                        if first == "\\", let escaped = scalars.first {
                            parameterValue.append(escaped)
                            scalars = scalars.dropFirst()
                        } else {
                            parameterValue.append(first)
                        }
                    }
                    scalars = scalars.dropFirst()  // the closing quote, if any
                    while let first = scalars.first, first != ";" { scalars = scalars.dropFirst() }
                } else {
                    while let first = scalars.first, first != ";" {
                        parameterValue.append(first)
                        scalars = scalars.dropFirst()
                    }
                }
            }
            let trimmedName = String(name).trimmingCharacters(in: .whitespaces).lowercased()
            let trimmedValue = String(parameterValue).trimmingCharacters(in: .whitespaces)
            if !trimmedName.isEmpty { result.append((trimmedName, trimmedValue)) }
        }
        return result
    }

    /// An RFC 5987 extended value (`UTF-8''na%C3%AFve.jpg`) decoded; the text as is when it is not one.
    static func extendedValue(_ value: String) -> String {
        let pieces = value.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
        guard pieces.count == 3 else { return value }
        return String(pieces[2]).removingPercentEncoding ?? String(pieces[2])
    }
}
