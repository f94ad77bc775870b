extension SecretSpanFinder {
    /// The order of a HAR name/value pair's members.
    package enum PairOrder: Sendable, CaseIterable {
        /// `{"name": "access_token", "value": "…"}`
        case nameFirst
        /// `{"value": "…", "name": "access_token"}`
        case valueFirst
    }

    /// How an `Authorization` (or `Proxy-Authorization`) credential is written.
    package enum AuthorizationForm: Sendable, CaseIterable {
        /// A header line, `Authorization: Bearer <token>` or `OAuth <token>`: the token.
        case headerLine
        /// A JSON member, `"Authorization": "<value>"`: the whole value, scheme included.
        case jsonMember
        /// A HAR header, `{"name": "Authorization", "value": "<value>"}`: the whole value.
        case harNameFirst
        /// A HAR header, `{"value": "<value>", "name": "Authorization"}`: the whole value.
        case harValueFirst
    }

    /// The values of HAR name/value pairs (a `queryString`, `postData.params` or header entry) whose
    /// name, written exactly, is one of this finder's roles, written in `order`; in order of
    /// position. The value is the JSON string's contents as written (escapes included).
    package func nameValuePairSpans(in bytes: [UInt8], order: PairOrder) -> [SecretSpan] {
        let names = roles.parameters.keys.sorted()
        let name = SecretTextPattern.oneOf(names, capturing: true)
        let pattern = Self.pairPattern(order: order, name: name, ignoringCase: false)
        return pattern.matches(in: bytes).compactMap { match in
            guard let number = match.alternative, let role = roles[names[number]] else { return nil }
            return SecretSpan(
                name: names[number], role: role, nameStart: match.whole.lowerBound, value: match.value,
                syntax: .jsonMember)
        }
    }

    /// The `Authorization` and `Proxy-Authorization` credentials (``SecretDefinition/authorizationHeaderNames``,
    /// in any case) written in `form`, in order of position.
    package static func authorizationSpans(in bytes: [UInt8], form: AuthorizationForm) -> [Range<Int>] {
        authorizationPatterns[form]?.matches(in: bytes).map(\.value) ?? []
    }

    /// The header names, longest first, as a pattern element.
    private static let authorizationNames = SecretTextPattern.oneOf(
        SecretDefinition.authorizationHeaderNames.sorted { $0.count > $1.count }, ignoringCase: true)

    /// The pattern of each ``AuthorizationForm``.
    private static let authorizationPatterns: [AuthorizationForm: SecretTextPattern] = [
        .headerLine: SecretTextPattern(elements: [
            .notAfterWordCharacter, authorizationNames, .whitespace(minimum: 0), SecretTextPattern.literal(":"),
            .whitespace(minimum: 0), SecretTextPattern.oneOf(["bearer", "oauth"], ignoringCase: true),
            .whitespace(minimum: 1), .token,
        ]),
        .jsonMember: SecretTextPattern(elements: [
            SecretTextPattern.literal("\""), authorizationNames, SecretTextPattern.literal("\""),
            .whitespace(minimum: 0), SecretTextPattern.literal(":"), .whitespace(minimum: 0), .jsonString,
        ]),
        .harNameFirst: pairPattern(order: .nameFirst, name: authorizationNames, ignoringCase: true),
        .harValueFirst: pairPattern(order: .valueFirst, name: authorizationNames, ignoringCase: true),
    ]

    /// `{"name": "<name>", "value": "<value>"}` in `order`, white space allowed around `:` and `,`;
    /// the keys compared ignoring case when `ignoringCase`.
    private static func pairPattern(
        order: PairOrder,
        name: SecretTextPattern.Element,
        ignoringCase: Bool
    ) -> SecretTextPattern {
        let space = SecretTextPattern.Element.whitespace(minimum: 0)
        let colon = SecretTextPattern.literal(":")
        let quote = SecretTextPattern.literal("\"")
        let namePart: [SecretTextPattern.Element] = [
            SecretTextPattern.literal(#""name""#, ignoringCase: ignoringCase), space, colon, space, quote, name, quote,
        ]
        let valuePart: [SecretTextPattern.Element] = [
            SecretTextPattern.literal(#""value""#, ignoringCase: ignoringCase), space, colon, space, .jsonString,
        ]
        let comma: [SecretTextPattern.Element] = [space, SecretTextPattern.literal(","), space]
        switch order {
        case .nameFirst: return SecretTextPattern(elements: namePart + comma + valuePart)
        case .valueFirst: return SecretTextPattern(elements: valuePart + comma + namePart)
        }
    }
}
