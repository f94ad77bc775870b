// The second process of FriendCacheStoreTests' two-process test: it opens the friend cache in the
// directory it is given, reports whether it sees the entry the parent stored before starting it,
// says `ready`, waits for `go` on stdin (so both processes write at the same time), stores COUNT
// entries of its own while the parent stores its own, reads them back, and prints `ok`. Any failure
// is printed as `error: …` with exit status 1. Not a product: only the tests run it.
//
//   FriendCacheChild DIRECTORY OWNER COUNT
import FacebookSDK
import Foundation

/// One line on stdout, unbuffered: the parent waits for these.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String) -> Never {
    say("error: \(message)")
    exit(1)
}

let arguments = CommandLine.arguments
guard arguments.count == 4, let count = Int(arguments[3]) else { fail("usage: FriendCacheChild DIRECTORY OWNER COUNT") }
let owner = arguments[2]
let fields = ["id", "name"]
do {
    let store = try FriendCacheStore(directory: URL(fileURLWithPath: arguments[1]))
    let parents = store.pages(for: FriendCacheKey(userID: "me", fields: fields, owner: "parent"))
    say(parents.map { "saw parent: \(String(decoding: $0.first ?? Data(), as: UTF8.self))" } ?? "missed parent")
    say("ready")
    guard readLine() == "go" else { fail("no go on stdin") }
    for index in 0..<count {
        let page = Data(#"{"data":[{"id":"\#(index)","name":"child \#(index)"}]}"#.utf8)
        try store.store(pages: [page], for: FriendCacheKey(userID: "friend-\(index)", fields: fields, owner: owner))
    }
    for index in 0..<count {
        let page = Data(#"{"data":[{"id":"\#(index)","name":"child \#(index)"}]}"#.utf8)
        guard store.pages(for: FriendCacheKey(userID: "friend-\(index)", fields: fields, owner: owner)) == [page] else {
            fail("entry \(index) did not read back")
        }
    }
    say("ok")
} catch {
    fail("\(error)")
}
