import Foundation

/// An image for an intent (Apple's `INImage`): bytes, or a file in the local file system.
///
/// `init?(url:)` is for local files only (domain-rules §4.1): a remote URL gives an image with no
/// data, which iOS cannot persist with the donation, so no avatar is shown.
open class INImage: NSObject, @unchecked Sendable {
    /// The image's bytes, when known.
    let data: Data?
    /// The URL it was made from, if any.
    let sourceURL: URL?

    /// An image from bytes: the way to show a downloaded avatar.
    public init(imageData: Data) {
        self.data = imageData
        self.sourceURL = nil
        super.init()
    }

    /// An image from a file in the local file system; nil when the file cannot be read.
    /// A remote URL is accepted but holds no data, as on iOS, where persisting it later fails.
    public init?(url: URL) {
        if url.isFileURL {
            guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
            self.data = data
        } else {
            self.data = nil
        }
        self.sourceURL = url
        super.init()
    }

    /// An image from a local file, with a size hint.
    public convenience init?(url: URL, width: Double, height: Double) {
        self.init(url: url)
    }

    /// An image from the app's asset catalog; the simulated app has none, so it holds no data.
    public init(named name: String) {
        self.data = nil
        self.sourceURL = nil
        super.init()
    }

    /// True when the image carries bytes the system can store with a donation.
    var hasData: Bool { !(data?.isEmpty ?? true) }
}
