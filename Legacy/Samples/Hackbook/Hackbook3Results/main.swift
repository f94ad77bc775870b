// Hackbook, stage 3: Result closures onto the modern core.
import FacebookSDK
import HackbookSupport

let appDelegate = HackbookAppDelegate()
Hackbook.startDeadline()
DispatchQueue.main.async { appDelegate.applicationDidFinishLaunching() }
dispatchMain()
