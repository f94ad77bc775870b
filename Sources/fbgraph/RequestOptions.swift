import FacebookGraph
import Foundation

/// What `-p key=value`, `--fields a,b` and `-F name=value|name=@file` ask to send.
struct RequestOptions {
    /// `-p key=value`: a parameter.
    static let parameterOption = OptionDefinition("-p", "--param", value: "key=value")
    /// The request options the Graph commands accept.
    static let options = [
        parameterOption,
        OptionDefinition("-F", "--form", value: "name=value|name=@file"),
        OptionDefinition("--fields", value: "a,b"),
    ]

    /// The `-p` pairs, then `fields` from `--fields`, in order.
    var parameters: [(String, String)] = []
    /// The `-F` parts, in order; a non-empty list makes a POST multipart.
    var formParts: [MultipartForm.Part] = []

    /// Reads the request options of `arguments`.
    ///
    /// - Parameters:
    ///   - arguments: The parsed command line.
    ///   - method: The request's method; `-F` needs `POST`.
    /// - Throws: ``CommandError/usage(_:)`` naming `-p` or `-F` for a malformed pair, `-F` on a
    ///   method other than POST or a file that cannot be read, and `--fields` given together with
    ///   `-p fields=…`.
    init(_ arguments: CommandArguments, method: String) throws(CommandError) {
        for pair in arguments.values("--param") {
            guard let (key, value) = Self.split(pair) else { throw .usage("-p expects key=value") }
            parameters.append((key, value))
        }
        if let fields = arguments.value("--fields") {
            guard !parameters.contains(where: { $0.0 == "fields" }) else {
                throw .usage("--fields and -p fields=… both set fields; give one")
            }
            parameters.append(("fields", fields))
        }
        let forms = arguments.values("--form")
        if !forms.isEmpty, method != "POST" {
            throw .usage("-F sends a multipart POST; use 'fbgraph post' (or 'record post')")
        }
        for form in forms {
            guard let (name, value) = Self.split(form) else { throw .usage("-F expects name=value or name=@file") }
            guard value.hasPrefix("@") else {
                formParts.append(.text(name: name, value: value))
                continue
            }
            let path = String(value.dropFirst())
            guard let data = FileManager.default.contents(atPath: path) else {
                throw .usage("-F \(name)=@\(path): cannot read the file")
            }
            let filename = URL(fileURLWithPath: path).lastPathComponent
            formParts.append(
                .file(name: name, filename: filename, contentType: MultipartForm.mediaType(ofFile: path), data: data)
            )
        }
    }

    /// `key=value` split at the first `=`; nil without one or with an empty key.
    private static func split(_ pair: String) -> (String, String)? {
        guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else { return nil }
        return (String(pair[..<equals]), String(pair[pair.index(after: equals)...]))
    }
}
