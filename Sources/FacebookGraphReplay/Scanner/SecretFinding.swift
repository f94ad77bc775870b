extension SecretScanner {
    /// One secret-shaped value found in a file, located and masked.
    ///
    /// The excerpt never holds the whole secret: at most its first six characters (fewer for a
    /// short value, at most half of it) followed by `…`.
    public struct Finding: Sendable, Equatable, CustomStringConvertible {
        /// The file the text came from, as given to the scanner.
        public var file: String
        /// The 1-based line of the secret's first character.
        public var line: Int
        /// The 1-based column of the secret's first character, in characters.
        public var column: Int
        /// What was found, e.g. `user or page token (EAA…)`.
        public var kind: String
        /// The masked secret: its first characters, then `…`.
        public var excerpt: String

        /// A finding.
        package init(file: String, line: Int, column: Int, kind: String, excerpt: String) {
            self.file = file
            self.line = line
            self.column = column
            self.kind = kind
            self.excerpt = excerpt
        }

        /// A finding for `secret`, its excerpt masked by ``mask(_:)``.
        init(file: String, line: Int, column: Int, kind: String, secret: Substring) {
            self.init(file: file, line: line, column: column, kind: kind, excerpt: Self.mask(secret))
        }

        /// `file:line:column: kind: excerpt`, the shape compilers use, so editors can jump to it.
        public var description: String { "\(file):\(line):\(column): \(kind): \(excerpt)" }

        /// The first six characters of `secret` (at most half of it), then `…`.
        package static func mask<S: StringProtocol>(_ secret: S) -> String {
            String(secret.prefix(min(6, secret.count / 2))) + "…"
        }

        /// The kind of a finding that stands for a file the scanner could not read.
        package static let notScannedKind = "not scanned"

        /// True when this finding stands for a file that could not be scanned (not a secret found).
        public var isNotScanned: Bool { kind.hasPrefix(Self.notScannedKind) }

        /// The finding for a file that could not be scanned, at line 1, column 1.
        static func notScanned(_ file: String, reason: String) -> Finding {
            Finding(file: file, line: 1, column: 1, kind: "\(notScannedKind) (\(reason))", excerpt: "…")
        }
    }
}
