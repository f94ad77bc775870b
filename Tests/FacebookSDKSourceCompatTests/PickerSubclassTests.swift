// Seed 001's picker subclass ("Adding a Search Bar"), ported mechanically by the importer's
// spellings: its own `init()`, so it writes `required init?(coder:)` as a UIViewController subclass
// must on iOS; the picker's delegate is the subclass itself; a search bar's events set `searchText`
// and call `updateView()`; the filter is `shouldInclude` on `user.name`. It restates no `Sendable`
// (Swift 5 mode here; FacebookSDKTests' PickerSubclassLoadTests compiles the same shape in Swift 6).
//
// Not ported: the frame arithmetic on `self.view` and `self.tableView` (there is no view on Linux;
// the search bar goes to `canvasView`, which keeps it). UISearchBar is a stand-in of this file.

import FacebookSDK
import XCTest

/// The least of UIKit's `UISearchBar` the seed touches.
final class UISearchBar: NSObject {
    var text: String?
    weak var delegate: SEInviteFriendsTableViewController?
    var showsCancelButton = false
    private(set) var resignedFirstResponder = 0

    func resignFirstResponder() {
        resignedFirstResponder += 1
    }
}

/// The seed's `SEInviteFriendsTableViewController`, method for method.
class SEInviteFriendsTableViewController: FBFriendPickerViewController, FBFriendPickerDelegate {
    var searchBar: UISearchBar?
    var searchText: String?

    override init() {
        super.init()
        self.title = "Invite Friends"
        self.searchBar = nil
        self.delegate = self
    }

    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
    }

    func viewDidLoad() {
        addSearchBarToFriendPickerView()
    }

    func addSearchBarToFriendPickerView() {
        if self.searchBar == nil {
            self.searchBar = UISearchBar()
            self.searchBar?.delegate = self
            self.searchBar?.showsCancelButton = true
            self.canvasView.addSubview(self.searchBar)
        }
    }

    func handleSearch(_ searchBar: UISearchBar) {
        self.searchText = searchBar.text
        self.updateView()
    }

    func searchBarSearchButtonClicked(_ searchBar: UISearchBar) {
        handleSearch(searchBar)
        searchBar.resignFirstResponder()
    }

    func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) {
        handleSearch(searchBar)
    }

    func searchBarCancelButtonClicked(_ searchBar: UISearchBar) {
        self.searchText = nil
        self.searchBar?.text = ""
        self.updateView()
        searchBar.resignFirstResponder()
    }

    func friendPickerViewController(_ friendPicker: FBFriendPickerViewController!, shouldInclude user: FBGraphUser!)
        -> Bool
    {
        guard let searchText = self.searchText, !searchText.isEmpty else { return true }
        return user.name.range(of: searchText, options: .caseInsensitive) != nil
    }
}

/// A subclass that only adds state: it inherits every initializer, `init(coder:)` included.
class PlainSubclass: FBFriendPickerViewController {
    var note = "plain"
}

final class PickerSubclassTests: XCTestCase {
    private func user(_ id: String, _ name: String) -> FBGraphUser {
        FBGraphObject.graphObjectWrapping(["id": id, "name": name]) as! FBGraphUser
    }

    func testTheSeedsSubclassBuildsItselfAndFiltersThroughItsOwnDelegateMethod() {
        let picker = SEInviteFriendsTableViewController()
        XCTAssertEqual(picker.title, "Invite Friends")
        XCTAssertTrue(picker.delegate === picker)
        XCTAssertNotNil(picker.doneButton, "init() keeps the default buttons")
        picker.viewDidLoad()
        picker.viewDidLoad()
        XCTAssertEqual(picker.canvasView.subviews.count, 1, "the search bar is added once")
        guard let bar = picker.searchBar else { return XCTFail("no search bar") }
        XCTAssertTrue(bar.showsCancelButton)

        let chloe = user("4", "Chloé Webb")
        let bob = user("2", "Bob Young")
        XCTAssertTrue(picker.friendPickerViewController(picker, shouldInclude: chloe))
        bar.text = "chlo"
        picker.searchBar(bar, textDidChange: "chlo")
        XCTAssertEqual(picker.searchText, "chlo")
        XCTAssertTrue(picker.friendPickerViewController(picker, shouldInclude: chloe))
        XCTAssertFalse(picker.friendPickerViewController(picker, shouldInclude: bob))
        picker.searchBarSearchButtonClicked(bar)
        XCTAssertEqual(bar.resignedFirstResponder, 1)
        picker.searchBarCancelButtonClicked(bar)
        XCTAssertNil(picker.searchText)
        XCTAssertEqual(bar.text, "")
        XCTAssertTrue(picker.friendPickerViewController(picker, shouldInclude: bob))
        XCTAssertEqual(bar.resignedFirstResponder, 2)
    }

    func testInitWithCoderIsRequiredAndInherited() throws {
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        archiver.finishEncoding()
        let coder: NSCoder = try NSKeyedUnarchiver(forReadingFrom: archiver.encodedData)
        // Through the subclass's own `required init?(coder:)`, and inherited by one that writes none;
        // both start without buttons, as v3.1's nib and coder paths did.
        let fromCoder = try XCTUnwrap(SEInviteFriendsTableViewController(coder: coder))
        XCTAssertNil(fromCoder.doneButton)
        XCTAssertNil(fromCoder.title)
        let plain = try XCTUnwrap(PlainSubclass(coder: coder))
        XCTAssertEqual(plain.note, "plain")
        XCTAssertEqual(plain.userID, "me")
        // A metatype's required initializer: what a storyboard did with the class name.
        let type: FBFriendPickerViewController.Type = SEInviteFriendsTableViewController.self
        XCTAssertTrue(type.init(coder: coder) is SEInviteFriendsTableViewController)
    }
}
