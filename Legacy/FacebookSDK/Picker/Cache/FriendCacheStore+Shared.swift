import Foundation

extension FriendCacheStore {
    /// `$XDG_CACHE_HOME/FacebookSDKShim/friend-picker`, else `$HOME/.cache/FacebookSDKShim/friend-picker`.
    ///
    /// A relative or empty `XDG_CACHE_HOME` is ignored, as the XDG Base Directory specification says;
    /// without `HOME`, the user's home directory from the password database.
    package static func defaultDirectory(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        let cacheHome: URL
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            cacheHome = URL(fileURLWithPath: xdg, isDirectory: true)
        } else if let home = environment["HOME"], !home.isEmpty {
            cacheHome = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache")
        } else {
            cacheHome = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        }
        return cacheHome.appendingPathComponent("FacebookSDKShim").appendingPathComponent("friend-picker")
    }

    /// The process-wide store at the default directory, opened lazily; nil when it cannot be opened
    /// (the picker then runs uncached and says why once on stderr: ``sharedOpenError``).
    package static var shared: FriendCacheStore? {
        try? sharedOpening.get()
    }

    /// Why ``shared`` is nil, or nil when it opened.
    package static var sharedOpenError: FriendCacheError? {
        if case .failure(let error) = sharedOpening { return error }
        return nil
    }

    /// Opened once, on first use (a static `let` is initialised lazily and exactly once).
    private static let sharedOpening = Result { () throws(FriendCacheError) -> FriendCacheStore in
        try FriendCacheStore(directory: defaultDirectory())
    }
}
