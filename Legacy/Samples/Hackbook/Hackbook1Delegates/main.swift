// Hackbook, stage 1: the v2 delegates, as the app was written for the old SDK.
import FacebookSDK
import HackbookSupport

let appDelegate = HackbookAppDelegate()
Hackbook.startDeadline()
DispatchQueue.main.async { appDelegate.applicationDidFinishLaunching() }
dispatchMain()
