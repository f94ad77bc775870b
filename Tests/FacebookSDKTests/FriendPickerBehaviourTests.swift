import FacebookGraph
import FacebookGraphReplay
import FacebookGraphTestSupport
import Foundation
import Testing

@testable import FacebookSDK

/// Paging, sections and sorting, the 6-row rule, selection order, errors and the session's close.
@Suite("Friend picker: paging, sections, selection, errors")
struct FriendPickerBehaviourTests {
    static func people(_ count: Int) -> [String] {
        (1...count).map { FriendServer.friend("\($0)", "Friend\($0)", "Person") }
    }

    @Test(
        "three pages: paging.next followed (the echoed token replaced by the session's), DataDidChange per page and at the end"
    )
    func threePages() async throws {
        let server = try FriendServer(lists: ["me": Self.people(7)], pageSize: 3)
        let fixture = PickerFixture(session: server.session(token: "TOKEN-NEW"))
        try #require(await fixture.load())
        #expect(fixture.onQueue { $0.rowCount } == 7)
        // Pages of 3, 3 and 1 friends, then Graph's empty page.
        #expect(server.friendRequests.map { $0.queryValue("after") } == [nil, "3", "6", "7"])
        #expect(server.friendRequests.allSatisfy { $0.queryValue("access_token") == "TOKEN-NEW" })
        #expect(fixture.recorder.events == Array(repeating: "dataDidChange", count: 4))
    }

    @Test("a last page without paging.next ends the load too (v3.1 span forever there)")
    func lastPageWithoutNext() async throws {
        let server = try FriendServer(lists: ["me": Self.people(5)], pageSize: 3, emptyLastPage: false)
        let fixture = PickerFixture(session: server.session())
        try #require(await fixture.load())
        #expect(server.friendRequests.count == 2)
        #expect(fixture.recorder.events == Array(repeating: "dataDidChange", count: 3))
    }

    @Test(
        "sections A…Z and #: diacritics fold (É → E, Ø → O), non-Latin names under #, sorted within a section ignoring case"
    )
    func sectionsAndSorting() async throws {
        let friends = [
            FriendServer.friend("1", "Émile", "Zola"),
            FriendServer.friend("2", "edgar", "Degas"),
            FriendServer.friend("3", "Ezra", "Pound"),
            FriendServer.friend("4", "Øyvind", "Berg"),
            FriendServer.friend("5", "Дмитрий", "Иванов"),
            FriendServer.friend("6", "山田", "太郎"),
            FriendServer.friend("7", "Ångström", "Anders"),
            FriendServer.friend("8", "Olga", "Ek"),
            FriendServer.friend("9", "émilie", "Rous"),
        ]
        let server = try FriendServer(lists: ["me": friends], pageSize: 4)
        let fixture = PickerFixture(session: server.session())
        try #require(await fixture.load())
        let sections = fixture.onQueue { $0.sections.map { ($0.title, $0.rows.map(\.user.id)) } }
        #expect(sections.map(\.0) == ["A", "E", "O", "#"])
        #expect(sections[1].1 == ["2", "1", "9", "3"])  // edgar, Émile, émilie, Ezra
        #expect(sections[2].1 == ["8", "4"])  // Olga, Øyvind
        #expect(Set(sections[3].1) == ["5", "6"])
        #expect(fixture.onQueue { $0.sectionIndexTitles?.count } == 27)
        // By last name: Anders, Berg, Degas, Ek, Pound, Rous, Zola, then the non-Latin ones.
        let byLast = fixture.onQueue { picker -> [String?] in
            picker.sortOrdering = FBFriendSortByLastName
            picker.updateView()
            return picker.sections.map(\.title)
        }
        #expect(byLast == ["A", "B", "D", "E", "P", "R", "Z", "#"])
    }

    @Test("the 6-row rule: five rows show no section titles or index; six do")
    func sixRowRule() async throws {
        let server = try FriendServer(lists: ["me": Self.people(6)], pageSize: 10)
        let fixture = PickerFixture(session: server.session())
        try #require(await fixture.load())
        #expect(fixture.onQueue { $0.showsSectionIndex && $0.sections.map(\.title) == ["F"] })
        fixture.recorder.include = { $0.id != "1" }
        let five = fixture.onQueue { picker in
            picker.updateView()
            return (picker.rowCount, picker.showsSectionIndex, picker.sectionIndexTitles, picker.sections.map(\.title))
        }
        #expect(five.0 == 5)
        #expect(!five.1)
        #expect(five.2 == nil)
        #expect(five.3 == [nil])
    }

    @Test(
        "selection items are what v3.1 results are: NSMutableDictionarys that answer FBGraphUser, read by subscript and as [String: Any], edits shared"
    )
    func selectionItemsAreMutableDictionaries() async throws {
        let server = try FriendServer(lists: ["me": Self.people(4)], pageSize: 10)
        let fixture = PickerFixture(session: server.session())
        try #require(await fixture.load())
        fixture.onQueue { picker in
            let rows = picker.sections.flatMap(\.rows)
            guard let row = rows.first(where: { $0.user.id == "2" }) else {
                Issue.record("friend 2 is not shown: \(rows.map(\.user.id)) in \(picker.sections.count) sections")
                return
            }
            picker.select(row.user)
            let item = picker.selection[0]
            #expect((item as? NSMutableDictionary)?["name"] as? String == "Friend2 Person")
            #expect((item as? NSMutableDictionary)?["id"] as? String == "2")
            let plain = item as? [String: Any]
            #expect(plain?["first_name"] as? String == "Friend2")
            #expect(plain?["id"] as? String == "2")
            (item as? NSMutableDictionary)?["name"] = "Edited"
            #expect((picker.selection[0] as? FBGraphUser)?.name == "Edited", "one object, not a copy")
            #expect(row.user.name == "Edited", "the row shows the selected object itself")
            let written = (try? JSONSerialization.data(withJSONObject: picker.selection as Any, options: [.sortedKeys]))
                .map { String(decoding: $0, as: UTF8.self) }
            #expect(written?.contains(#""name":"Edited""#) == true)
        }
    }

    @Test("selection keeps selection order; deselect and clearSelection each notify")
    func selectionOrder() async throws {
        let server = try FriendServer(lists: ["me": Self.people(4)], pageSize: 10)
        let fixture = PickerFixture(session: server.session())
        try #require(await fixture.load())
        fixture.onQueue { picker in
            let users = picker.sections.flatMap(\.rows).map(\.user)
            picker.select(users[2])
            picker.select(users[0])
            picker.select(users[3])
            picker.select(users[0])  // already selected: no change
            #expect(picker.selectedUsers.map(\.id) == ["3", "1", "4"])
            picker.deselect(users[0])
            #expect((picker.selection as? [FBGraphUser])?.map(\.id) == ["3", "4"])
        }
        #expect(await fixture.wait { _, recorder in recorder.count("selectionDidChange") == 4 })
        fixture.onQueue { $0.clearSelection() }
        #expect(await fixture.wait { _, recorder in recorder.count("selectionDidChange") == 6 })
        #expect(
            fixture.onQueue { $0.selectedUsers.isEmpty && $0.sections.flatMap(\.rows).allSatisfy { !$0.isSelected } })
    }

    @Test("a Graph error reaches handleError once, as the core's GraphError; no DataDidChange")
    func errorDelivery() async throws {
        let server = try FriendServer(
            lists: ["me": []],
            failure: (
                400,
                #"{"error":{"message":"(#100) Tried accessing nonexisting field","type":"OAuthException","code":100}}"#
            ))
        let fixture = PickerFixture(session: server.session())
        fixture.onQueue { $0.loadData() }
        #expect(await fixture.wait { _, recorder in recorder.count("handleError") == 1 })
        let error = try #require(fixture.recorder.errors.first as? GraphError)
        #expect(error.code == 100)
        #expect(fixture.recorder.events == ["handleError"])
        #expect(fixture.onQueue { !$0.isLoading })
        #expect(fixture.recorder.offQueueCalls == 0)
    }

    @Test("a page that is not {data: […]} is an error, not a crash")
    func malformedPage() async throws {
        let server = try FriendServer(lists: ["me": []], failure: (200, #"{"data":"nope"}"#))
        let fixture = PickerFixture(session: server.session())
        fixture.onQueue { $0.loadData() }
        #expect(await fixture.wait { _, recorder in recorder.count("handleError") == 1 })
        #expect((fixture.recorder.errors.first as? GraphError)?.category == .decoding)
    }

    @Test(
        "closing the session cancels the load without handleError; close-and-clear empties the owner's cache and the picker"
    )
    func closeAndClear() async throws {
        let server = try FriendServer(lists: ["me": Self.people(4)], pageSize: 10)
        let cache = try TemporaryCache()
        defer { cache.remove() }
        let session = server.session(userID: "4")
        let fixture = PickerFixture(session: session, store: cache.store)
        try #require(await fixture.load())
        fixture.onQueue { $0.select($0.sections[0].rows[0].user) }
        #expect(cache.store.pages(for: TemporaryCache.key(owner: "4")) != nil)
        session.closeAndClearTokenInformation()
        #expect(!session.isOpen)
        #expect(cache.store.pages(for: TemporaryCache.key(owner: "4")) == nil)
        #expect(await fixture.wait { picker, _ in picker.rowCount == 0 && picker.selectedUsers.isEmpty })
        // A closed session loads nothing.
        let requests = server.requests.count
        fixture.onQueue { $0.loadData() }
        #expect(fixture.onQueue { !$0.isLoading })
        #expect(server.requests.count == requests)
        #expect(!fixture.recorder.events.contains("handleError"))
    }

    @Test("closing the session while a page is in flight cancels it: no handleError, no DataDidChange")
    func closeMidLoad() async throws {
        let server = try FriendServer(lists: ["me": Self.people(3)], hang: true)
        let session = server.session()
        let fixture = PickerFixture(session: session)
        fixture.onQueue { $0.loadData() }
        #expect(await server.friendsRequested.wait())
        #expect(fixture.onQueue { $0.isLoading })
        session.close()
        let task = try #require(fixture.onQueue { $0.loadTask })
        await task.value
        fixture.onQueue { _ in }  // what the ended load queued has run
        #expect(fixture.recorder.events.isEmpty)
        #expect(fixture.onQueue { !$0.isLoading })
    }

    @Test("a cached list shows at once, then the refresh replaces it with the network's")
    func cacheThenRefresh() async throws {
        let server = try FriendServer(lists: ["me": Self.people(2)], pageSize: 10)
        let cache = try TemporaryCache()
        defer { cache.remove() }
        let store = cache.store
        let key = TemporaryCache.key(owner: "4")
        try store.store(
            pages: [
                Data(#"{"data":[{"id":"77","first_name":"Cached","last_name":"Friend","name":"Cached Friend"}]}"#.utf8)
            ],
            for: key)
        let fixture = PickerFixture(session: server.session(userID: "4"), store: store)
        fixture.onQueue { $0.loadData() }
        // Cached: one page, then the end of the cached load; fresh: one page, then the end.
        #expect(await fixture.wait { picker, recorder in recorder.count("dataDidChange") == 4 && !picker.isLoading })
        #expect(fixture.names == ["Friend1 Person", "Friend2 Person"])
        #expect(server.friendRequests.count == 2)
        #expect(store.pages(for: key)?.count == 1)
        let stored = try #require(store.pages(for: key)?.first)
        #expect(FriendListLoader.users(in: stored).map(\.id) == ["1", "2"])
    }

    @Test("FBGraphUser reads by property and by key; graph objects are equal by id")
    func graphObjects() {
        let object = FBGraphObject(dictionary: [
            "id": "42", "name": "Ada Lovelace", "first_name": "Ada", "last_name": "Lovelace",
            "location": ["id": "7", "name": "London", "location": ["city": "London", "latitude": 51.5]],
        ])
        let user: FBGraphUser = object
        #expect(user.name == "Ada Lovelace")
        #expect(user.first_name == "Ada")
        #expect(user.id == "42")
        #expect(user.object(forKey: "last_name") as? String == "Lovelace")
        #expect(object["first_name"] as? String == "Ada")
        #expect(user.location.name == "London")
        #expect(user.location.location.city == "London")
        #expect(user.location.location.latitude?.doubleValue == 51.5)
        #expect(user.middle_name == nil)
        user.setObject("Augusta", forKey: "middle_name")
        #expect(user.middle_name == "Augusta")
        user.remove(forKey: "middle_name")
        #expect(user.count() == 5)
        #expect(object == FBGraphObject(dictionary: ["id": "42"]))
        #expect(object != FBGraphObject(dictionary: ["id": "43"]))
        #expect((FBGraphObject(dictionary: ["id": 12345]) as FBGraphUser).id == "12345")
    }
}
