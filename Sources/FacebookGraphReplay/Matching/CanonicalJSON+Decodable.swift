/// Reading a ``CanonicalJSON`` value from any `Decoder`, for the places where a HAR file holds JSON
/// of no fixed shape (a `postData.params[].value` written as an object).
extension CanonicalJSON: Decodable {
    /// Reads whatever JSON value the decoder holds.
    init(from decoder: any Decoder) throws {
        if var items = try? decoder.unkeyedContainer() {
            var values: [CanonicalJSON] = []
            while !items.isAtEnd { values.append(try items.decode(CanonicalJSON.self)) }
            self = .array(values)
            return
        }
        if let members = try? decoder.container(keyedBy: AnyKey.self) {
            var object: [String: CanonicalJSON] = [:]
            for key in members.allKeys { object[key.stringValue] = try members.decode(CanonicalJSON.self, forKey: key) }
            self = .object(object)
            return
        }
        let value = try decoder.singleValueContainer()
        if value.decodeNil() {
            self = .null
        } else if let flag = try? value.decode(Bool.self) {
            self = .bool(flag)
        } else if let text = try? value.decode(String.self) {
            self = .string(text)
        } else if let whole = try? value.decode(Int64.self) {
            self = CanonicalJSON(parsing: Array(String(whole).utf8)) ?? .number(String(whole))
        } else {
            let number = try value.decode(Double.self)
            self = CanonicalJSON(parsing: Array("\(number)".utf8)) ?? .number("\(number)")
        }
    }

    /// Any object key.
    private struct AnyKey: CodingKey {
        let stringValue: String
        let intValue: Int? = nil
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
