import FacebookGraph

/// The v2 SDK's `parseJsonResponse:error:`, plus one deliberate deviation for non-2xx bodies.
///
/// Rules (legacy-sdk-facts §2.6), in order:
/// 1. The body is decoded as UTF-8 (which drops a leading byte order mark).
/// 2. Exactly `true` gives `["result": "true"]` (the value is the *string* "true").
/// 3. Exactly `false` fails with code 10000 and `error_msg` "This operation can not be completed".
/// 4. Otherwise the body is parsed as JSON (any value, fragments included) into json-framework's
///    shapes: every object an `NSMutableDictionary`, every array an `NSMutableArray`, at every level
///    (``MutableJSONBuilder``), so callers may edit a result in place. Text that is not JSON comes
///    back as the text itself; bytes that are not UTF-8 come back as nil.
/// 5. A dictionary with `error` fails with 10000 and the whole dictionary as `userInfo`; with
///    `error_code` it fails with that code (its integer value); `error_msg` or `error_reason` also
///    fail with 10000. Anything else is returned as parsed.
///
/// Deviation (Migration.md): a non-2xx response whose body is not a JSON error object fails with
/// 10000 and `userInfo` `["http_status": status, "body": text]`, instead of arriving as a success.
/// `package` so the fuzz target FuzzLegacyParser (Fuzz/, scripts/fuzz) reaches it.
package enum LegacyResponseParser {
    /// What one response means to the legacy API: a result, or an error.
    package enum Outcome {
        case result(Any?)
        case failure(NSError)
    }

    package static func parse(body: Data, status: Int) -> Outcome {
        let successStatus = (200..<300).contains(status)
        // v2 compared the body decoded as UTF-8, and that decoding drops a leading byte order mark:
        // `<BOM>false` is `false` (FuzzLegacyParser found it arriving as a result). The mark is
        // looked for only behind its first byte, and the words only at their lengths: comparing
        // through `Data`'s iterator cost ~1k instructions a response for the mark and ~2k for a word.
        let markLength =
            body.first == utf8ByteOrderMark[0] && body.starts(with: utf8ByteOrderMark) ? utf8ByteOrderMark.count : 0
        let contentLength = body.count - markLength
        if successStatus, contentLength == 4, body.dropFirst(markLength).elementsEqual("true".utf8) {
            return .result(["result": "true"])
        }
        if successStatus, contentLength == 5, body.dropFirst(markLength).elementsEqual("false".utf8) {
            return .failure(error(code: kFBGeneralErrorCode, ["error_msg": "This operation can not be completed"]))
        }
        // The package's one JSON reader, building json-framework's mutable containers as it reads.
        // Text it accepts is UTF-8 throughout, so the body is only decoded as text when it is not JSON.
        guard let document = try? MutableJSONBuilder.parse(body) else {
            let text = String(data: body, encoding: .utf8)
            guard successStatus else { return httpStatusFailure(status: status, text: text, body: body) }
            return .result(text)
        }
        // Whether the body reports an error is the core's decision; the v2 rules take the shapes v2
        // knew (an `error` key, `error_code`, `error_msg`/`error_reason`) and shape the NSError. Only
        // a dictionary can carry those shapes, and only through a top-level member the core names
        // (`GraphError.mayReportError(memberName:)`), which the builder kept as it read the body:
        // without one the core has nothing to say here; with one, the core reads those members
        // (whose names alone decide the shapes v2 knew) instead of the body a second time. The whole
        // top level is bridged for the NSError only. The document is read in place, not copied.
        if !document.errorMembers.isEmpty, document.value is NSDictionary,
            let failure = GraphError.parse(status: status, body: body, json: .some(document.errorMembers)),
            [.graph, .oauthDraft, .rest].contains(failure.shape),
            let dictionary = document.value as? [String: Any]
        {
            if failure.shape == .rest, let code = dictionary["error_code"] {
                return .failure(error(code: integerValue(code), dictionary))
            }
            return .failure(error(code: kFBGeneralErrorCode, dictionary))
        }
        guard successStatus else {
            return httpStatusFailure(status: status, text: String(data: body, encoding: .utf8), body: body)
        }
        return .result(document.value)
    }

    /// The deviation for a non-2xx body that is not a JSON error object: 10000 with the status and
    /// the body as text (base64 when it is not UTF-8).
    private static func httpStatusFailure(status: Int, text: String?, body: Data) -> Outcome {
        let userInfo: [String: Any] = ["http_status": status, "body": text ?? body.base64EncodedString()]
        return .failure(error(code: kFBGeneralErrorCode, userInfo))
    }

    /// The UTF-8 byte order mark, which decoding the body as text drops.
    private static let utf8ByteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Objective-C's `intValue`, for the `NSError` code of a REST `error_code` (v2's shape): numbers
    /// truncate, strings parse their leading integer, others are 0. Whether an error expires the
    /// session is not read here but from the core's outcome (`GraphError+LegacyTokenRule.swift`).
    package static func integerValue(_ value: Any) -> Int {
        switch value {
        case let number as NSNumber:
            return Int(number.int32Value)
        case let string as String:
            let trimmed = string.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
            var digits = ""
            for (index, character) in trimmed.enumerated() {
                if character.isASCII, character.isNumber || (index == 0 && (character == "-" || character == "+")) {
                    digits.append(character)
                } else {
                    break
                }
            }
            return Int(digits.hasPrefix("+") ? String(digits.dropFirst()) : digits).map { Int(Int32(clamping: $0)) }
                ?? 0
        default:
            return 0
        }
    }

    /// v2's error: `facebookErrDomain`, `code`, `userInfo` with its secrets redacted
    /// (``LegacyNSError/facebookErr(code:_:)``, the one home of the legacy error shapes).
    private static func error(code: Int, _ userInfo: [String: Any]) -> NSError {
        LegacyNSError.facebookErr(code: code, userInfo)
    }
}
