// Hackbook, stage 2: the block callbacks of seed 002.
import FacebookSDK
import HackbookSupport

let appDelegate = HackbookAppDelegate()
Hackbook.startDeadline()
DispatchQueue.main.async { appDelegate.applicationDidFinishLaunching() }
dispatchMain()
