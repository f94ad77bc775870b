// Tests of the secret scanner: clean texts stay clean, every token shape is found at the right
// line and column, the expired tokens in the public corpus (restfb, fb_graph-mock) are found, and
// no finding ever prints a whole secret.
//
// The corpus is read where it lies (`../shared/corpus` from the package root); it is never copied
// into the repository. Without it the corpus tests are skipped, or fail when the corpus is required
// (SharedCorpus): a scan of nothing proves nothing, so they never pass on nothing.

import FacebookGraphCorpusSupport
import FacebookGraphReplay
import Foundation
import Testing

/// Tests of ``SecretScanner``.
@Suite struct SecretScannerTests {
    /// A scanner with no extra secrets.
    private let scanner = SecretScanner()

    // MARK: Clean text

    /// Placeholders, ordinary ids, short hex, UUIDs, prose and stand-ins yield nothing.
    @Test(arguments: [
        "https://graph.facebook.com/v2.0/me/feed?access_token=<TOKEN-1>&appsecret_proof=<PROOF-1>&limit=25",
        "https://graph.facebook.com/me?access_token=%3CTOKEN-1%3E",
        #"{"access_token": "<TOKEN-2>", "token_type": "bearer"}"#,
        #"{"id": "10150000000000001", "from": {"id": "100002527044219"}, "object_id": 10150146071791729}"#,
        #"{"md5": "d41d8cd98f00b204e9800998ecf8427e", "sha1": "da39a3ee5e6b4b0d3255bfef95601890afd80709"}"#,
        "request 123e4567-e89b-12d3-a456-426614174000 and trace AbC1dEf2GhI",
        "Authorization: Bearer <TOKEN-1>",
        #"{"name" : "Authorization", "value" : "OAuth <TOKEN-1>"}"#,
        #"{"Authorization": "Bearer <AUTH-1>"}"#,
        "The Client presents the Verification Code to the Authorization Server. OAuth WRAP is out of scope.",
        "access_token=access_token_for_fb_graph&access_token=accTokenPlaceholder&access_token=token",
        #"{"access_token": "{access-token}", "other": "access_token=<%= ACCESS_TOKEN %>"}"#,
        "app 119908831367602 page 123456|short and 2227470867|2.x",
        "EAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA and AAACAAAAAAAAAAAAAAAAAAAAAAAAAA (binary zeros in base64)",
        #"{"text": "iVBORw0KGgo+EAAGm0PX4ZCpsBAKZBq7xZCfake0Test1/CAACEdEose0cBAfakeOld1Token2abc+AAAA=="}"#,
        String(repeating: "ab", count: 31) + "f",
    ])
    func cleanTextYieldsNothing(text: String) {
        #expect(scanner.scan(text: text, file: "clean.txt") == [])
    }

    // MARK: Shapes

    /// Every shape is found, with its kind, at the 1-based line and column of its first character.
    @Test func eachShapeIsFoundAtItsLineAndColumn() {
        let cases: [(line: String, secret: String, kind: String)] = [
            (
                "  user: EAAGm0PX4ZCpsBAKZBq7xZCfake0Test1Token2 end", "EAAGm0PX4ZCpsBAKZBq7xZCfake0Test1Token2",
                "user or page token (EAA…)"
            ),
            (
                "old=AAACEdEose0cBAFakeOldToken1234567890abc", "AAACEdEose0cBAFakeOldToken1234567890abc",
                "old token (AAAC…)"
            ),
            (
                "\"CAACEdEose0cBAFakeOldToken1234567890xyz\"", "CAACEdEose0cBAFakeOldToken1234567890xyz",
                "old token (CAAC…)"
            ),
            (
                "t 123456789|2.AQBxyzFake_Sess.3600.1300000000-100000000000001|SigNa-Ture0123.",
                "123456789|2.AQBxyzFake_Sess.3600.1300000000-100000000000001|SigNa-Ture0123.",
                "OAuth 2 token (app id|…-user id|…)"
            ),
            (
                "next=x%3Fa%3D2227470867%7C2.Fake__.3600.1272380400-579612276%7CSkfo-M8.",
                "2227470867%7C2.Fake__.3600.1272380400-579612276%7CSkfo-M8.", "OAuth 2 token (app id|…-user id|…)"
            ),
            (
                "{\"t\": \"134145643294322\\u00257C456a137fake-579612276\\u00257CY7w4XI3\"}",
                "134145643294322\\u00257C456a137fake-579612276\\u00257CY7w4XI3", "OAuth 2 token (app id|…-user id|…)"
            ),
            (
                "app token 123456789012345|AbCdEfGhIjKlMnOpQrSt-u_v ok", "123456789012345|AbCdEfGhIjKlMnOpQrSt-u_v",
                "app token (app id|secret)"
            ),
            (
                "appsecret_proof=4dad02ff1693df832f9c183fe400fc4f601360be06514acb4a73edb783eec345&x=1",
                "4dad02ff1693df832f9c183fe400fc4f601360be06514acb4a73edb783eec345", "appsecret_proof (64 hex)"
            ),
            ("Authorization: Bearer opaque-Value_123", "opaque-Value_123", "Authorization header"),
            ("proxy-authorization: OAuth xyzzy42", "xyzzy42", "Authorization header"),
            ("{\"Authorization\": \"Basic dXNlcjpwYXNzd29yZA==\"}", "dXNlcjpwYXNzd29yZA==", "Authorization header"),
            (
                "{\"name\" : \"Authorization\", \"value\" : \"Bearer abc.def.123\"}", "abc.def.123",
                "Authorization header"
            ),
            (
                "GET /me?fields=id&access_token=someOpaque1234567890value&limit=5", "someOpaque1234567890value",
                "access_token value"
            ),
            (
                "{\"access_token\": \"opaque_Value-1234567890\", \"expires\": 1}", "opaque_Value-1234567890",
                "access_token value"
            ),
            (
                "{\"name\": \"input_token\", \"value\": \"another0paque1234567\"}", "another0paque1234567",
                "input_token value"
            ),
            (
                "u=https:\\/\\/x\\/?access_token=opaqueValue0123456789\\u0026limit=2", "opaqueValue0123456789",
                "access_token value"
            ),
        ]
        let prefix = "first line\n\n"
        for (line, secret, kind) in cases {
            let findings = scanner.scan(text: prefix + line + "\n", file: "shapes.txt")
            #expect(findings.count == 1, "\(kind): \(findings)")
            guard let finding = findings.first else { continue }
            let column = line.distance(from: line.startIndex, to: line.range(of: secret)!.lowerBound) + 1
            #expect(finding.file == "shapes.txt")
            #expect(finding.line == 3, "\(kind)")
            #expect(finding.column == column, "\(kind)")
            #expect(finding.kind == kind)
            #expect(finding.excerpt == String(secret.prefix(min(6, secret.count / 2))) + "…")
            #expect(finding.description == "shapes.txt:3:\(column): \(kind): \(finding.excerpt)")
        }
    }

    /// A secret that only seems to stand in a JSON text, its first character being the last hex digit
    /// of a `\uXXXX` escape, is not one (FuzzRedactor: a control byte 0x0F before `3a9c…` is written
    /// `\u000f3a9c…`); after a complete escape, or after an escaped backslash, it is.
    @Test func secretStraddlingAJSONEscape() {
        let secret = "f3a9c1e07b5d42a8c6e2d91b7a0f3c55"
        let scanner = SecretScanner(extraSecrets: [secret])
        #expect(scanner.scan(text: #"{"name":"\u000f3a9c1e07b5d42a8c6e2d91b7a0f3c550"}"#, file: "a.har").isEmpty)
        #expect(scanner.scan(text: #"{"name":"\u0f3a9c1e07b5d42a8c6e2d91b7a0f3c550"}"#, file: "a.har").isEmpty)
        #expect(scanner.scan(text: #"{"name":"\u000af3a9c1e07b5d42a8c6e2d91b7a0f3c55"}"#, file: "a.har").count == 1)
        #expect(scanner.scan(text: #"{"name":"\\u000f3a9c1e07b5d42a8c6e2d91b7a0f3c55"}"#, file: "a.har").count == 1)
        #expect(scanner.scan(text: "plain \(secret)", file: "a.txt").count == 1)
    }

    /// Columns count characters, so a secret after non-ASCII text keeps the column a reader sees.
    @Test func columnsCountCharacters() {
        let findings = scanner.scan(text: "ok\n«é» EAAGm0PX4ZCpsBAKZBq7xZCfake0Test1", file: "f")
        #expect(findings.map { [$0.line, $0.column] } == [[2, 5]])
    }

    /// Several secrets on several lines come out in order, each once.
    @Test func severalSecretsComeOutInOrder() {
        let text = """
            {"paging": {"next": "https://graph.facebook.com/me/feed?access_token=EAAGm0PX4ZCpsBAKZBq7xZCfake0Test1\
            &limit=25&until=1300000000", "previous": "https://graph.facebook.com/me/feed?\
            access_token=EAAGm0PX4ZCpsBAKZBq7xZCfake0Test1&since=1"}}
            Authorization: OAuth 123456789012345|AbCdEfGhIjKlMnOpQrSt-u_v
            """
        let findings = scanner.scan(text: text, file: "f")
        #expect(findings.map(\.line) == [1, 1, 2])
        #expect(
            findings.map(\.kind) == [
                "user or page token (EAA…)", "user or page token (EAA…)",
                "app token (app id|secret)",
            ])
        #expect(findings[0].column < findings[1].column)
    }

    // MARK: Known secrets

    /// Extra secrets are found raw and percent-encoded (upper and lower hex).
    @Test func extraSecretsAreFound() {
        let scanner = SecretScanner(extraSecrets: ["my secret/value!"])
        let text = "a my secret/value! b\nc my%20secret%2Fvalue%21 d\ne my%20secret%2fvalue%21"
        let findings = scanner.scan(text: text, file: "f")
        #expect(findings.map { [$0.line, $0.column] } == [[1, 3], [2, 3], [3, 3]])
        #expect(findings.allSatisfy { $0.kind == "known secret" })
    }

    /// `fromEnvironment` takes the `FB_…` values of at least 8 characters and nothing else.
    @Test func fromEnvironmentReadsTheFacebookVariables() {
        let scanner = SecretScanner.fromEnvironment([
            "FB_APP_SECRET": "0123abcd4567ef89",
            "FB_ACCESS_TOKEN": "short",
            "FB_CLIENT_SECRET": "clientsecretvalue",
            "HOME": "/home/someone/longvalue",
        ])
        let text = "0123abcd4567ef89 short clientsecretvalue /home/someone/longvalue"
        #expect(scanner.scan(text: text, file: "f").map(\.column) == [1, 24])
        #expect(SecretScanner.fromEnvironment([:]).scan(text: text, file: "f") == [])
    }

    // MARK: Files

    /// `scan(paths:)` walks directories, skips `.git`, `.build` and binary files, and reports paths.
    @Test func scanPathsWalksDirectories() throws {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("SecretScannerTests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let token = "EAAGm0PX4ZCpsBAKZBq7xZCfake0Test1"
        for (path, contents) in [
            ("a/cassette.har", Data("{\n  \"url\": \"https://x/?access_token=\(token)\"\n}\n".utf8)),
            ("a/clean.json", Data("{\"access_token\": \"<TOKEN-1>\"}".utf8)),
            (".git/objects/leak", Data(token.utf8)),
            (".build/leak.txt", Data(token.utf8)),
            ("b/binary.bin", Data([0, 1, 2]) + Data(token.utf8)),
            ("b/latin1.txt", Data([0xE9, 0x20]) + Data(token.utf8)),
        ] {
            let url = root.appendingPathComponent(path)
            let folder = url.deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try contents.write(to: url)
        }
        let findings = try scanner.scan(paths: [root.path])
        // Binary and Latin-1 files are scanned as bytes, not skipped as clean.
        let expected = [
            "\(root.path)/a/cassette.har:2:35: user or page token (EAA…): EAAGm0…",
            "\(root.path)/b/binary.bin:1:4: user or page token (EAA…): EAAGm0…",
            "\(root.path)/b/latin1.txt:1:3: user or page token (EAA…): EAAGm0…",
        ]
        #expect(findings.map(\.description) == expected)
        let single = try scanner.scan(paths: [root.appendingPathComponent("a/cassette.har").path])
        #expect(single.count == 1)
        #expect(throws: (any Error).self) { try scanner.scan(paths: [root.appendingPathComponent("missing").path]) }
    }

    /// A file too large to read is reported as not scanned, never counted clean.
    @Test func oversizedFileIsReported() throws {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("SecretScannerTests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let big = root.appendingPathComponent("big.har")
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: UInt64(SecretScanner.maximumFileSize + 1))
        try handle.close()
        let findings = try scanner.scan(paths: [root.path])
        #expect(findings.count == 1)
        #expect(findings.first?.isNotScanned == true)
        #expect(findings.first?.description.hasPrefix("\(big.path):1:1: not scanned (larger than 32 MiB)") == true)
    }

    /// A token behind an encoded `=` or quote (`%3D`, `%22`, `\u0022`, `\"`) is still a parameter value.
    @Test(
        arguments: [
            "batch=%5B%7B%22relative_url%22%3A%22me%3Faccess_token%3DAbCdEfGh12345678wxyz%22%7D%5D",
            "%22access_token%22%3A%22AbCdEfGh12345678wxyz%22",
            #"{"body":"{\u0022access_token\u0022:\u0022AbCdEfGh12345678wxyz\u0022}"}"#,
            #"{"body":"{\"client_secret\":\"AbCdEfGh12345678wxyz\"}"}"#,
            "next=https%3A%2F%2Fx%2Fme%3Fpassword%253DAbCdEfGh12345678wxyz%2526a%253D1",
        ]
    )
    func encodedSeparators(text: String) {
        let findings = scanner.scan(text: text, file: "f")
        #expect(findings.count == 1, "\(text)")
        #expect(findings.first?.kind.hasSuffix(" value") == true)
        #expect(findings.first?.excerpt == "AbCdEf…")
    }

    /// A cassette's base64 bodies are decoded and scanned: a token there is found, named by entry.
    @Test func base64BodiesAreScanned() throws {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("SecretScannerTests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let body = Data([0xFF, 0xFE]) + Data(#"{"token":"EAAGm0PX4ZCpsBAKZBq7xZCfake0Test1"}"#.utf8)
        let response = HARResponse(status: 200, content: HARContent(mimeType: "application/json", body: body))
        let entry = HAREntry(
            startedDateTime: "2024-01-01T00:00:00.000Z",
            request: HARRequest(method: "GET", url: "https://graph.facebook.com/me"),
            response: response
        )
        #expect(response.content.encoding == "base64")
        let file = root.appendingPathComponent("c.har")
        try HARArchive(entries: [entry]).encoded().write(to: file)
        let findings = try scanner.scan(paths: [file.path])
        #expect(findings.map(\.file) == ["\(file.path) entry 0 response body"])
        #expect(findings.first?.kind == "user or page token (EAA…)")
    }

    /// `redacted(_:)` hides whatever the scanner would report, wherever it sits.
    @Test func redactedHidesEveryFinding() {
        let url = "https://graph.facebook.com/me/feed?debug=EAAGm0PX4ZCpsBAKZBq7xZCfake0Test1&limit=1"
        #expect(scanner.redacted(url) == "https://graph.facebook.com/me/feed?debug=<redacted>&limit=1")
        #expect(scanner.redacted("access_token=<TOKEN-1>") == "access_token=<TOKEN-1>")
    }

    // MARK: The corpus

    /// The expired tokens in the paging URLs of restfb and fb_graph-mock are all found: every line
    /// holding an `access_token=` value of 16+ characters with a digit has a finding there, and the
    /// token shapes each appear. Prints what was found, masked.
    @Test(SharedCorpus.needed("restfb", "fb_graph-mock"), arguments: ["restfb", "fb_graph-mock"])
    func tokensInTheCorpusAreFound(folder: String) throws {
        let directory = try SharedCorpus.url(folder).path
        let findings = try scanner.scan(paths: [directory])

        // Every access_token= value that is a real token (16+ characters with a digit) is covered.
        let valuePattern = try NSRegularExpression(pattern: #"access_token=([^&"\s<>]{16,})"#)
        var expected: Set<String> = []
        for file in try FileManager.default.subpathsOfDirectory(atPath: directory) {
            let path = directory + "/" + file
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = String(line)
                for match in valuePattern.matches(in: line, range: NSRange(line.startIndex..., in: line)) {
                    let value = line[Range(match.range(at: 1), in: line)!]
                    if value.contains(where: \.isNumber), !value.hasPrefix("<") {
                        expected.insert("\(path):\(index + 1)")
                    }
                }
            }
        }
        let reported = Set(findings.map { "\($0.file):\($0.line)" })
        #expect(!expected.isEmpty)
        #expect(expected.subtracting(reported).isEmpty, "missed: \(expected.subtracting(reported).sorted())")

        let kinds = Set(findings.map(\.kind))
        if folder == "restfb" {
            #expect(kinds.isSuperset(of: ["user or page token (EAA…)", "old token (AAAC…)", "old token (CAAC…)"]))
            let strange = findings.filter { $0.file.hasSuffix("json/v4_0/strange-cursor.json") }
            let text = try String(contentsOfFile: directory + "/json/v4_0/strange-cursor.json", encoding: .utf8)
            let line13 = String(text.split(separator: "\n", omittingEmptySubsequences: false)[12])
            let column = line13.distance(from: line13.startIndex, to: line13.range(of: "EAAG")!.lowerBound) + 1
            #expect(strange.map { [$0.line, $0.column] } == [[13, column]])
        } else {
            #expect(kinds.isSuperset(of: ["OAuth 2 token (app id|…-user id|…)", "app token (app id|secret)"]))
            #expect(findings.contains { $0.file.hasSuffix("mock_json/thread/messages/private.json") })
            #expect(findings.contains { $0.file.hasSuffix("mock_json/applications/test_users/private.json") })
        }

        // What was found, masked: counts per kind and per file.
        var perKind: [String: Int] = [:]
        for finding in findings { perKind[finding.kind, default: 0] += 1 }
        print("SecretScanner over \(folder): \(findings.count) findings in \(Set(findings.map(\.file)).count) files")
        for (kind, count) in perKind.sorted(by: { $0.key < $1.key }) { print("  \(count)\t\(kind)") }
        for finding in findings {
            print("  " + finding.description.replacingOccurrences(of: directory + "/", with: ""))
        }
        Self.expectMasked(findings, in: directory)
    }

    // MARK: Masking

    /// No excerpt or description holds a whole secret: at most six characters before the ellipsis.
    @Test func maskingNeverPrintsAWholeSecret() {
        let secrets = [
            "EAAGm0PX4ZCpsBAKZBq7xZCfake0Test1", "123456789012345|AbCdEfGhIjKlMnOpQrSt-u_v",
            "4dad02ff1693df832f9c183fe400fc4f601360be06514acb4a73edb783eec345", "abcdefgh",
        ]
        let scanner = SecretScanner(extraSecrets: ["abcdefgh"])
        let findings = scanner.scan(text: secrets.joined(separator: "\n"), file: "f")
        #expect(findings.count == secrets.count)
        for (finding, secret) in zip(findings, secrets) {
            #expect(!finding.description.contains(secret))
            #expect(finding.excerpt.hasSuffix("…"))
            #expect(finding.excerpt.count <= 7)
            #expect(finding.excerpt.dropLast().count < secret.count / 2 + 1)
        }
        #expect(SecretScanner.Finding.mask("abc") == "a…")
        #expect(SecretScanner.Finding.mask("") == "…")
    }

    /// Every corpus finding is masked: its excerpt is a short prefix of the secret.
    private static func expectMasked(_ findings: [SecretScanner.Finding], in directory: String) {
        for finding in findings {
            #expect(finding.excerpt.hasSuffix("…"))
            #expect(finding.excerpt.count <= 7)
        }
    }
}
