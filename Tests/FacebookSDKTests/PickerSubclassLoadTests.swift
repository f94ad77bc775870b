import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import Foundation
import Testing

@testable import FacebookSDK

/// Seed 001's subclass shape in Swift 6 mode: its own `init()`, `required init?(coder:)`, its own
/// `searchText` and filter, no `Sendable` restated (the picker classes are not `Sendable`).
final class SearchingFriendPicker: FBFriendPickerViewController, FBFriendPickerDelegate {
    var searchText: String?
    private(set) var changes = 0
    /// Signalled at the first `DataDidChange` after loading ends.
    let loaded = AsyncEvent()

    override init() {
        super.init()
        title = "Invite Friends"
        delegate = self
    }

    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
    }

    func friendPickerViewController(_ friendPicker: FBFriendPickerViewController!, shouldInclude user: FBGraphUser!)
        -> Bool
    {
        guard let searchText, !searchText.isEmpty else { return true }
        return user.name.range(of: searchText, options: .caseInsensitive) != nil
    }

    func friendPickerViewControllerDataDidChange(_ friendPicker: FBFriendPickerViewController!) {
        changes += 1
        if !isLoading { loaded.signal() }
    }
}

@Suite("Friend picker: a subclass written as on iOS loads, filters and selects", .serialized)
struct PickerSubclassLoadTests {
    @Test(
        "A Swift 6 subclass with its own searchText loads friends; selection items are FBGraphUser over mutable dictionaries"
    )
    func subclassLoadsAndFilters() async throws {
        let server = try FriendServer(lists: ["me": FriendPickerSeedTests.friends])
        let queue = DispatchQueue(label: "subclass.callbacks")
        let picker = queue.sync { () -> SearchingFriendPicker in
            let picker = SearchingFriendPicker()
            picker.callbackQueue = queue
            picker.session = server.session()
            picker.refreshDelay = .seconds(0)
            picker.loadData()
            return picker
        }
        let box = UncheckedBox(picker)
        #expect(await picker.loaded.wait(seconds: 60))
        #expect(queue.sync { box.value.rowCount } == 7)
        let (filtered, selected) = queue.sync { () -> (Int, [String?]) in
            let picker = box.value
            picker.searchText = "chlo"
            picker.updateView()
            let count = picker.rowCount
            guard let row = picker.sections.first?.rows.first else { return (count, []) }
            picker.select(row.user)
            return (count, picker.selection.map { ($0 as? FBGraphUser)?.first_name })
        }
        #expect(filtered == 1)
        #expect(selected == ["Chloé"])
        queue.sync {
            let user = box.value.selection[0] as! FBGraphUser
            // The friend is a graph object over a mutable dictionary: an edit through the facade is
            // in the dictionary.
            user.middle_name = "Z"
            #expect((user as? NSMutableDictionary)?["middle_name"] as? String == "Z")
            #expect(box.value.changes >= 1)
        }
    }
}

/// Carries the picker into the bounded wait's condition; it is only touched on `queue`.
private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
