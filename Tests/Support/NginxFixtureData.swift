import Foundation

/// The static files ``NginxFixture`` serves, byte for byte what the benchmark's `gen_data.py`
/// writes (seed 20240611, 5,000 friends), produced in Swift so the fixture needs no Python and
/// gives every machine the same bodies.
///
/// `/me` is a 293-byte Graph user object; `/friends` a 1.5 MB friends page with the Graph API's
/// encoding (`\/` for `/`, `\uXXXX` for every non-ASCII character); `/small` is `true`.
package enum NginxFixtureData {
    /// The `/me` body (293 bytes).
    package static let me =
        #"{"id":"100004567891234","name":"Alexandra Marie Smith","first_name":"Alexandra","#
        + #""middle_name":"Marie","last_name":"Smith","email":"alexandra.smith@example.com","#
        + #""birthday":"08\/15\/1990","gender":"female","locale":"en_US","timezone":-7,"verified":true,"#
        + #""updated_time":"2024-05-01T12:34:56+0000"}"#

    /// The `/small` body.
    package static let small = "true"

    /// Writes `me`, `small`, `friends` and `friends_plain` (the same list, raw UTF-8 and plain `/`)
    /// into `directory`.
    package static func write(into directory: String) throws {
        for (name, body) in files {
            try body.write(to: URL(fileURLWithPath: "\(directory)/\(name)"))
        }
    }

    /// The files by name, generated once per process: every fixture serves the same bytes, and the
    /// two 1.5 MB friends pages cost 0.16 CPU-s a time in a debug build (0.54 under ThreadSanitizer).
    private static let files: [(String, Data)] = {
        let people = friendList(count: 5000)
        return [
            ("me", me), ("small", small), ("friends", friendsDocument(people, graphEscaped: true)),
            ("friends_plain", friendsDocument(people, graphEscaped: false)),
        ].map { ($0.0, Data($0.1.utf8)) }
    }()

    /// One friend: id, names and picture URL.
    private struct Person {
        let id: String
        let first: String
        let middle: String
        let last: String
        let pictureURL: String
    }

    private static let firstNames = [
        "Alexandra", "Ben", "Chloé", "Dmitri", "Emma", "François", "Gabriel", "Hannah", "Ivan", "Jürgen", "Kai",
        "Laura", "Mateo", "Noémie", "Olivia", "Paweł", "Quinn", "Rosa", "Søren", "Tomás", "Uma", "Valentina",
        "William", "Xiu", "Yusuf", "Zoë", "Ana", "Chris", "David", "Elena", "Fatima", "George", "Haruto", "Isabel",
        "James", "Keiko", "Liam",
    ]
    private static let middleNames = [
        "Marie", "James", "Lee", "Ann", "José", "Grace", "Rose", "Michael", "Elizabeth", "Ray", "Lynn", "Jean",
        "Kim", "Anne", "Joseph", "Louise",
    ]
    private static let lastNames = [
        "Smith", "Johnson", "Müller", "García", "Kowalski", "Nguyen", "Rossi", "Dubois", "Andersson", "O'Brien",
        "Tanaka", "Silva", "Ivanova", "Jensen", "Fernández", "Brown", "Novák", "Wright", "Schäfer", "Martin",
        "Lopez", "Kim", "Patel", "Williams", "Taylor",
    ]
    private static let hashAlphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")

    /// The friends `gen_data.py` draws, in the same order of random draws.
    private static func friendList(count: Int) -> [Person] {
        var random = PythonRandom(seed: 20_240_611)
        return (0..<count).map { index in
            let id = String(100_000_000_000_000 + 7919 * index)
            let first = random.choice(firstNames)
            let middle = random.choice(middleNames)
            let last = random.choice(lastNames)
            let hash = String((0..<24).map { _ in random.choice(hashAlphabet) })
            let ext = 1_718_000_000 + random.below(100_000)
            let url =
                "https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=\(id)&height=50&width=50"
                + "&ext=\(ext)&hash=Ae\(hash)"
            return Person(id: id, first: first, middle: middle, last: last, pictureURL: url)
        }
    }

    /// The friends page as compact JSON, Graph-escaped or plain.
    private static func friendsDocument(_ people: [Person], graphEscaped: Bool) -> String {
        func quoted(_ text: String) -> String {
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "/" where graphEscaped: out += "\\/"
                case _ where scalar.value > 127 && graphEscaped:
                    out += String(format: "\\u%04x", scalar.value)
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
        let entries = people.map { person in
            "{\"id\":\(quoted(person.id)),\"name\":\(quoted("\(person.first) \(person.middle) \(person.last)")),"
                + "\"first_name\":\(quoted(person.first)),\"middle_name\":\(quoted(person.middle)),"
                + "\"last_name\":\(quoted(person.last)),\"picture\":{\"data\":{\"url\":\(quoted(person.pictureURL))}}}"
        }
        return "{\"data\":[\(entries.joined(separator: ","))],"
            + "\"paging\":{\"cursors\":{\"before\":\"QVFIUmZA5Tm9fUGxBR0x\",\"after\":\"QVFIUkxQVkNaY2lqMUR\"}},"
            + "\"summary\":{\"total_count\":\(people.count)}}"
    }
}

/// CPython's `random.Random` for a small integer seed: MT19937 seeded by `init_by_array`, with
/// `choice` and `randrange(n)` drawing exactly as CPython does (rejection sampling on
/// `getrandbits(n.bit_length())`), so the fixture reproduces `gen_data.py` without Python.
private struct PythonRandom {
    private var state = [UInt32](repeating: 0, count: 624)
    private var index = 624

    /// Seeds like `random.Random(seed)` for `0 <= seed < 2^32`.
    init(seed: UInt32) {
        state[0] = 19_650_218
        for i in 1..<624 {
            state[i] = 1_812_433_253 &* (state[i - 1] ^ (state[i - 1] >> 30)) &+ UInt32(i)
        }
        var i = 1
        for _ in 0..<624 {
            state[i] = (state[i] ^ ((state[i - 1] ^ (state[i - 1] >> 30)) &* 1_664_525)) &+ seed
            i += 1
            if i >= 624 {
                state[0] = state[623]
                i = 1
            }
        }
        for _ in 0..<623 {
            state[i] = (state[i] ^ ((state[i - 1] ^ (state[i - 1] >> 30)) &* 1_566_083_941)) &- UInt32(i)
            i += 1
            if i >= 624 {
                state[0] = state[623]
                i = 1
            }
        }
        state[0] = 0x8000_0000
    }

    /// The next 32 random bits.
    mutating func next() -> UInt32 {
        if index >= 624 {
            for k in 0..<624 {
                let y = (state[k] & 0x8000_0000) | (state[(k + 1) % 624] & 0x7FFF_FFFF)
                state[k] = state[(k + 397) % 624] ^ (y >> 1) ^ ((y & 1) == 0 ? 0 : 0x9908_B0DF)
            }
            index = 0
        }
        var y = state[index]
        index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C_5680
        y ^= (y << 15) & 0xEFC6_0000
        return y ^ (y >> 18)
    }

    /// `randrange(n)`: uniform in `0..<n`, for `0 < n < 2^32`.
    mutating func below(_ n: Int) -> Int {
        let bits = Int.bitWidth - n.leadingZeroBitCount
        while true {
            let candidate = Int(next() >> UInt32(32 - bits))
            if candidate < n { return candidate }
        }
    }

    /// `choice(items)`.
    mutating func choice<Element>(_ items: [Element]) -> Element {
        items[below(items.count)]
    }
}
