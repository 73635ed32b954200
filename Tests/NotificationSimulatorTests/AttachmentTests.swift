import Foundation
import Testing
@testable import NotificationSimulator

@Suite("UNNotificationAttachment checks files as iOS does")
struct AttachmentTests {
    /// The code of the UNError `body` throws, or nil.
    static func code(_ body: () throws -> Any) -> UNError.Code? {
        do { _ = try body(); return nil } catch { return (error as? UNError)?.code }
    }

    @Test("a 12 MB PNG throws attachmentInvalidFileSize")
    func largePNGIsRefused() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("big.png")
        try TestSupport.pngBytes(12_000_000).write(to: file)
        #expect(throws: UNError.self) {
            try UNNotificationAttachment(identifier: "big", url: file, options: nil)
        }
        #expect(Self.code { try UNNotificationAttachment(identifier: "big", url: file, options: nil) } == .attachmentInvalidFileSize)
    }

    @Test("a file without extension or type hint throws attachmentUnrecognizedType, even with PNG bytes")
    func fileWithoutExtensionIsUnrecognized() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("image")
        try TestSupport.pngBytes(500).write(to: file)
        #expect(throws: UNError.self) {
            try UNNotificationAttachment(identifier: "", url: file, options: nil)
        }
        #expect(Self.code { try UNNotificationAttachment(identifier: "", url: file, options: nil) } == .attachmentUnrecognizedType)
    }

    @Test("a UTI type hint makes a file without extension acceptable")
    func typeHintNamesTheType() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("image")
        try TestSupport.pngBytes(500).write(to: file)
        let attachment = try UNNotificationAttachment(identifier: "a", url: file, options: [UNNotificationAttachmentOptionsTypeHintKey: "public.png"])
        #expect(attachment.type == "public.png")
    }

    @Test("a WebP file is not a supported type")
    func webPIsUnsupported() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("photo.webp")
        try Data(count: 100).write(to: file)
        #expect(Self.code { try UNNotificationAttachment(identifier: "", url: file) } == .attachmentUnrecognizedType)
    }

    @Test("a remote URL throws attachmentInvalidURL")
    func remoteURLIsInvalid() throws {
        let url = try #require(URL(string: "https://images.example.com/a.png"))
        #expect(Self.code { try UNNotificationAttachment(identifier: "", url: url) } == .attachmentInvalidURL)
    }

    @Test("catch UNError.attachmentInvalidFileSize matches by code, as on iOS")
    func errorCodesPatternMatch() {
        let error: any Error = UNError(.attachmentInvalidFileSize)
        var matched = false
        switch error {
        case UNError.attachmentInvalidFileSize: matched = true
        default: matched = false
        }
        #expect(matched)
        #expect((error as NSError).code == 102)
        #expect((error as NSError).domain == "UNErrorDomain")
    }
}
