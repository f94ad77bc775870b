// Hackbook, stage 4: async/await with typed models.
import FacebookSDK
import HackbookSupport

let appDelegate = HackbookAppDelegate()
Hackbook.startDeadline()
DispatchQueue.main.async { appDelegate.applicationDidFinishLaunching() }
dispatchMain()
