import Foundation

/// An image for an intent (Apple's `INImage`): bytes, a file in the local file system, an image in
/// the extension's bundle, or a system symbol.
///
/// `init?(url:)` is for local files only (domain-rules §4.1): a remote URL gives an image with no
/// data, which iOS cannot persist with the donation, so no avatar is shown. `init(named:)` reads the
/// extension's bundle, which a recipe declares in `fixtures/bundle/`.
@available(iOS 10.0, *)
open class INImage: NSObject, NSCopying, @unchecked Sendable {
    /// How an image was made, to name the cause when a donation fails.
    enum Source: Sendable, Equatable {
        /// `init(imageData:)`.
        case data
        /// `init?(url:)` of a local file.
        case file
        /// `init?(url:)` of a remote URL.
        case remoteURL(String)
        /// `init(named:)`.
        case named(String)
        /// `systemImageNamed(_:)`.
        case system
    }

    /// The image's bytes, when known.
    let data: Data?
    /// How it was made.
    let source: Source

    init(data: Data?, source: Source) {
        self.data = data
        self.source = source
        super.init()
    }

    /// An image from bytes: the way to show a downloaded avatar.
    public convenience init(imageData: Data) {
        self.init(data: imageData, source: .data)
    }

    /// An image from a file in the local file system; nil when the file cannot be read.
    /// A remote URL is accepted but holds no data, as on iOS, where persisting it later fails.
    public convenience init?(url URL: URL) {
        if URL.isFileURL {
            guard let data = FileManager.default.contents(atPath: URL.path) else { return nil }
            self.init(data: data, source: .file)
        } else {
            self.init(data: nil, source: .remoteURL(URL.absoluteString))
        }
    }

    /// An image from a local file, with a size hint.
    @available(iOS 11.0, *)
    public convenience init?(url URL: URL, width: Double, height: Double) {
        self.init(url: URL)
    }

    /// An image from the extension's bundle; it holds no data when the bundle has no image of that name.
    public convenience init(named name: String) {
        self.init(data: SimulationContext.current?.bundleImage(named: name), source: .named(name))
    }

    /// An SF Symbol.
    @available(iOS 14.0, *)
    open class func systemImageNamed(_ systemImageName: String) -> Self {
        guard let image = INImage(data: nil, source: .system) as? Self else { preconditionFailure("INImage subclasses are not modelled") }
        return image
    }

    /// Images are immutable: a copy is the same object.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// True when the image carries something the system can store with a donation.
    var hasData: Bool { source == .system || !(data?.isEmpty ?? true) }
}
