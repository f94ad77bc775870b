// The one multipart/form-data parser (RFC 7578 over RFC 2046).
//
// It reads both styles ``MultipartForm`` writes (RFC 7578 parts with `name`, and the v2 SDK's file
// parts with only a `filename`) and what other clients send: a preamble, transport padding after a
// delimiter, `filename*`, quoted parameters with backslash escapes. Two tolerances:
//
// - `.strict` (replay matching, servers): the body is accepted only when every part is delimited by
//   CRLF `--boundary`, every part's header block ends, and the closing `--boundary--` is present;
//   anything else throws a ``MultipartBody/ParseError`` naming what is wrong and where.
// - `.lenient` (redaction, which must find every text part it can): bare LF line ends are accepted,
//   a part without a header block is skipped, and a body without its closing delimiter yields the
//   parts that were closed. It throws only when there is no boundary or no delimiter at all.
//
// Each part keeps the byte range of its content in the body, so a caller can rewrite a part in place.

import Foundation

/// A parsed `multipart/form-data` body: its parts in order; the boundary, preamble and epilogue dropped.
package struct MultipartBody: Sendable, Equatable {
    /// One part of the body.
    package struct Part: Sendable, Equatable {
        /// The `name` parameter of `Content-Disposition`, if any (v2 file parts have none).
        package let name: String?
        /// The `filename` (or decoded `filename*`) parameter of `Content-Disposition`, if any. A
        /// part with a filename is a file upload; a part without one is a text field.
        package let filename: String?
        /// The part's `Content-Type`, if any, as sent.
        package let contentType: String?
        /// The part's header fields, in order, as sent.
        package let headers: [HTTPHeaders.Field]
        /// The part's content.
        package let body: Data
        /// Where the content lies in the parsed body (offsets from its first byte).
        package let contentRange: Range<Int>

        /// True when the part is a file upload (it has a file name).
        package var isFile: Bool { filename != nil }
    }

    /// How forgiving the parser is (see the file overview).
    package enum Tolerance: Sendable {
        /// CRLF framing, every part complete, the closing delimiter required.
        case strict
        /// LF or CRLF framing; incomplete parts skipped; a missing closing delimiter allowed.
        case lenient
    }

    /// Why a body is not a multipart body, and where the parser gave up.
    package struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong.
        package enum Reason: Sendable, Equatable {
            /// No boundary was given and the body's first line does not name one.
            case noBoundary
            /// The body holds no `--boundary` delimiter.
            case noOpeningDelimiter
            /// A delimiter line has something other than padding before its line end.
            case malformedDelimiterLine
            /// A part's header block has no blank line after it.
            case unterminatedHeaders
            /// The body ends before the closing `--boundary--`.
            case noClosingDelimiter
        }

        /// What is wrong.
        package let reason: Reason
        /// The byte offset in the body where the problem was found.
        package let offset: Int

        /// A one-line explanation, e.g. `multipart body: no closing delimiter (at byte 120)`.
        package var description: String {
            let text =
                switch reason {
                case .noBoundary: "no boundary given or found on the first line"
                case .noOpeningDelimiter: "no --boundary delimiter"
                case .malformedDelimiterLine: "unexpected bytes after a delimiter"
                case .unterminatedHeaders: "a part's headers are not followed by a blank line"
                case .noClosingDelimiter: "no closing delimiter"
                }
            return "multipart body: \(text) (at byte \(offset))"
        }
    }

    /// The parts, in the order sent.
    package let parts: [Part]

    /// Parses `body`.
    ///
    /// - Parameters:
    ///   - body: The request body.
    ///   - boundary: The boundary from the `Content-Type` (``boundary(fromContentType:)``); when
    ///     `nil`, it is read from the body's first line (`--boundary`).
    ///   - tolerance: `.strict` unless the caller must salvage what it can.
    /// - Throws: ``ParseError`` when the body is not a multipart body under that tolerance.
    package init(parsing body: Data, boundary: String?, tolerance: Tolerance = .strict) throws(ParseError) {
        let bytes = [UInt8](body)
        guard let boundary = boundary ?? Self.sniffedBoundary(bytes), !boundary.isEmpty else {
            throw ParseError(reason: .noBoundary, offset: 0)
        }
        var scanner = Scanner(bytes: bytes, dashBoundary: Array("--\(boundary)".utf8), lenient: tolerance == .lenient)
        parts = try scanner.parts()
    }

    /// The `boundary` parameter of a `multipart/…` media type, unquoted; `nil` when the type is not
    /// multipart or has no boundary.
    package static func boundary(fromContentType contentType: String) -> String? {
        guard contentType.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("multipart/") else {
            return nil
        }
        let value = HeaderParameters.parse(contentType).first { $0.name == "boundary" }?.value
        return value?.isEmpty == false ? value : nil
    }

    /// The boundary named by the body's first line, when it starts with `--`.
    private static func sniffedBoundary(_ bytes: [UInt8]) -> String? {
        guard bytes.starts(with: Scanner.dashDash) else { return nil }
        guard let newline = bytes.firstIndex(of: Scanner.lf) else { return nil }
        var line = bytes[2..<newline]
        while let last = line.last, last == Scanner.cr || last == Scanner.space || last == Scanner.tab {
            line = line.dropLast()
        }
        return String(validating: line, as: UTF8.self)
    }
}

extension MultipartBody {
    /// The delimiter-by-delimiter walk over one body.
    private struct Scanner {
        static let cr = UInt8(ascii: "\r")
        static let lf = UInt8(ascii: "\n")
        static let space = UInt8(ascii: " ")
        static let tab = UInt8(ascii: "\t")
        static let dashDash: [UInt8] = [45, 45]

        let bytes: [UInt8]
        let dashBoundary: [UInt8]
        let lenient: Bool

        /// Every part up to the closing delimiter.
        mutating func parts() throws(ParseError) -> [Part] {
            var position: Int
            if bytes.starts(with: dashBoundary) {
                position = dashBoundary.count
            } else if let first = delimiter(from: 0) {
                position = first.end
            } else {
                throw ParseError(reason: .noOpeningDelimiter, offset: 0)
            }
            var parts: [Part] = []
            while true {
                if bytes[position...].starts(with: Self.dashDash) { return parts }  // the closing delimiter
                guard let contentStart = try endOfDelimiterLine(from: position) else { return parts }
                guard let next = delimiter(from: contentStart) else {
                    if lenient { return parts }
                    throw ParseError(reason: .noClosingDelimiter, offset: bytes.count)
                }
                if let part = part(contentStart..<next.lineBreak) {
                    parts.append(part)
                } else if !lenient {
                    throw ParseError(reason: .unterminatedHeaders, offset: contentStart)
                }
                position = next.end
            }
        }

        /// The index after the line end that closes a delimiter line starting at `position` (only
        /// transport padding may come before it); `nil` in lenient mode when the body ends first.
        private func endOfDelimiterLine(from position: Int) throws(ParseError) -> Int? {
            var index = position
            while index < bytes.count, bytes[index] == Self.space || bytes[index] == Self.tab { index += 1 }
            if bytes[index...].starts(with: [Self.cr, Self.lf]) { return index + 2 }
            guard lenient else {
                let atEnd = index == bytes.count || bytes[index...].elementsEqual([Self.cr])
                throw ParseError(reason: atEnd ? .noClosingDelimiter : .malformedDelimiterLine, offset: index)
            }
            return bytes[index...].firstIndex(of: Self.lf).map { $0 + 1 }
        }

        /// The next `--boundary` at or after `start` that begins a line: where its preceding line
        /// break starts (CRLF; in lenient mode LF or CRLF), and the index after the boundary.
        private func delimiter(from start: Int) -> (lineBreak: Int, end: Int)? {
            guard let first = dashBoundary.first else { return nil }
            var index = start
            while index + dashBoundary.count <= bytes.count {
                defer { index += 1 }
                guard bytes[index] == first, index >= start + 1, bytes[index - 1] == Self.lf,
                    bytes[index..<(index + dashBoundary.count)].elementsEqual(dashBoundary)
                else { continue }
                let hasCR = index >= 2 && bytes[index - 2] == Self.cr
                guard hasCR || lenient else { continue }
                let lineBreak = index - (hasCR ? 2 : 1)
                guard lineBreak >= start else { continue }
                return (lineBreak, index + dashBoundary.count)
            }
            return nil
        }

        /// One part from the bytes between two delimiters; `nil` when its header block never ends.
        private func part(_ range: Range<Int>) -> Part? {
            guard let (headerEnd, contentStart) = blankLine(in: range) else { return nil }
            let headerBytes = bytes[range.lowerBound..<headerEnd]
            var headers: [HTTPHeaders.Field] = []
            for line in headerBytes.split(separator: Self.lf) {
                let text = String(decoding: line.last == Self.cr ? line.dropLast() : line, as: UTF8.self)
                guard let colon = text.firstIndex(of: ":") else { continue }
                headers.append(
                    HTTPHeaders.Field(
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
            let content = contentStart..<max(contentStart, range.upperBound)
            return Part(
                name: disposition.first { $0.name == "name" }?.value,
                filename: filename,
                contentType: headers.first { $0.name.lowercased() == "content-type" }?.value,
                headers: headers,
                body: Data(bytes[content]),
                contentRange: content
            )
        }

        /// The end of the header block and the start of the content: the first empty line in
        /// `range` (CRLF; in lenient mode LF too). A part that opens with a line end has no headers.
        private func blankLine(in range: Range<Int>) -> (Int, Int)? {
            var lineStart = range.lowerBound
            while lineStart < range.upperBound {
                guard let newline = bytes[lineStart..<range.upperBound].firstIndex(of: Self.lf) else { return nil }
                let hasCR = newline > lineStart && bytes[newline - 1] == Self.cr
                let lineEnd = hasCR ? newline - 1 : newline
                if lineEnd == lineStart, hasCR || lenient { return (lineStart, newline + 1) }
                lineStart = newline + 1
            }
            return nil
        }
    }
}

/// The `; name=value` parameters of a header value such as `form-data; name="source"; filename="a.jpg"`
/// or `multipart/form-data; boundary=xyz`.
private enum HeaderParameters {
    /// The parameters after the first `;`, names lower-cased, quoted values unquoted (`\x` is `x`)
    /// and kept as written, unquoted values trimmed.
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
            var quoted = false
            if scalars.first == "=" {
                scalars = scalars.dropFirst()
                while let first = scalars.first, first == " " || first == "\t" { scalars = scalars.dropFirst() }
                if scalars.first == "\"" {
                    quoted = true
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
            // A quoted value is kept as written: its spaces are part of it (found by FuzzMultipart,
            // a file name ending in a space came back without it).
            let trimmedValue =
                quoted ? String(parameterValue) : String(parameterValue).trimmingCharacters(in: .whitespaces)
            if !trimmedName.isEmpty { result.append((trimmedName, trimmedValue)) }
        }
        return result
    }

    /// An RFC 5987 extended value (`UTF-8''na%C3%AFve.jpg`) decoded; the text as is when it is not one.
    static func extendedValue(_ value: String) -> String {
        let pieces = value.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
        guard pieces.count == 3 else { return value }
        return FormEncoding.unescape(pieces[2], plusAsSpace: false)
    }
}
