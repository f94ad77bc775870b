// FriendPickerV31: the SDK-facing code of Facebook's v3.1.1 samples — FriendPickerSample's
// FPAppDelegate and FPViewController, Scrumptious's profile request and BooleanOGSample's batch —
// ported mechanically to Swift with the importer's spellings, run headless against the Graph
// stand-in on 127.0.0.1 (FacebookGraphReplay's GraphStandInServer, started here). Every callback
// arrives on the main queue, as on iOS; the transcript on standard output is pinned by
// Tests/HackbookSampleTests/FriendPickerV31TranscriptTests.swift.
import FacebookGraphReplay
import FacebookSDK
import Foundation

let server: GraphStandInServer
do {
    server = try GraphStandInServer()
} catch {
    FileHandle.standardError.write(Data("friendpicker: cannot start the Graph stand-in: \(error)\n".utf8))
    exit(2)
}
DispatchQueue.global().asyncAfter(deadline: .now() + 60) {
    FileHandle.standardError.write(Data("friendpicker: no answer within 60 s: a callback never arrived\n".utf8))
    exit(1)
}

let appDelegate = FPAppDelegate(graphBaseURL: server.baseURL + "/", token: GraphStandInServer.validToken)
DispatchQueue.main.async { appDelegate.applicationDidFinishLaunching() }
dispatchMain()
