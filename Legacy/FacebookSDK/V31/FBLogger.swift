import FacebookGraph
import Foundation

/// v3.1's `FBLogger`: a log entry built up and written to standard error (`FBSDKLog: …`, v3.1's
/// `NSLog`), only while its behaviour is in ``FBSettings/loggingBehavior()``.
///
/// Unless ``FBLoggingBehaviorAccessTokens`` is on, what it writes has its secrets (access tokens,
/// client tokens, app secrets) redacted by the core's rule, as v3.1 replaced tokens it had registered.
open class FBLogger: NSObject, @unchecked Sendable {
    private static let shared = LockedValue(
        (serial: UInt(0), replacements: [String: String](), startTimes: [ObjectIdentifier: Date]()))
    private let lock = NSLock()
    private var text = ""

    /// The behaviour the entry logs under.
    public let loggingBehavior: String!
    /// Whether the behaviour was on when the logger was made (else it collects nothing).
    public let isActive: Bool
    /// The entry's number (0 when inactive).
    public let loggerSerialNumber: UInt

    /// `-initWithLoggingBehavior:`.
    public init!(loggingBehavior: String!) {
        self.loggingBehavior = loggingBehavior
        isActive = FBSettings.isLogging(loggingBehavior ?? "")
        loggerSerialNumber = isActive ? FBLogger.newSerialNumber() : 0
        super.init()
    }

    /// What the entry holds so far; setting replaces it (while active).
    open var contents: String! {
        get { lock.withLock { text } }
        set { if isActive { lock.withLock { text = newValue ?? "" } } }
    }

    /// `-appendString:`.
    open func append(_ string: String!) {
        if isActive { lock.withLock { text += string ?? "" } }
    }

    /// `-appendKey:value:`: `  key:\tvalue` and a line break, when `value` is not empty.
    open func appendKey(_ key: String!, value: String!) {
        guard isActive, let value, !value.isEmpty else { return }
        lock.withLock { text += "  \(key ?? ""):\t\(value)\n" }
    }

    /// `-emitToNSLog`: writes the entry to standard error (its registered replacements applied, secrets
    /// redacted) and empties it.
    open func emitToNSLog() {
        guard isActive else { return }
        let entry = lock.withLock { () -> String in
            defer { text = "" }
            return text
        }
        try? FileHandle.standardError.write(contentsOf: Data(Self.emittedLine(entry).utf8))
    }

    /// The line `entry` is written as: `FBSDKLog: ` and the entry with the registered replacements
    /// made, its secrets redacted (unless ``FBLoggingBehaviorAccessTokens`` is on), cut at 10,000
    /// characters (`TRUNCATED: …`).
    static func emittedLine(_ entry: String) -> String {
        var entry = entry
        for (target, replacement) in shared.withLock({ $0.replacements }) where !target.isEmpty {
            entry = entry.replacingOccurrences(of: target, with: replacement)
        }
        if !FBSettings.isLogging(FBLoggingBehaviorAccessTokens) {
            entry = SecretPolicy.redactSecrets(in: entry)
        }
        if entry.count > 10_000 { entry = "TRUNCATED: " + entry.prefix(10_000) }
        return "FBSDKLog: \(entry)\n"
    }

    /// `+newSerialNumber`: the next entry number.
    open class func newSerialNumber() -> UInt {
        shared.withLock { state in
            defer { state.serial &+= 1 }
            return state.serial
        }
    }

    /// `+singleShotLogEntry:logEntry:`: writes `logEntry` when `loggingBehavior` is on.
    open class func singleShotLogEntry(_ loggingBehavior: String!, logEntry: String!) {
        guard FBSettings.isLogging(loggingBehavior ?? "") else { return }
        let logger: FBLogger = FBLogger(loggingBehavior: loggingBehavior)
        logger.append(logEntry)
        logger.emitToNSLog()
    }

    /// `+singleShotLogEntry:timestampTag:formatString:` without the format: writes `logEntry` and the
    /// milliseconds since ``registerCurrentTime(_:withTag:)`` for `timestampTag`, once.
    open class func singleShotLogEntry(_ loggingBehavior: String!, timestampTag: AnyObject!, logEntry: String!) {
        guard FBSettings.isLogging(loggingBehavior ?? ""), let timestampTag else { return }
        let start = shared.withLock { $0.startTimes.removeValue(forKey: ObjectIdentifier(timestampTag)) }
        guard let start else { return }
        singleShotLogEntry(
            loggingBehavior, logEntry: "\(logEntry ?? "")\(Int(Date().timeIntervalSince(start) * 1000)) msec")
    }

    /// `+registerCurrentTime:withTag:`: remembers now for `timestampTag`.
    open class func registerCurrentTime(_ loggingBehavior: String!, withTag timestampTag: AnyObject!) {
        guard FBSettings.isLogging(loggingBehavior ?? ""), let timestampTag else { return }
        shared.withLock { $0.startTimes[ObjectIdentifier(timestampTag)] = Date() }
    }

    /// `+registerStringToReplace:replaceWith:`: every later entry has `replace` written as `replaceWith`
    /// (registering `replace` again replaces its replacement, as 3.1.1's dictionary did).
    open class func registerString(toReplace replace: String!, replaceWith: String!) {
        shared.withLock { $0.replacements[replace ?? ""] = replaceWith ?? "" }
    }
}
