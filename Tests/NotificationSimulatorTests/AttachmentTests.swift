import Foundation
import Testing
@testable import NotificationSimulator

@Suite("UNNotificationAttachment checks files as iOS does")
struct AttachmentTests {
    @Test("a 12 MB PNG throws attachmentInvalidFileSize")
    func largePNGIsRefused() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("big.png")
        try TestSupport.pngBytes(12_000_000).write(to: file)
        #expect(throws: UNError(.attachmentInvalidFileSize)) {
            try UNNotificationAttachment(identifier: "big", url: file, options: nil)
        }
    }

    @Test("a file without extension or type hint throws attachmentUnrecognizedType, even with PNG bytes")
    func fileWithoutExtensionIsUnrecognized() throws {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("image")
        try TestSupport.pngBytes(500).write(to: file)
        #expect(throws: UNError(.attachmentUnrecognizedType)) {
            try UNNotificationAttachment(identifier: "", url: file, options: nil)
        }
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
        #expect(throws: UNError(.attachmentUnrecognizedType)) { try UNNotificationAttachment(identifier: "", url: file) }
    }

    @Test("a remote URL throws attachmentInvalidURL")
    func remoteURLIsInvalid() throws {
        let url = try #require(URL(string: "https://images.example.com/a.png"))
        #expect(throws: UNError(.attachmentInvalidURL)) { try UNNotificationAttachment(identifier: "", url: url) }
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
