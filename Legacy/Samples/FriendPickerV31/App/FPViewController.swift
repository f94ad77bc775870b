import FacebookSDK
import Foundation

/// FriendPickerSample's `FPViewController` (open the session, pick friends, show the names), with
/// Scrumptious's `populateUserDetails` and BooleanOGSample's two-request `FBRequestConnection`.
final class FPViewController: NSObject, FBFriendPickerDelegate {
    var friendPickerController: FBFriendPickerViewController?
    var selectedFriendsView = ""
    /// What a user typed in the search bar (seed 001's search, through `shouldIncludeUser`).
    var searchText: String?
    private var reportedLoad = false

    func viewDidLoad() {
        if !FBSession.active().isOpen {
            FBSession.active().open { session, state, error in
                print("session: \(state)")
                switch state {
                case FBSessionStateOpen:
                    self.pickFriendsButtonClick(nil)
                case FBSessionStateClosedLoginFailed:
                    print("alert: \(error?.localizedDescription ?? "")")
                case FBSessionStateClosed:
                    exit(0)
                default:
                    break
                }
            }
        }
    }

    // MARK: FriendPickerSample

    func pickFriendsButtonClick(_ sender: Any?) {
        if friendPickerController == nil {
            let picker = FBFriendPickerViewController()
            picker.title = "Pick Friends"
            picker.delegate = self
            friendPickerController = picker
        }
        friendPickerController!.loadData()
        friendPickerController!.clearSelection()
        friendPickerController!.presentModally(from: self, animated: true) { sender, donePressed in
            print("picker: dismissed, done \(donePressed)")
            self.populateUserDetails()
        }
    }

    func friendPickerViewControllerDataDidChange(_ friendPicker: FBFriendPickerViewController!) {
        guard !friendPicker.isLoading, !reportedLoad else { return }
        reportedLoad = true
        print("picker: \(rowNames(friendPicker).count) friends loaded")
        searchText = "ada"
        friendPicker.updateView()
        let found = rowNames(friendPicker)
        print("picker: search \"ada\": \(found.joined(separator: ", "))")
        if let row = friendPicker.sections.first?.rows.first { friendPicker.select(row.user) }
        _ = friendPicker.pressDone()
    }

    func friendPickerViewController(_ friendPicker: FBFriendPickerViewController!, shouldInclude user: FBGraphUser!)
        -> Bool
    {
        guard let searchText = searchText, !searchText.isEmpty else { return true }
        return user.name.range(of: searchText, options: .caseInsensitive) != nil
    }

    func friendPickerViewController(_ friendPicker: FBFriendPickerViewController!, handleError error: Error!) {
        print("picker: error \(error.localizedDescription)")
    }

    func facebookViewControllerDoneWasPressed(_ sender: Any!) {
        var text = ""
        for case let user as FBGraphUser in friendPickerController!.selection {
            if !text.isEmpty { text += ", " }
            text += user.name
        }
        selectedFriendsView = text.isEmpty ? "<None>" : text
        print("picker: selected \(selectedFriendsView)")
    }

    private func rowNames(_ picker: FBFriendPickerViewController) -> [String] {
        picker.sections.flatMap { $0.rows.map(\.displayName) }
    }

    // MARK: Scrumptious: SCViewController.populateUserDetails

    func populateUserDetails() {
        FBRequest.forMe().start { connection, user, error in
            if error == nil, let user = user as? FBGraphUser {
                print("me: \(user.name!) (\(user.object(forKey: "id") ?? ""))")
            } else {
                print("me: error \(error?.localizedDescription ?? "")")
            }
            self.loadActivity()
        }
    }

    // MARK: BooleanOGSample: BOGSecondViewController's batch, two named requests, the second depending
    // on the first through a `{result=…}` reference (Graph answers the first with null: it was only
    // needed by the second)

    func loadActivity() {
        let friends = FBRequest(graphPath: "me/friends", parameters: ["limit": "3"], httpMethod: "GET")
        let profiles = FBRequest(
            graphPath: "", parameters: ["ids": "{result=friends:$.data.*.id}", "fields": "name"], httpMethod: "GET")
        var numCalls = 2
        let connection = FBRequestConnection()
        connection.add(
            friends,
            completionHandler: { _, result, error in
                numCalls -= 1
                print("batch friends: \(result == nil && error == nil ? "omitted" : "answered")")
            }, batchEntryName: "friends")
        connection.add(
            profiles,
            completionHandler: { _, result, error in
                numCalls -= 1
                if let error = error {
                    print("batch profiles: error \(error.localizedDescription)")
                } else if let result = result as? [String: Any] {
                    let names = result.values.compactMap { ($0 as? [String: Any])?["name"] as? String }.sorted()
                    print("batch profiles: \(names.joined(separator: ", "))")
                }
                if numCalls == 0 { FBSession.active().closeAndClearTokenInformation() }
            }, batchEntryName: "profiles")
        connection.start()
    }
}
