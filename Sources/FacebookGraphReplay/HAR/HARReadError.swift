// Why a HAR file could not be read, as one line a person can act on.
//
// Foundation's `DecodingError` names Swift types and coding keys, and its syntax errors carry no
// position; a missing file is an `NSCocoaErrorDomain` dump. This file turns each into
// `FILE: LOCATION: PROBLEM`:
//
// - `x.har: no such file`
// - `x.har: line 5, column 1: not valid JSON (found '"')`
// - `x.har: entry 28, request.postData.params[0].value: expected a string, found an object`
// - `x.har: log: a required field is missing`
//
// Entries are numbered from 0, as `fbgraph cassette inspect` and the replay diff number them. The
// position of a syntax error and the kind of value found come from the package's one strict JSON
// reader (`GraphJSON.read`, through `CanonicalJSON`), run only once Foundation has refused the file.

import FacebookGraph
import Foundation

/// A HAR file that cannot be read: the file, where in it, and what is wrong — one line, no Swift
/// type names.
public struct HARReadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file as the caller named it, or nil for data read from memory.
    public var file: String?
    /// Where the problem is (`entry 3, response.content.text`, `line 5, column 1`), or "" for the
    /// whole file.
    public var location: String
    /// What is wrong (`expected a string, found an object`).
    public var problem: String

    /// An error at `location` in `file`.
    public init(file: String? = nil, location: String = "", problem: String) {
        self.file = file
        self.location = location
        self.problem = problem
    }

    /// The problem and its location without the file: `entry 3, request.url: …`.
    public var detail: String {
        location.isEmpty ? problem : "\(location): \(problem)"
    }

    /// `FILE: LOCATION: PROBLEM` on one line.
    public var description: String {
        guard let file else { return detail }
        return "\(file): \(detail)"
    }

    /// The error for a file that could not be opened or read.
    static func unreadableFile(_ path: String, _ error: any Error) -> HARReadError {
        let problem: String
        switch (error as? CocoaError)?.code {
        case .fileReadNoSuchFile?, .fileNoSuchFile?: problem = "no such file"
        case .fileReadNoPermission?: problem = "permission denied"
        default:
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                problem = "is a directory, not a HAR file"
            } else if let posix = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError,
                posix.domain == NSPOSIXErrorDomain
            {
                problem = "cannot be read (\(String(cString: strerror(Int32(posix.code)))))"
            } else {
                problem = "cannot be read"
            }
        }
        return HARReadError(file: path, problem: problem)
    }

    /// The error for `data` that Foundation's decoder refused with `error`.
    static func decoding(_ error: any Error, data: Data) -> HARReadError {
        guard let error = error as? DecodingError else {
            return HARReadError(problem: "not a HAR file")
        }
        var bytes = Array(data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return syntaxError(in: bytes)
        case .dataCorrupted(let context):
            let found = foundDescription(in: bytes, at: context.codingPath)
            let problem =
                context.debugDescription.hasPrefix(Self.ownMessagePrefix)
                ? String(context.debugDescription.dropFirst(Self.ownMessagePrefix.count))
                : "not a valid value" + (found.map { ", found \($0)" } ?? "")
            return HARReadError(location: location(of: context.codingPath), problem: problem)
        case .keyNotFound(let key, let context):
            return HARReadError(
                location: location(of: context.codingPath + [key]), problem: "a required field is missing")
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            let found = foundDescription(in: bytes, at: context.codingPath) ?? "nothing"
            return HARReadError(
                location: location(of: context.codingPath), problem: "expected \(name(of: type)), found \(found)")
        @unknown default:
            return HARReadError(problem: "not a HAR file")
        }
    }

    /// Marks a `dataCorrupted` description written by this kit's decoders: it is shown as the problem.
    static let ownMessagePrefix = "HAR: "

    /// A `DecodingError` whose description is shown as the problem at the decoder's coding path.
    static func invalidValue(_ problem: String, at codingPath: [any CodingKey]) -> DecodingError {
        .dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: ownMessagePrefix + problem))
    }

    // MARK: Locations

    /// `entry N, a.b[0].c` for a path under `log.entries[N]`, else the dotted path from the root.
    static func location(of path: [any CodingKey]) -> String {
        if path.count >= 3, path[0].stringValue == "log", path[1].stringValue == "entries",
            let index = path[2].intValue
        {
            let rest = dotted(path.dropFirst(3))
            return rest.isEmpty ? "entry \(index)" : "entry \(index), \(rest)"
        }
        return dotted(path[...])
    }

    /// `a.b[0].c`.
    private static func dotted(_ path: ArraySlice<any CodingKey>) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }

    // MARK: What was expected and found

    /// What a person calls a value of `type`.
    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type, is Substring.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is Int.Type, is Int64.Type, is Int32.Type, is UInt.Type: return "a whole number"
        case is Double.Type, is Float.Type: return "a number"
        default:
            let spelled = String(describing: type)
            if spelled.hasPrefix("Array") || spelled.hasPrefix("[") && !spelled.contains(":") { return "an array" }
            return "an object"
        }
    }

    /// The kind of JSON value at `path` in the document (`an object`, `null`, `the number 3.5`…).
    private static func foundDescription(in bytes: [UInt8], at path: [any CodingKey]) -> String? {
        guard var value = CanonicalJSON(parsing: bytes) else { return nil }
        for key in path {
            switch value {
            case .object(let members):
                guard let member = members[key.stringValue] else { return nil }
                value = member
            case .array(let items):
                guard let index = key.intValue, items.indices.contains(index) else { return nil }
                value = items[index]
            default:
                return nil
            }
        }
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let text): return "the number \(text)"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    // MARK: Syntax

    /// `line L, column C: not valid JSON (found 'x')` for bytes that do not parse.
    static func syntaxError(in bytes: [UInt8]) -> HARReadError {
        guard !bytes.allSatisfy(JSONString.isWhitespace) else {
            return HARReadError(problem: "empty file, not a HAR file")
        }
        let offset: Int
        do throws(GraphJSONError) {
            _ = try CanonicalJSON.read(bytes)
            // Valid JSON that Foundation still refused: a number it cannot hold.
            return HARReadError(problem: "a number is out of range")
        } catch {
            offset = min(error.offset, bytes.count)
        }
        var line = 1
        var column = 1
        for byte in bytes[..<offset] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                // Columns count characters: UTF-8 continuation bytes do not start one.
                column += 1
            }
        }
        let found: String
        if offset >= bytes.count {
            found = "the file ends early"
        } else if let scalar = Unicode.UTF8.firstScalar(of: bytes[offset...]), scalar.value >= 0x20,
            scalar.value != 0x7F
        {
            found = "found '\(Character(scalar))'"
        } else {
            let names: [UInt8: String] = [
                0x0A: "a line break", 0x0D: "a carriage return", 0x09: "a tab", 0x00: "a NUL byte",
            ]
            found =
                "found " + (names[bytes[offset]] ?? "the byte 0x" + String(bytes[offset], radix: 16, uppercase: true))
        }
        return HARReadError(location: "line \(line), column \(column)", problem: "not valid JSON (\(found))")
    }
}

extension Unicode.UTF8 {
    /// The first scalar of `bytes`, or nil when they do not start with valid UTF-8.
    fileprivate static func firstScalar(of bytes: ArraySlice<UInt8>) -> Unicode.Scalar? {
        var iterator = bytes.makeIterator()
        var parser = ForwardParser()
        guard case .valid(let encoded) = parser.parseScalar(from: &iterator) else { return nil }
        return Unicode.UTF8.decode(encoded)
    }
}
