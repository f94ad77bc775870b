/// One `postData.params[]` item as real files write it: `name` a string, and `value` a string — or,
/// from some chrome-har versions, any JSON value, which is read as its JSON text (an object
/// `{"a":1}` becomes the text `{"a":1}`) instead of refusing the whole file.
struct HARFormParameter: Decodable {
    /// The name, as written in the file.
    let name: String
    /// The value, as written, or the JSON text of a value that is not a string.
    let value: String

    private enum CodingKeys: String, CodingKey {
        case name, value
    }

    /// Reads a parameter; a missing or null value is empty.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        if let text = try? container.decodeIfPresent(String.self, forKey: .value) {
            value = text
        } else if container.contains(.value), try !container.decodeNil(forKey: .value) {
            value = try container.decode(CanonicalJSON.self, forKey: .value).text
        } else {
            value = ""
        }
    }
}
