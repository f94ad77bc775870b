import FacebookGraph
import FacebookGraphReplay
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What the four stages of the Hackbook sample share that is not an SDK call: where the recordings
/// are, the app's constants (its id, the post, the photo, the FQL query), the transcript, and a
/// deadline so that a stage that lost a callback fails instead of hanging.
///
/// Every SDK call is in the stage itself, so the stages' diffs are the migration's diffs.
public enum Hackbook {
    /// The app id the sample was registered with (any id: the recordings do not depend on it).
    public static let appID = "123"

    /// The token the login hands over: the recordings' placeholder for the stand-in's valid token
    /// (replay matches any token; this one is also what the recordings hold).
    public static let loginToken = "<TOKEN-1>"

    /// A token the app saved earlier and the server has since expired: the recordings answer it
    /// with Graph error 190, subcode 463.
    public static let expiredToken = "<TOKEN-2>"

    /// The status update Hackbook's "Publish to your wall" posts.
    public static let statusMessage = "Hello from Linux"

    /// The caption of the photo Hackbook's "Upload a photo" sends.
    public static let photoCaption = "One pixel from Linux"

    /// The photo itself: a 1×1 PNG, as the app bundled it.
    public static let photo =
        Data(
            base64Encoded:
                "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
        ) ?? Data()

    /// Hackbook's "App friends" FQL query: the friends who use the app.
    public static let appFriendsQuery =
        "SELECT uid, name FROM user WHERE uid IN (SELECT uid2 FROM friend WHERE uid1 = me()) AND is_app_user = 1"

    /// Friends per page of `me/friends`.
    public static let friendsPageSize = "3"

    /// The SSO callback URL the Facebook app would open after the user logged in.
    public static var loginCallbackURL: URL {
        // The placeholder's `<` and `>` are escaped, as a real callback's fragment would be.
        let token = FormEncoding.escape(loginToken)
        return URL(string: "fb\(appID)://authorize#access_token=\(token)&expires_in=0")!
    }

    // MARK: The recordings

    /// The cassette to replay: the first argument, else `HACKBOOK_CASSETTE`, else the bundled
    /// recordings at `Sources/fbgraph/Recordings/demo.har` below the current directory. Strict: a
    /// request without a recorded answer fails with a diff, nothing reaches the network.
    ///
    /// Exits with status 2 and one line on standard error when the file cannot be used.
    public static func recordings(
        arguments: [String] = CommandLine.arguments,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> GraphTransport {
        let path =
            arguments.dropFirst().first ?? environment["HACKBOOK_CASSETTE"] ?? "Sources/fbgraph/Recordings/demo.har"
        do {
            return .replay(try Cassette(contentsOf: URL(fileURLWithPath: path), mode: .never))
        } catch {
            fail("cannot replay \(path): \(error)", status: 2)
        }
    }

    // MARK: The transcript

    /// Prints one line of the transcript (what the user would have seen on screen).
    public static func show(_ line: String) {
        print(line)
    }

    /// Prints the alert a `UIAlertView` showed.
    public static func alert(title: String, message: String) {
        show("alert: \(title): \(message)")
    }

    /// The `paging.next` URL of a page as a Graph path and parameters, without what the SDK adds
    /// itself (`access_token`, `format`, `sdk`, `sdk_version`); nil when there is no next page.
    public static func nextPage(_ next: String?) -> (path: String, parameters: [String: String])? {
        guard let next, let components = URLComponents(string: next) else { return nil }
        let added: Set<String> = ["access_token", "format", "sdk", "sdk_version"]
        var parameters: [String: String] = [:]
        for item in components.queryItems ?? [] where !added.contains(item.name) {
            parameters[item.name] = item.value ?? ""
        }
        return (String(components.path.drop { $0 == "/" }), parameters)
    }

    /// Ends the program: flushes the transcript and exits with status 0.
    public static func finish() -> Never {
        fflush(nil)
        exit(0)
    }

    /// Ends the program with `message` on standard error and `status`.
    public static func fail(_ message: String, status: Int32 = 1) -> Never {
        fflush(nil)
        FileHandle.standardError.write(Data("hackbook: \(message)\n".utf8))
        exit(status)
    }

    /// Fails the program if it has not finished within `seconds` (a callback that never came).
    public static func startDeadline(seconds: Int = 60) {
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(seconds)) {
            fail("no answer within \(seconds) s: a callback never arrived")
        }
    }
}
