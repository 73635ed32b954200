import Foundation
import Testing
import Payloads
@testable import NotificationSimulator
import Recipes

/// The recipes' extensions hand iOS content that nothing changes afterwards: a download that
/// completes after `serviceExtensionTimeWillExpire()` delivered finds nothing to write into.
@Suite("A late completion never changes content already handed to iOS", .serialized)
struct LateCompletionTests {
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(count: 400)

    /// Runs the recipe service `name` on `push`, with `slow` answering after 45 virtual seconds.
    static func run(_ name: String, push: String, fast: [String], slow: [String], app: AppConfiguration = .plain) throws -> DeliveryRecord {
        guard case .serviceExtension(let make)? = RecipeRegistry.entryPoints[name] else { throw Failure(name) }
        var entries: [String: FixtureManifest.Entry] = [:]
        for url in fast { entries[url] = .init(body: png, mimeType: "image/png", status: 200, latencyMilliseconds: 200) }
        for url in slow { entries[url] = .init(body: png, mimeType: "image/png", status: 200, latencyMilliseconds: 45_000) }
        let lint = Linter.lint(Array(push.utf8), headers: [:])
        return NotificationDevice(app: app, manifest: FixtureManifest(entries: entries)).deliver(lint, makeExtension: make)
    }

    struct Failure: Error { init(_ name: String) {} }

    @Test("fcm-image: an image slower than the budget leaves the delivered text alone")
    func fcmImage() throws {
        let push = #"{"aps": {"alert": {"title": "Golden hour", "body": "Sunset"}, "mutable-content": 1}, "fcm_options": {"image": "https://img.example.com/slow.png"}}"#
        let record = try Self.run("FCMImageService", push: push, fast: [], slow: ["https://img.example.com/slow.png"])
        #expect(record.serviceExtension?.contentHandlerCalls == 1)
        #expect(record.serviceExtension?.expired == true)
        #expect(record.delivered?.attachments.isEmpty == true)
        #expect(!record.diagnostics.contains { $0.rule == "ios.content-changed-after-handler" })
    }

    @Test("avatar-and-image: a picture slower than the budget leaves the delivered content alone")
    func avatarAndImage() throws {
        let push = #"{"aps": {"alert": {"title": "Mina", "body": "Look"}, "mutable-content": 1}, "iconUrl": "https://img.example.com/avatar.png", "image": "https://img.example.com/slow.png"}"#
        let record = try Self.run("AvatarAndImageService", push: push, fast: ["https://img.example.com/avatar.png"], slow: ["https://img.example.com/slow.png"])
        #expect(record.serviceExtension?.contentHandlerCalls == 1)
        #expect(record.delivered?.attachments.isEmpty == true)
        #expect(!record.diagnostics.contains { $0.rule == "ios.content-changed-after-handler" })
    }

    @Test("avatar-and-image: a fast picture and a slow avatar still show the picture at the deadline")
    func pictureSurvivesSlowAvatar() throws {
        let push = #"{"aps": {"alert": {"title": "Mina", "body": "Look"}, "mutable-content": 1}, "iconUrl": "https://img.example.com/slow.png", "image": "https://img.example.com/picture.png"}"#
        let record = try Self.run("AvatarAndImageService", push: push, fast: ["https://img.example.com/picture.png"], slow: ["https://img.example.com/slow.png"])
        #expect(record.serviceExtension?.contentHandlerCalls == 1)
        #expect(record.delivered?.attachments.map(\.type) == ["public.png"])
        #expect(!record.diagnostics.contains { $0.rule == "ios.content-changed-after-handler" })
    }
}
