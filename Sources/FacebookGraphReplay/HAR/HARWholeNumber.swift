/// Whole numbers as HAR files write them: some tools write `200.0` for a status or a size. Such a
/// value is read as its whole number; a fraction or an absurd magnitude is refused with the field
/// named (Foundation's own refusal names neither the field nor the value).
extension KeyedDecodingContainer {
    /// The whole number at `key`, or nil when the key is absent or null.
    func decodeWholeNumberIfPresent(forKey key: Key) throws -> Int? {
        let number: Double
        do {
            return try decodeIfPresent(Int.self, forKey: key)
        } catch {
            // Not an Int: a number with a fraction or out of range is read below; anything else
            // (a string, an object) is refused as an Int was expected.
            guard let double = try? decodeIfPresent(Double.self, forKey: key) else { throw error }
            number = double
        }
        guard number.rounded() == number, abs(number) < 1e15 else {
            throw HARReadError.invalidValue("expected a whole number, found \(number)", at: codingPath + [key])
        }
        return Int(number)
    }

    /// The whole number at `key`; a missing one is refused as `decode` refuses it.
    func decodeWholeNumber(forKey key: Key) throws -> Int {
        guard let whole = try decodeWholeNumberIfPresent(forKey: key) else { return try decode(Int.self, forKey: key) }
        return whole
    }
}
