import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import Foundation
import Testing

@testable import FacebookSDK

/// Seed 000 (the picker guide) and seed 001 (a search bar over it), spelled as legacy Swift wrote
/// them, against a friends server on loopback.
@Suite("Friend picker: the seed flows", .serialized)
struct FriendPickerSeedTests {
    static let friends = [
        FriendServer.friend("1", "Alice", "Zeller", picture: "http://pictures.example/1.jpg"),
        FriendServer.friend(
            "2", "Bob", "Young", middle: "J", picture: ["data": ["url": "http://pictures.example/2.jpg"]]),
        FriendServer.friend("3", "Charlie", "Xu"),
        FriendServer.friend("4", "Chloé", "Webb"),
        FriendServer.friend("5", "Dmitri", "Volkov"),
        FriendServer.friend("6", "Eve", "Adams"),
        FriendServer.friend("7", "José", "Uribe"),
    ]

    @Test("create, title, delegate, loadData, present with a handler; Done calls the delegate, then the handler")
    func createLoadPresentDone() async throws {
        let server = try FriendServer(lists: ["me": Self.friends])
        let fixture = PickerFixture(session: server.session())
        #expect(fixture.onQueue { $0.title } == nil)
        try #require(await fixture.load { picker in picker.title = "Pick Friends" })
        #expect(fixture.onQueue { $0.title } == "Pick Friends")
        #expect(fixture.names.count == 7)
        #expect(fixture.names.first == "Alice Zeller")

        // The request: GET me/friends with the sorted default field union and the session's token.
        let first = try #require(server.friendRequests.first)
        #expect(first.path == "/me/friends")
        #expect(first.queryValue("fields") == "first_name,id,last_name,middle_name,name,picture")
        #expect(first.queryValue("access_token") == "TOKEN-PICKER")

        let handled = LockedValue<[Bool]>([])
        let recorder = fixture.recorder
        fixture.onQueue { picker in
            picker.presentModally(from: nil, animated: true) { sender, donePressed in
                #expect(sender === picker)
                handled.withLock { $0.append(donePressed) }
                recorder.mark("handler(\(donePressed))")
            }
            #expect(FBViewController.presented === picker)
            picker.select(picker.sections[0].rows[0].user)
            #expect(picker.pressDone())
        }
        #expect(handled.withLock { $0 } == [true])
        #expect(
            fixture.recorder.events.filter { $0 == "done" || $0.hasPrefix("handler") } == ["done", "handler(true)"])
        #expect(fixture.onQueue { ($0.selection.first as? FBGraphUser)?.name } == "Alice Zeller")
        #expect(fixture.onQueue { $0.isPresented } == false)
        // The handler is forgotten after dismissal: a second Done reaches only the delegate.
        fixture.onQueue { _ = $0.pressDone() }
        #expect(handled.withLock { $0 } == [true])
        #expect(fixture.recorder.offQueueCalls == 0)
    }

    @Test("Cancel calls the delegate, then the handler with false")
    func cancel() async throws {
        let server = try FriendServer(lists: ["me": Self.friends])
        let fixture = PickerFixture(session: server.session())
        let recorder = fixture.recorder
        fixture.onQueue { picker in
            picker.presentModally(from: nil, animated: false) { _, donePressed in
                recorder.mark("handler(\(donePressed))")
            }
            #expect(picker.pressCancel())
        }
        #expect(recorder.events == ["cancel", "handler(false)"])
    }

    @Test("allowsMultipleSelection = NO: selecting another friend replaces the selection")
    func singleSelection() async throws {
        let server = try FriendServer(lists: ["me": Self.friends])
        let fixture = PickerFixture(session: server.session())
        #expect(fixture.onQueue { $0.allowsMultipleSelection })
        try #require(await fixture.load { $0.allowsMultipleSelection = false })
        fixture.onQueue { picker in
            let rows = picker.sections.flatMap(\.rows)
            picker.select(rows[0].user)
            picker.select(rows[2].user)
            #expect(picker.selectedUsers.map(\.id) == [rows[2].user.id])
            #expect(picker.sections.flatMap(\.rows).filter(\.isSelected).map(\.user.id) == [rows[2].user.id])
        }
        #expect(await fixture.wait { _, recorder in recorder.count("selectionDidChange") == 2 })
    }

    @Test("itemPicturesEnabled = NO hides pictures; on, they come from a URL string or {data:{url}}")
    func pictures() async throws {
        let server = try FriendServer(lists: ["me": Self.friends])
        let fixture = PickerFixture(session: server.session())
        try #require(await fixture.load())
        let urls = fixture.onQueue { $0.sections.flatMap(\.rows).map(\.pictureURL) }
        #expect(urls.prefix(3) == ["http://pictures.example/1.jpg", "http://pictures.example/2.jpg", nil])
        let off = fixture.onQueue { picker in
            picker.itemPicturesEnabled = false
            picker.updateView()
            return picker.sections.flatMap(\.rows).compactMap(\.pictureURL)
        }
        #expect(off.isEmpty)
    }

    @Test("sortOrdering = FBFriendSortByLastName, displayOrdering = FBFriendDisplayByLastName")
    func lastNameOrdering() async throws {
        let server = try FriendServer(lists: ["me": Self.friends])
        let fixture = PickerFixture(session: server.session())
        #expect(
            fixture.onQueue {
                $0.sortOrdering == FBFriendSortByFirstName && $0.displayOrdering == FBFriendDisplayByFirstName
            })
        try #require(
            await fixture.load { picker in
                picker.sortOrdering = FBFriendSortByLastName
                picker.displayOrdering = FBFriendDisplayByLastName
            })
        #expect(
            fixture.names == [
                "Adams Eve", "Uribe José", "Volkov Dmitri", "Webb Chloé", "Xu Charlie", "Young Bob J", "Zeller Alice",
            ])
        let titles = fixture.onQueue { $0.sections.map(\.title) }
        #expect(titles == ["A", "U", "V", "W", "X", "Y", "Z"])
        // Sort and display by the same name: the title (the last name) is bold.
        let row = fixture.onQueue { $0.sections[5].rows[0] }
        #expect(row.displayName[row.boldRange] == "Young")
        // Sorted by first name, shown by last: the suffix (the first names) is bold.
        let mixed = fixture.onQueue { picker in
            picker.sortOrdering = FBFriendSortByFirstName
            picker.updateView()
            return picker.sections[1].rows[0]
        }
        #expect(mixed.displayName == "Young Bob J")
        #expect(mixed.displayName[mixed.boldRange] == "Bob J")
        // The request of a last-name picker still asks for the default union.
        #expect(server.friendRequests.first?.queryValue("fields") == "first_name,id,last_name,middle_name,name,picture")
    }

    @Test("doneButton = nil and cancelButton = nil hide the buttons: pressing them does nothing")
    func hiddenButtons() async throws {
        let server = try FriendServer(lists: ["me": Self.friends])
        let fixture = PickerFixture(session: server.session())
        let recorder = fixture.recorder
        fixture.onQueue { picker in
            #expect(picker.doneButton != nil && picker.cancelButton != nil)
            picker.doneButton = nil
            picker.cancelButton = nil
            picker.presentModally(from: nil, animated: true) { _, _ in recorder.mark("handler") }
            #expect(!picker.pressDone())
            #expect(!picker.pressCancel())
            #expect(picker.isPresented)
        }
        #expect(recorder.events.isEmpty)
        // Only init() makes the default buttons (v3.1).
        let fromNib = FBFriendPickerViewController(nibName: "FPViewController", bundle: nil)
        #expect(fromNib.doneButton == nil && fromNib.cancelButton == nil)
        #expect(fromNib.userID == "me" && fromNib.allowsMultipleSelection && fromNib.itemPicturesEnabled)
    }

    @Test("userID = a friend's id loads that friend's friend list")
    func friendsOfAFriend() async throws {
        let server = try FriendServer(lists: [
            "me": Self.friends,
            "100003086810435": [FriendServer.friend("90", "Xavier", "Quinn")],
        ])
        let fixture = PickerFixture(session: server.session())
        #expect(fixture.onQueue { $0.userID } == "me")
        try #require(await fixture.load { $0.userID = "100003086810435" })
        #expect(fixture.names == ["Xavier Quinn"])
        #expect(server.friendRequests.map(\.path) == ["/100003086810435/friends", "/100003086810435/friends"])
    }

    @Test(
        "prefetch with cacheDescriptor() and cacheDescriptor(withUserID:fieldsForRequest:) (birthday, location); a restarted store hits"
    )
    func prefetch() async throws {
        let extra = FriendServer.friend(
            "8", "Fay", "Tran", extra: ["birthday": "01/02/1990", "location": ["id": "110", "name": "Oslo, Norway"]])
        let server = try FriendServer(lists: ["me": Self.friends + [extra]])
        let cache = try TemporaryCache()
        defer { cache.remove() }
        let session = server.session()
        session.pageStore = cache.store
        FBSession.setActiveSession(session)
        defer { FBSession.setActiveSession(nil) }

        let plain = try #require(FBFriendPickerViewController.cacheDescriptor() as? FBFriendPickerCacheDescriptor)
        let extraFields: Set<AnyHashable> = ["birthday", "location"]
        let withFields = try #require(
            FBFriendPickerViewController.cacheDescriptor(withUserID: nil, fieldsForRequest: extraFields)
                as? FBFriendPickerCacheDescriptor)
        for descriptor in [plain, withFields] {
            let done = AsyncEvent()
            let outcome = LockedValue<Result<Int, GraphError>?>(nil)
            descriptor.prefetchAndCache(for: FBSession.activeSession()) { result in
                outcome.withLock { $0 = result }
                done.signal()
            }
            #expect(await done.wait())
            #expect(try outcome.withLock { $0 }?.get() == 3)
        }
        let fields = Set(server.friendRequests.compactMap { $0.queryValue("fields") })
        #expect(
            fields == [
                "first_name,id,last_name,middle_name,name,picture",
                "birthday,first_name,id,last_name,location,middle_name,name,picture",
            ])
        // Keyed by whose list, the fields and the token's owner (learned from /me): never the token.
        #expect(session.userID == FriendServer.ownerID)
        #expect(cache.store.pages(for: TemporaryCache.key())?.count == 3)
        #expect(cache.store.pages(for: TemporaryCache.key(extraFields: ["birthday", "location"]))?.count == 3)
        #expect(try !cache.everythingWritten().contains("TOKEN-PICKER"))

        // A picker configured with the descriptor shows the cached list before any friends request.
        let before = server.friendRequests.count
        // A restarted process: a fresh store instance on the same directory.
        session.pageStore = try cache.reopen()
        let fixture = PickerFixture(session: session, store: session.pageStore)
        fixture.picker.refreshDelay = .seconds(3600)
        fixture.onQueue { picker in
            picker.configure(usingCachedDescriptor: withFields)
            picker.loadData()
        }
        #expect(await fixture.wait { _, recorder in recorder.count("dataDidChange") >= 4 })
        #expect(server.friendRequests.count == before)
        let fay = try #require(fixture.onQueue { $0.sections.flatMap(\.rows).first { $0.user.id == "8" }?.user })
        #expect(fay.birthday == "01/02/1990")
        #expect(fay.location.name == "Oslo, Norway")
        #expect(fixture.onQueue { $0.fieldsForRequest } == extraFields)
    }

    @Test("configure(usingCachedDescriptor:) copies userID and fields; a foreign descriptor is ignored, not a crash")
    func configureFromDescriptor() {
        let picker = FBFriendPickerViewController()
        picker.configure(usingCachedDescriptor: FBCacheDescriptor())
        #expect(picker.userID == "me")
        #expect(picker.fieldsForRequest.isEmpty)
        picker.configure(
            usingCachedDescriptor: FBFriendPickerViewController.cacheDescriptor(
                withUserID: "100003086810435", fieldsForRequest: ["birthday"]))
        #expect(picker.userID == "100003086810435")
        #expect(picker.fieldsForRequest == ["birthday"])
        picker.configure(usingCachedDescriptor: FBFriendPickerViewController.cacheDescriptor())
        #expect(picker.userID == "me")
        #expect(picker.fieldsForRequest.isEmpty)
    }

    @Test("seed 001: nameFilter filters on name (case and diacritics ignored); cancel clears it; no network")
    func search() async throws {
        let server = try FriendServer(lists: ["me": Self.friends])
        let fixture = PickerFixture(session: server.session())
        try #require(await fixture.load())
        let requests = server.requests.count
        let found = fixture.onQueue { picker -> [String] in
            picker.nameFilter = "JOSE"
            picker.updateView()
            return picker.sections.flatMap { $0.rows.map(\.displayName) }
        }
        #expect(found == ["José Uribe"])
        #expect(fixture.onQueue { !$0.showsSectionIndex && $0.sections.allSatisfy { $0.title == nil } })
        let ch = fixture.onQueue { picker -> [String] in
            picker.nameFilter = "ch"
            picker.updateView()
            return picker.sections.flatMap { $0.rows.map(\.displayName) }
        }
        #expect(ch == ["Charlie Xu", "Chloé Webb"])
        // The delegate's filter still applies.
        fixture.recorder.include = { $0.name.hasPrefix("Chl") }
        #expect(
            fixture.onQueue { picker in
                picker.updateView()
                return picker.rowCount
            } == 1)
        // searchBarCancelButtonClicked: searchText = nil, then updateView.
        fixture.recorder.include = nil
        let all = fixture.onQueue { picker -> Int in
            picker.nameFilter = nil
            picker.updateView()
            return picker.rowCount
        }
        #expect(all == 7)
        #expect(server.requests.count == requests)
        // The seed's own subclass adds its search bar to the canvas.
        fixture.onQueue { $0.canvasView.addSubview("searchBar") }
        #expect(fixture.onQueue { $0.canvasView.subviews.count } == 1)
    }
}
