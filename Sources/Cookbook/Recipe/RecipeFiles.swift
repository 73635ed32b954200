import Foundation
import NotificationSimulator

/// The files of a recipe that its page shows, read once by the loader (never through a link), so
/// rendering reads no file: what the `include` blocks name, the Swift files, the app folder's
/// property lists and the images in the prose.
public struct RecipeFiles: Sendable, Equatable {
    /// What the path of an `include` block gave.
    public enum Included: Sendable, Equatable {
        /// The file's text.
        case text(String)
        /// The path leaves the recipe's folder.
        case outside
        /// Nothing readable is there (missing, a folder, a link, too large).
        case unreadable
        /// The file is not UTF-8 text.
        case notUTF8
    }

    /// One of the recipe's Swift files.
    public struct SourceFile: Sendable, Equatable {
        /// The file's name, for example `FCMImageService.swift`.
        public var name: String
        /// Its text.
        public var text: String
    }

    /// The files `include` blocks name, by the path as written.
    public var includes: [String: Included] = [:]
    /// The Swift files directly in the recipe's folder, in name order (unreadable ones left out).
    public var swiftFiles: [SourceFile] = []
    /// The app the recipe's app folder describes; nil when it names none or its lists do not read.
    public var app: AppConfiguration?
    /// The images the prose names as files of the recipe, by the path as written: their bytes, or why not.
    var images: [String: Result<[UInt8], ContainedFile.Failure>] = [:]

    /// No files.
    public init() {}
}
