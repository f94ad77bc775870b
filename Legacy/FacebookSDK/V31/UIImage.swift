import Foundation

/// The `UIImage` v3.1's photo calls take (`FBRequest(forUploadPhoto:)`,
/// `FBRequestConnection.start(forUploadPhoto:completionHandler:)`), for Linux, where UIKit does not
/// exist: an image is its encoded bytes (PNG, JPEG, GIF…), uploaded as they are.
///
/// ```swift
/// let photo = UIImage(contentsOfFile: "/srv/photos/cat.png")
/// FBRequestConnection.start(forUploadPhoto: photo) { _, result, error in … }
/// ```
///
/// - Note: v3.1 re-encoded the image as PNG before uploading it; here the bytes go unchanged, with the
///   media type their signature names (Migration.md's deviations).
open class UIImage: NSObject, @unchecked Sendable {
    /// The encoded image.
    public let data: Data

    /// An image of `data`; nil when `data` is empty.
    public init?(data: Data) {
        guard !data.isEmpty else { return nil }
        self.data = data
        super.init()
    }

    /// The image in the file at `path`; nil when it cannot be read or is empty.
    public convenience init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init(data: data)
    }

    /// `+imageNamed:`: the image file `name`, looked up in the main bundle's resources, then as a path
    /// (relative to the current directory); nil when there is none.
    public convenience init?(named name: String) {
        let bundled = Bundle.main.path(forResource: name, ofType: nil)
        guard let data = FileManager.default.contents(atPath: bundled ?? name) else { return nil }
        self.init(data: data)
    }

    /// The media type the bytes' signature names (`image/png`, `image/jpeg`, `image/gif`), or v3.1's
    /// `content/unknown` for anything else.
    var mediaType: String { Self.mediaType(of: data) }

    /// The media type the signature of `data` names, or `content/unknown`.
    static func mediaType(of data: Data) -> String {
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if data.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if data.starts(with: Array("GIF8".utf8)) { return "image/gif" }
        return "content/unknown"
    }
}
