import Foundation

extension SecretSpanFinder {
    /// The bytes lenient encoders leave raw in a query value (no `&`, `=`, `+`, `#`).
    private static func isLenientQueryByte(_ byte: UInt8) -> Bool {
        "!$'()*,/:;@?".utf8.contains(byte)
    }

    /// Every way a known secret is written in a URL, a form, a header or JSON: raw; percent-encoded
    /// strictly (RFC 3986's unreserved set) or leniently (`!$'()*,/:;@?` kept), form-encoded (`+`
    /// for a space), and twice; each in upper- and lower-case hex; then each of those JSON-escaped,
    /// with and without `\/`, and with `%` as `\u0025`.
    ///
    /// The one list: the redactor rewrites every form and the scanner detects every form (a value it
    /// may not know the name of).
    package static func encodedForms(of secret: String) -> [String] {
        var forms: [String] = [secret]
        /// Appends `form` unless it is empty or already listed.
        func add(_ form: String) {
            guard !form.isEmpty, !forms.contains(form) else { return }
            forms.append(form)
        }
        for lowercaseHex in [false, true] {
            let strict = FormEncoding.escape(secret, keeping: { _ in false }, lowercaseHex: lowercaseHex)
            add(strict)
            add(FormEncoding.escape(secret, keeping: isLenientQueryByte, lowercaseHex: lowercaseHex))
            add(
                FormEncoding.escape(secret, keeping: { $0 == 0x20 }, lowercaseHex: lowercaseHex)
                    .replacingOccurrences(of: " ", with: "+"))
            add(FormEncoding.escape(strict, keeping: { _ in false }, lowercaseHex: lowercaseHex))
        }
        for base in forms {
            add(JSONString.escape(base, escapingSlash: false))
            add(JSONString.escape(base, escapingSlash: true))
            if base.contains("%") {
                add(JSONString.escape(base, escapingSlash: false).replacingOccurrences(of: "%", with: "\\u0025"))
            }
        }
        return forms
    }
}
