import FacebookGraph
import Foundation

/// v3.1's `FBFriendPickerViewController`, headless (legacy-sdk-facts §3.2–3.9): it loads a user's
/// friends page by page, shows cached ones first, filters, groups, sorts and names them as the v3.1
/// table did, and keeps a selection in selection order. A driver — the terminal picker of
/// `fbgraph friends`, a test — reads ``sections`` and calls ``select(_:)``, ``deselect(_:)``,
/// ``FBViewController/pressDone()`` and ``FBViewController/pressCancel()`` for what a tap did.
///
/// ```swift
/// let picker = FBFriendPickerViewController()
/// picker.title = "Pick Friends"
/// picker.delegate = self                 // an FBFriendPickerDelegate
/// picker.loadData()
/// picker.presentModally(from: nil, animated: true) { sender, donePressed in … }
/// ```
///
/// Delegate methods and the modal handler run on ``callbackQueue`` (`Facebook.defaultCallbackQueue`
/// when the picker is created, the main queue unless changed); call the picker from that queue, as
/// v3.1 required of the main thread.
open class FBFriendPickerViewController: FBViewController {
    /// v3.1's `FBFriendPickerCacheIdentity`.
    public static let cacheIdentity = "FBFriendPicker"
    /// v3.1's `FBRefreshCacheDelaySeconds`: how long after showing cached friends the fresh list is
    /// fetched.
    public static let refreshCacheDelaySeconds = 2

    /// Whether several friends can be selected (default true); when false, selecting one replaces
    /// the selection.
    open var allowsMultipleSelection = true
    /// Whether rows carry pictures (default true); when false ``FBFriendPickerRow/pictureURL`` is nil.
    open var itemPicturesEnabled = true
    /// Extra Graph fields to fetch (strings), besides `id,name,first_name,middle_name,last_name,picture`.
    open var fieldsForRequest: Set<AnyHashable>! = []
    /// Whose friends: `me` by default; a friend's id shows that friend's list.
    open var userID: String! = "me"
    /// How rows are sorted and grouped (default ``FBFriendSortByFirstName``).
    open var sortOrdering = FBFriendSortByFirstName
    /// How names are shown (default ``FBFriendDisplayByFirstName``).
    open var displayOrdering = FBFriendDisplayByFirstName
    /// The queue delegate methods run on: `Facebook.defaultCallbackQueue` when the picker is created.
    public var callbackQueue: DispatchQueue = Facebook.defaultCallbackQueue
    /// A search over the list (not in v3.1, whose samples filtered in `shouldInclude`): when not
    /// empty, only friends whose `name` contains it (ignoring case and diacritics) show. Call
    /// ``updateView()`` after changing it; nil or empty shows everyone. Not named `searchText`, so that
    /// a subclass with its own `searchText` (seed 001's) compiles unchanged.
    public var nameFilter: String?
    /// What a table would show, as of the last ``updateView()`` (which every page also runs).
    public private(set) var sections: [FBFriendPickerSection] = []
    /// The number of rows in ``sections``.
    public private(set) var rowCount = 0
    /// True while pages are still to come (including the refresh after cached friends).
    public private(set) var isLoading = false

    /// How long after showing cached friends the refresh starts (tests set zero).
    package var refreshDelay: DispatchTimeInterval = .seconds(FBFriendPickerViewController.refreshCacheDelaySeconds)

    let model = FriendPickerModel()
    private var explicitSession: FBSession?
    private var tracksActiveSession = true
    private var observedSession: FBSession?
    private var selected: [FBGraphUser] = []
    private var selectedIDs: Set<String> = []
    private var generation = 0
    /// The load in flight (or the last one).
    private(set) var loadTask: Task<Void, Never>?

    /// `-init`: the default buttons and settings.
    public override init() {
        super.init()
    }

    /// `-initWithNibName:bundle:`: the default settings, no buttons.
    public override init(nibName nibNameOrNil: String!, bundle nibBundleOrNil: Bundle!) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    /// `-initWithCoder:` (`required`): the default settings, no buttons.
    public required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
    }

    deinit {
        loadTask?.cancel()
        observedSession?.removeCloseObserver(self)
    }

    /// The session friends are loaded with. Setting one stops following `FBSession.activeSession()`;
    /// setting nil follows it again (the active session when it is open, at the next ``loadData()``).
    open var session: FBSession! {
        get { explicitSession }
        set {
            explicitSession = newValue
            tracksActiveSession = newValue == nil
        }
    }

    /// `selection`: the selected friends, in the order they were selected: each an `NSMutableDictionary`
    /// answering ``FBGraphUser``, as v3.1 results are (`selection[0] as? NSMutableDictionary` works).
    open var selection: [Any]! { selected }

    /// ``selection``, typed.
    public var selectedUsers: [FBGraphUser] { selected }

    /// Whether the section titles and the index show: when at least 6 rows show (v3.1's rule).
    public var showsSectionIndex: Bool { rowCount >= FriendPickerModel.minimumCountToCollate }

    /// The index titles (`A`…`Z`, `#`) when ``showsSectionIndex``, else nil.
    public var sectionIndexTitles: [String]? {
        showsSectionIndex ? FriendPickerModel.sectionTitles : nil
    }

    /// `configureUsingCachedDescriptor:`: copies the descriptor's `userID` and `fieldsForRequest`.
    ///
    /// A descriptor that is not the friend picker's is ignored with a line on standard error (v3.1
    /// raised `FBInvalidOperationException`, which ended the app).
    open func configure(usingCachedDescriptor cacheDescriptor: FBCacheDescriptor!) {
        guard let descriptor = cacheDescriptor as? FBFriendPickerCacheDescriptor else {
            LegacyLog.log("configure(usingCachedDescriptor:): not a friend picker cache descriptor; ignored")
            return
        }
        userID = descriptor.userID ?? "me"
        fieldsForRequest = descriptor.fieldsForRequest
    }

    /// `+cacheDescriptor`: the default friend list (`me`, no extra fields), to prefetch.
    open class func cacheDescriptor() -> FBCacheDescriptor! {
        FBFriendPickerCacheDescriptor(userID: nil, fieldsForRequest: nil)
    }

    /// `+cacheDescriptorWithUserID:fieldsForRequest:`: `userID`'s list (nil: `me`) with extra fields.
    open class func cacheDescriptor(withUserID userID: String!, fieldsForRequest: Set<AnyHashable>!)
        -> FBCacheDescriptor!
    {
        FBFriendPickerCacheDescriptor(userID: userID, fieldsForRequest: fieldsForRequest)
    }

    // MARK: Loading

    /// `loadData`: shows the cached friend list at once when there is one, then fetches the fresh
    /// list ``refreshCacheDelaySeconds`` later and replaces it; without a cached copy it fetches at
    /// once. Pages arrive one by one (`DataDidChange` after each and at the end); errors other than
    /// cancellation go to `handleError`. Without an open session it does nothing.
    open func loadData() {
        if tracksActiveSession, let active = FBSession.activeSessionIfOpen { explicitSession = active }
        guard let session = explicitSession, session.isOpen else { return }
        observe(session)
        let request = FriendListRequest(
            userID: userID, extraFields: fieldsForRequest, groupByField: sortOrdering.groupByField)
        start(request, session: session, tryCache: true)
    }

    private func start(_ request: FriendListRequest, session: FBSession, tryCache: Bool) {
        loadTask?.cancel()
        generation += 1
        let generation = generation
        let queue = callbackQueue
        let store = session.pageStore
        isLoading = true
        // The task only hops to the callback queue, where the picker is touched.
        let picker = QueueConfined(self)
        loadTask = Task {
            if let error = request.invalidUserID {
                queue.async { picker.object?.fail(error, generation: generation) }
                return
            }
            let client = session.graphClient()
            let owner = store == nil ? nil : await FriendListLoader.owner(of: session, client: client)
            if tryCache, let pages = FriendListLoader.cachedPages(request, owner: owner, store: store) {
                queue.async {
                    picker.object?.showCached(pages, request: request, session: session, generation: generation)
                }
                return
            }
            var received = 0
            do throws(GraphError) {
                let pages = try await FriendListLoader.fetch(request, client: client) { page in
                    let replacing = received == 0
                    received += 1
                    queue.async { picker.object?.receive(page, replacing: replacing, generation: generation) }
                }
                FriendListLoader.store(pages, of: request, owner: owner, store: store)
                let replacing = pages.isEmpty
                queue.async { picker.object?.finish(generation: generation, replacing: replacing) }
            } catch {
                queue.async { picker.object?.fail(error, generation: generation) }
            }
        }
    }

    private func showCached(_ pages: [Data], request: FriendListRequest, session: FBSession, generation: Int) {
        guard generation == self.generation else { return }
        for (index, page) in pages.enumerated() {
            receive(page, replacing: index == 0, generation: generation)
        }
        pickerDelegate?.friendPickerViewControllerDataDidChange(self)
        let picker = QueueConfined(self)
        callbackQueue.asyncAfter(deadline: .now() + refreshDelay) {
            guard let picker = picker.object, generation == picker.generation else { return }
            picker.start(request, session: session, tryCache: false)
        }
    }

    private func receive(_ page: Data, replacing: Bool, generation: Int) {
        guard generation == self.generation else { return }
        if replacing { model.removeAll() }
        model.append(FriendListLoader.users(in: page))
        updateView()
        pickerDelegate?.friendPickerViewControllerDataDidChange(self)
    }

    private func finish(generation: Int, replacing: Bool) {
        guard generation == self.generation else { return }
        if replacing { model.removeAll() }
        isLoading = false
        updateView()
        pickerDelegate?.friendPickerViewControllerDataDidChange(self)
    }

    private func fail(_ error: GraphError, generation: Int) {
        guard generation == self.generation else { return }
        isLoading = false
        guard !error.isCancellation else { return }
        pickerDelegate?.friendPickerViewController(self, handleError: error)
    }

    /// Clears the data and selection when the session closes (v3.1's KVO of the session's state).
    private func observe(_ session: FBSession) {
        guard observedSession !== session else { return }
        observedSession?.removeCloseObserver(self)
        observedSession = session
        let queue = callbackQueue
        let picker = QueueConfined(self)
        session.addCloseObserver(self) {
            queue.async { picker.object?.clearData() }
        }
    }

    private func clearData() {
        loadTask?.cancel()
        generation += 1
        isLoading = false
        model.removeAll()
        selected = []
        selectedIDs = []
        updateView()
    }

    // MARK: The view

    /// The delegate as an ``FBFriendPickerDelegate``, when it is one.
    var pickerDelegate: FBFriendPickerDelegate? { delegate as? FBFriendPickerDelegate }

    /// `updateView`: re-filters (the delegate's `shouldInclude`, ``nameFilter``), regroups and
    /// re-sorts the loaded friends into ``sections``. No network or cache access.
    open func updateView() {
        let delegate = pickerDelegate
        let include: ((FBGraphUser) -> Bool)? = delegate.map { delegate in
            { [unowned self] user in delegate.friendPickerViewController(self, shouldInclude: user) }
        }
        let result = model.sections(
            sort: sortOrdering,
            display: displayOrdering,
            searchText: nameFilter,
            selected: selectedIDs,
            picturesEnabled: itemPicturesEnabled,
            include: include
        )
        sections = result.sections
        rowCount = result.rowCount
    }

    // MARK: Selection

    /// What a tap on an unselected row did: adds `user` to the selection (replacing it when
    /// ``allowsMultipleSelection`` is false); `SelectionDidChange` follows.
    public func select(_ user: FBGraphUser) {
        guard let id = user.id, !selectedIDs.contains(id) else { return }
        if !allowsMultipleSelection {
            selected = []
            selectedIDs = []
        }
        selected.append(user)
        selectedIDs.insert(id)
        selectionDidChange()
    }

    /// What a tap on a selected row did: removes `user` from the selection; `SelectionDidChange`
    /// follows.
    public func deselect(_ user: FBGraphUser) {
        guard let id = user.id, selectedIDs.contains(id) else { return }
        selected.removeAll { $0.id == id }
        selectedIDs.remove(id)
        selectionDidChange()
    }

    /// `clearSelection`: deselects everyone, one `SelectionDidChange` per friend deselected.
    open func clearSelection() {
        for user in selected { deselect(user) }
    }

    private func selectionDidChange() {
        updateView()
        let picker = QueueConfined(self)
        callbackQueue.async {
            guard let picker = picker.object else { return }
            picker.pickerDelegate?.friendPickerViewControllerSelectionDidChange(picker)
        }
    }
}
