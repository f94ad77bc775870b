// What differs between a live request and a recorded one, for "no matching entry" messages and for
// ranking the recorded entries nearest to a request that matched none.
//
// The diff walks the canonical forms component by component — the host (where the cassette's
// host rule applies), method, path, each parameter name, each file part, the raw body — and writes
// one line per difference, naming it, with both sides' canonical values. Long values (a batch, a JSON body) are shown from shortly before their first
// difference. The distance adds a weight per difference: a different method or path weighs more
// than a few parameters, so an entry for the same endpoint ranks nearer than one for another.

import Foundation

/// What differs between a live request and a recorded one.
package struct RequestDiff: Sendable {
    /// The weight of each kind of difference in ``distance``.
    package enum Weight {
        /// A different method.
        package static let method = 10
        /// A different path.
        package static let path = 10
        /// A different host, where the host counts (the cassette holds entries for the live one).
        package static let host = 5
        /// A parameter present on both sides with different values.
        package static let parameterValue = 2
        /// A parameter value present on one side only (per value).
        package static let parameterPresence = 3
        /// A file part that differs or is present on one side only (per part).
        package static let file = 3
        /// A raw body that differs or is present on one side only.
        package static let body = 4
    }

    /// One readable line per difference, e.g. `method: recorded GET, live POST`,
    /// `parameter fields: recorded "id,name", live "id"`, `parameter limit: only in live ("5")`,
    /// `file source: bodies differ (120 vs 98 bytes)`. Empty for a match.
    package let lines: [String]
    /// 0 for a match; otherwise the sum of the ``Weight`` of every difference.
    package let distance: Int

    /// True when the requests match (their canonical forms are equal).
    package var isMatch: Bool { distance == 0 }

    /// Compares `live` with `recorded`; their hosts too when `comparingHosts` (the cassette's host
    /// rule applies to the live request).
    package init(live: CanonicalRequest, recorded: CanonicalRequest, comparingHosts: Bool = false) {
        let hostDiffers = comparingHosts && live.host != recorded.host
        guard live != recorded || hostDiffers else {
            lines = []
            distance = 0
            return
        }
        var builder = Builder()
        if hostDiffers {
            builder.add("host: recorded \(recorded.host), live \(live.host)", weight: Weight.host)
        }
        if live.method != recorded.method {
            builder.add("method: recorded \(recorded.method), live \(live.method)", weight: Weight.method)
        }
        if live.path != recorded.path {
            builder.add("path: recorded \(recorded.path), live \(live.path)", weight: Weight.path)
        }
        builder.compareParameters(live: live.parameters, recorded: recorded.parameters)
        builder.compareFiles(live: live.files, recorded: recorded.files)
        builder.compareBodies(live: live, recorded: recorded)
        if builder.lines.isEmpty {
            // Unreachable while the components above cover everything `==` compares; kept so a
            // mismatch can never report a distance of 0.
            builder.add("request: canonical forms differ", weight: 1)
        }
        lines = builder.lines
        distance = builder.distance
    }
}

extension RequestDiff {
    /// Accumulates lines and weight.
    private struct Builder {
        /// Values longer than this (in characters) are shortened in messages.
        static let shortLength = 100
        /// How many characters of a shortened value are shown.
        static let shownLength = 120
        /// How many characters before the first difference a shortened value starts.
        static let contextLength = 12

        /// The lines so far.
        var lines: [String] = []
        /// The distance so far.
        var distance = 0

        /// Records one difference.
        mutating func add(_ line: String, weight: Int) {
            lines.append(line)
            distance += weight
        }

        /// Parameters compared name by name (values of one name as a multiset).
        mutating func compareParameters(live: [CanonicalRequest.Parameter], recorded: [CanonicalRequest.Parameter]) {
            let liveValues = Dictionary(grouping: live, by: \.name).mapValues { $0.map(\.value) }
            let recordedValues = Dictionary(grouping: recorded, by: \.name).mapValues { $0.map(\.value) }
            for name in Set(liveValues.keys).union(recordedValues.keys).sorted() {
                guard liveValues[name] != recordedValues[name] else { continue }
                // A secret's value is shown only when it is a marker (`<TOKEN-1>`): a foreign file
                // may hold a real token, and this line is printed.
                let liveSide = (liveValues[name] ?? []).map { SecretFreeText.parameterValue($0, name: name) }
                let recordedSide = (recordedValues[name] ?? []).map { SecretFreeText.parameterValue($0, name: name) }
                let label = "parameter \(name.isEmpty ? "(unnamed)" : name)"
                if recordedSide.isEmpty {
                    add(
                        "\(label): only in live (\(Self.list(liveSide)))",
                        weight: Weight.parameterPresence * liveSide.count)
                } else if liveSide.isEmpty {
                    add(
                        "\(label): only in recorded (\(Self.list(recordedSide)))",
                        weight: Weight.parameterPresence * recordedSide.count
                    )
                } else if liveSide.count == 1, recordedSide.count == 1 {
                    let (recordedText, liveText) = Self.shortened(recordedSide[0], liveSide[0])
                    add("\(label): recorded \(recordedText), live \(liveText)", weight: Weight.parameterValue)
                } else {
                    add(
                        "\(label): recorded \(Self.list(recordedSide)); live \(Self.list(liveSide))",
                        weight: Weight.parameterValue * max(liveSide.count, recordedSide.count)
                    )
                }
            }
        }

        /// File parts compared name by name, in their sorted order within a name.
        mutating func compareFiles(live: [CanonicalRequest.FilePart], recorded: [CanonicalRequest.FilePart]) {
            let liveParts = Dictionary(grouping: live, by: \.name)
            let recordedParts = Dictionary(grouping: recorded, by: \.name)
            for name in Set(liveParts.keys).union(recordedParts.keys).sorted() {
                let liveSide = liveParts[name] ?? []
                let recordedSide = recordedParts[name] ?? []
                for index in 0..<max(liveSide.count, recordedSide.count) {
                    switch (
                        index < recordedSide.count ? recordedSide[index] : nil,
                        index < liveSide.count ? liveSide[index] : nil
                    ) {
                    case (let recordedPart?, let livePart?):
                        compareFile(live: livePart, recorded: recordedPart)
                    case (let recordedPart?, nil):
                        add(
                            "file \(recordedPart.label): only in recorded (\(Self.summary(recordedPart)))",
                            weight: Weight.file)
                    case (nil, let livePart?):
                        add("file \(livePart.label): only in live (\(Self.summary(livePart)))", weight: Weight.file)
                    case (nil, nil):
                        break
                    }
                }
            }
        }

        /// Two parts of the same name: one line per differing attribute, one weight per part.
        private mutating func compareFile(live: CanonicalRequest.FilePart, recorded: CanonicalRequest.FilePart) {
            guard live != recorded else { return }
            let label = "file \(recorded.label)"
            var partLines: [String] = []
            if live.filename != recorded.filename {
                let (recordedName, liveName) = (Self.optional(recorded.filename), Self.optional(live.filename))
                partLines.append("\(label): filename recorded \(recordedName), live \(liveName)")
            }
            if live.contentType != recorded.contentType {
                let (recordedType, liveType) = (recorded.contentType ?? "none", live.contentType ?? "none")
                partLines.append("\(label): content type recorded \(recordedType), live \(liveType)")
            }
            if live.body != recorded.body {
                partLines.append("\(label): bodies differ (\(Self.byteDifference(recorded.body, live.body)))")
            }
            for (index, line) in partLines.enumerated() {
                add(line, weight: index == 0 ? Weight.file : 0)
            }
        }

        /// The raw bodies: as JSON when both are JSON, else as bytes.
        mutating func compareBodies(live: CanonicalRequest, recorded: CanonicalRequest) {
            guard !CanonicalRequest.bodiesMatch(live, recorded) else { return }
            switch (recorded.rawBody, live.rawBody) {
            case (let recordedBody?, nil):
                add("body: only in recorded (\(recordedBody.count) bytes)", weight: Weight.body)
            case (nil, let liveBody?):
                add("body: only in live (\(liveBody.count) bytes)", weight: Weight.body)
            case (let recordedBody?, let liveBody?):
                if let recordedJSON = recorded.rawBodyJSON, let liveJSON = live.rawBodyJSON {
                    let (recordedText, liveText) = Self.shortened(recordedJSON, liveJSON, quoting: false)
                    add("body: JSON differs: recorded \(recordedText), live \(liveText)", weight: Weight.body)
                } else {
                    add("body: bytes differ (\(Self.byteDifference(recordedBody, liveBody)))", weight: Weight.body)
                }
            case (nil, nil):
                break
            }
        }

        // MARK: Formatting

        /// Up to ``shownLength`` characters from `start`, `…` marking what was left out on either side.
        private static func excerpt(_ characters: [Character], from start: Int, quoting: Bool) -> String {
            var text = start > 0 ? "…" : ""
            let end = min(characters.count, start + shownLength)
            text += String(characters[start..<end])
            if end < characters.count { text += "…" }
            return quoting ? CanonicalRequest.quoted(text) : text
        }

        /// Values quoted and joined by `, `, each shortened when long.
        private static func list(_ values: [String]) -> String {
            values.map { excerpt(Array($0), from: 0, quoting: true) }.joined(separator: ", ")
        }

        /// A quoted value, or `none`.
        private static func optional(_ value: String?) -> String {
            value.map(CanonicalRequest.quoted) ?? "none"
        }

        /// `"filename", type, N bytes`.
        private static func summary(_ part: CanonicalRequest.FilePart) -> String {
            var pieces: [String] = []
            if let filename = part.filename { pieces.append(CanonicalRequest.quoted(filename)) }
            if let contentType = part.contentType { pieces.append(contentType) }
            pieces.append("\(part.body.count) bytes")
            return pieces.joined(separator: ", ")
        }

        /// `120 vs 98 bytes`, or `120 bytes each, first difference at byte 17` (0-based).
        private static func byteDifference(_ recorded: Data, _ live: Data) -> String {
            guard recorded.count == live.count else { return "\(recorded.count) vs \(live.count) bytes" }
            let offset = zip(recorded, live).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? 0
            return "\(recorded.count) bytes each, first difference at byte \(offset)"
        }

        /// Both values for a message: whole when short, else each from shortly before their first
        /// differing character and cut to ``shownLength``, with `…` marking what was left out.
        private static func shortened(_ recorded: String, _ live: String, quoting: Bool = true) -> (String, String) {
            let recordedCharacters = Array(recorded)
            let liveCharacters = Array(live)
            func render(_ characters: [Character], from start: Int) -> String {
                excerpt(characters, from: start, quoting: quoting)
            }
            guard max(recordedCharacters.count, liveCharacters.count) > shortLength else {
                return (render(recordedCharacters, from: 0), render(liveCharacters, from: 0))
            }
            let common = zip(recordedCharacters, liveCharacters).prefix { $0 == $1 }.count
            let start = common > contextLength * 2 ? common - contextLength : 0
            return (
                render(recordedCharacters, from: min(start, recordedCharacters.count)),
                render(liveCharacters, from: min(start, liveCharacters.count))
            )
        }
    }
}
