import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import Payloads
@testable import NotificationSimulator

/// Firebase's stock helper, `Messaging.serviceExtension().populateNotificationContent(_:withContentHandler:)`,
/// run as Firebase's guide calls it (`FirebaseGuideExtension`, what `simulate --extension firebase` runs).
/// The cases come from firebase-ios-sdk's FirebaseMessaging/Tests/UnitTests/FIRMessagingExtensionHelperTest.m
/// and FirebaseMessaging/Sources/FIRMessagingExtensionHelper.m at commit eed63a35a90dbd46184ca1a6afeb144ee783b5fd;
/// each test names the one it follows.
@Suite("Firebase's extension helper")
struct FirebaseHelperTests {
    /// An FCM-shaped APNs payload whose `fcm_options` member is `options` (JSON text).
    static func push(options: String) -> String {
        #"{"aps": {"alert": {"title": "Golden hour", "body": "Sunset"}, "mutable-content": 1}, "fcm_options": \#(options)}"#
    }

    static func deliver(_ json: String, manifest: FixtureManifest = FixtureManifest()) -> DeliveryRecord {
        simulate(json, manifest: manifest).record
    }

    static func simulate(_ json: String, manifest: FixtureManifest = FixtureManifest()) -> DeviceRun {
        NotificationDevice(manifest: manifest).simulate(TestSupport.lint(json), makeExtension: { StockExtension.firebase.make() })
    }

    /// The record's rule ids. Other suites create attachments outside any run (AttachmentTests), and a
    /// refusal is recorded in whatever run is current, so refusals of files that are not the helper's
    /// download are left out.
    static func rules(_ record: DeliveryRecord) -> [String] { own(record).map(\.rule) }

    /// The record's diagnostics without attachment refusals of files the helper did not write.
    static func own(_ record: DeliveryRecord) -> [Diagnostic] {
        record.diagnostics.filter { !$0.rule.hasPrefix("ios.attachment-") || $0.message.contains(FIRMessagingExtensionHelper.temporaryName) || $0.rule == "ios.attachment-content-mismatch" }
    }

    static let jpeg: Data = {
        var data = Data([0xFF, 0xD8, 0xFF, 0xE0])
        data.append(Data(count: 996))
        return data
    }()

    // MARK: which key it reads

    @Test("fcm_options without image: the handler is called once with the content unchanged, nothing is downloaded (testModifyNotificationWithEmptyPayloadData)")
    func emptyOptionsDeliverUnchanged() throws {
        let record = Self.deliver(Self.push(options: "{}"))
        let ext = try #require(record.serviceExtension)
        #expect(ext.invoked && ext.contentHandlerCalls == 1 && ext.fetches.isEmpty)
        #expect(record.delivered?.body == "Sunset")
        #expect(record.delivered?.attachments.isEmpty == true)
        #expect(Self.own(record).isEmpty, "\(record.diagnostics)")
    }

    @Test("fcm_options that is not a dictionary: delivered unchanged, nothing downloaded (testModifyNotificationWithNonDictionaryOptions)")
    func nonDictionaryOptionsDeliverUnchanged() throws {
        let record = Self.deliver(Self.push(options: #""not a dictionary""#))
        let ext = try #require(record.serviceExtension)
        #expect(ext.contentHandlerCalls == 1 && ext.fetches.isEmpty)
        #expect(record.delivered?.attachments.isEmpty == true)
    }

    @Test("an image that is not a string: delivered unchanged, nothing downloaded (testModifyNotificationWithNonStringImageURL)")
    func nonStringImageDeliversUnchanged() throws {
        let record = Self.deliver(Self.push(options: #"{"image": 42}"#))
        let ext = try #require(record.serviceExtension)
        #expect(ext.contentHandlerCalls == 1 && ext.fetches.isEmpty)
    }

    @Test("only fcm_options.image is read: an image under another key is not downloaded")
    func otherKeysAreIgnored() throws {
        let url = "https://images.example.com/a.png"
        let record = Self.deliver(#"{"aps": {"alert": "Hi", "mutable-content": 1}, "image": "\#(url)", "fcm_options": {"imageUrl": "\#(url)"}}"#,
                                  manifest: TestSupport.manifest(url: url))
        #expect(record.serviceExtension?.fetches.isEmpty == true)
        #expect(record.delivered?.attachments.isEmpty == true)
    }

    @Test("a string that is not a URL: the handler is called once, with no image (testModifyNotificationWithInvalidPayloadData; iOS 17 parsing turns it into a relative URL whose download fails)")
    func invalidURLDeliversWithoutImage() throws {
        let record = Self.deliver(Self.push(options: #"{"image": "a invalid URL"}"#))
        #expect(record.serviceExtension?.contentHandlerCalls == 1)
        #expect(record.delivered?.attachments.isEmpty == true)
        let logged = record.diagnostics.filter { $0.rule == "firebase.helper-logged-error" }
        #expect(logged.count == 1)
        #expect(logged.first?.message.contains("error 2000") == true)
        #expect(record.accepted)
    }

    // MARK: how it names the file

    static func response(_ url: String, mimeType: String?, disposition: String? = nil) throws -> HTTPURLResponse {
        var headers: [String: String] = [:]
        if let mimeType { headers["Content-Type"] = mimeType }
        if let disposition { headers["Content-Disposition"] = disposition }
        let address = try #require(URL(string: url))
        return try #require(HTTPURLResponse(url: address, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: headers))
    }

    @Test("the suggested file name's extension comes first: test.jpg gives .jpg (testModifyNotificationWithValidPayloadDataNoMimeType)")
    func suggestedFilenameExtension() throws {
        #expect(FIRMessagingExtensionHelper.fileExtension(for: try Self.response("https://example.com/test.jpg", mimeType: nil)) == ".jpg")
        // Even when the MIME type disagrees: the name wins.
        #expect(FIRMessagingExtensionHelper.fileExtension(for: try Self.response("https://example.com/test.jpg", mimeType: "text/html")) == ".jpg")
        // Content-Disposition's file name comes before the URL (Apple's suggestedFilename order).
        #expect(FIRMessagingExtensionHelper.fileExtension(for: try Self.response("https://example.com/p", mimeType: "image/jpeg", disposition: #"attachment; filename="cat.gif""#)) == ".gif")
    }

    @Test("no extension and no MIME type gives no extension (testModifyNotificationWithInvalidPayloadDataInvalidMimeType)")
    func noExtensionNoMIMEType() throws {
        #expect(FIRMessagingExtensionHelper.fileExtension(for: try Self.response("https://example.com/test", mimeType: nil)) == "")
    }

    @Test("no extension and image/jpeg gives .jpeg (testModifyNotificationWithInvalidPayloadDataValidMimeType)")
    func imageMIMETypeGivesExtension() throws {
        #expect(FIRMessagingExtensionHelper.fileExtension(for: try Self.response("https://example.com/test", mimeType: "image/jpeg")) == ".jpeg")
        #expect(FIRMessagingExtensionHelper.suggestedFilename(of: try Self.response("https://example.com/test", mimeType: "image/jpeg")) == "test.jpeg")
    }

    @Test("a MIME type holding a path separator gives no extension (testFileExtensionRejectsPathSeparatorInMimeType)")
    func pathSeparatorInMIMETypeIsRejected() throws {
        #expect(FIRMessagingExtensionHelper.fileExtension(for: try Self.response("https://example.com/image", mimeType: "image/../../../../evil")) == "")
    }

    @Test("application/octet-stream at a URL without an extension gives no extension, so iOS refuses the file and the image is lost")
    func octetStreamLosesTheImage() throws {
        let url = "https://cdn.example.com/i/7f3a9c"
        let manifest = FixtureManifest(entries: [url: .init(body: Self.jpeg, mimeType: "application/octet-stream", status: 200, latencyMilliseconds: 380)])
        #expect(FIRMessagingExtensionHelper.fileExtension(for: try Self.response(url, mimeType: "application/octet-stream")) == "")
        let record = Self.deliver(Self.push(options: #"{"image": "\#(url)"}"#), manifest: manifest)
        #expect(record.serviceExtension?.contentHandlerCalls == 1)
        #expect(record.serviceExtension?.fetches.first?.status == 200)
        #expect(record.delivered?.attachments.isEmpty == true)
        #expect(Self.rules(record) == ["ios.attachment-type", "firebase.helper-logged-error"])
        #expect(Self.own(record).last?.message.contains("error 20003") == true)
    }

    // MARK: status codes, sizes and errors

    @Test("the HTTP status is not checked: a 404 HTML page at a .jpg URL is attached as a JPEG, and the preview shows no image")
    func notFoundPageIsAttached() throws {
        let url = "https://images.example.com/missing.jpg"
        let html = Data("<!DOCTYPE html><title>404 Not Found</title>".utf8)
        let manifest = FixtureManifest(entries: [url: .init(body: html, mimeType: "text/html", status: 404, latencyMilliseconds: 90)])
        let run = Self.simulate(Self.push(options: #"{"image": "\#(url)"}"#), manifest: manifest)
        let record = run.record
        let delivered = try #require(record.delivered)
        #expect(delivered.attachments.map(\.type) == ["public.jpeg"])
        #expect(delivered.attachments.first?.bytes == html.count)
        #expect(run.delivered.attachment == nil)
        #expect(Self.rules(record) == ["firebase.helper-download", "ios.attachment-content-mismatch"])
        #expect(Self.own(record).first?.message.contains("404") == true)
    }

    @Test("the size is not checked: a 12 MB PNG is downloaded whole, then UNNotificationAttachment refuses it (error 20003)")
    func oversizedImageIsDownloadedThenRefused() throws {
        let url = "https://images.example.com/huge.png"
        let record = Self.deliver(Self.push(options: #"{"image": "\#(url)"}"#), manifest: TestSupport.manifest(url: url, bytes: 12_000_000))
        #expect(record.serviceExtension?.fetches.first?.bytes == 12_000_000)
        #expect(record.delivered?.attachments.isEmpty == true)
        #expect(Self.rules(record) == ["ios.attachment-size-limit", "firebase.helper-logged-error"])
    }

    @Test("a download error (a host that does not answer) delivers the text without an image and logs error 20001")
    func transportErrorDeliversText() throws {
        let record = Self.deliver(Self.push(options: #"{"image": "https://offline.example.com/a.jpg"}"#))
        #expect(record.serviceExtension?.contentHandlerCalls == 1)
        #expect(record.delivered?.body == "Sunset")
        #expect(record.delivered?.attachments.isEmpty == true)
        #expect(Self.rules(record) == ["firebase.helper-logged-error"])
        #expect(Self.own(record).first?.message.contains("error 20001") == true)
    }

    @Test("a .jpg at 200 is attached with an identifier iOS generates, replacing the content's attachments")
    func imageIsAttached() throws {
        let url = "https://images.example.com/sunset.jpg"
        let manifest = FixtureManifest(entries: [url: .init(body: Self.jpeg, mimeType: "image/jpeg", status: 200, latencyMilliseconds: 420)])
        let run = Self.simulate(Self.push(options: #"{"image": "\#(url)"}"#), manifest: manifest)
        let record = run.record
        let delivered = try #require(record.delivered)
        #expect(delivered.attachments.map(\.type) == ["public.jpeg"])
        #expect(delivered.attachments.first?.identifier == "attachment-1")
        #expect(run.delivered.attachment == Self.jpeg)
        #expect(record.serviceExtension?.elapsedMilliseconds == 420)
        #expect(Self.own(record).isEmpty, "\(record.diagnostics)")
    }

    // MARK: when it calls the handler

    @Test("the helper never calls the handler because time ran out: the guide's expiry hands over the text, and the late download writes into it and calls the handler again")
    func slowDownloadCallsTheHandlerTwice() throws {
        let url = "https://images.example.com/slow.jpg"
        let manifest = FixtureManifest(entries: [url: .init(body: Self.jpeg, mimeType: "image/jpeg", status: 200, latencyMilliseconds: 35_000)])
        let record = Self.deliver(Self.push(options: #"{"image": "\#(url)"}"#), manifest: manifest)
        let ext = try #require(record.serviceExtension)
        #expect(ext.expired && ext.contentHandlerCalls == 2 && ext.elapsedMilliseconds == 30_000)
        #expect(ext.fetches.first?.late == true)
        #expect(record.delivered?.attachments.isEmpty == true)
        #expect(Set(Self.rules(record)) == ["ios.content-changed-after-handler", "ios.content-handler-called-twice", "ios.time-budget"])
    }

    @Test("one helper per extension process: a second notification before the first download finishes takes over the handler, and the first handler is never called")
    func secondNotificationTakesOverTheHandler() throws {
        let url = "https://images.example.com/sunset.jpg"
        let manifest = FixtureManifest(entries: [url: .init(body: Self.jpeg, mimeType: "image/jpeg", status: 200, latencyMilliseconds: 400)])
        let first = FirstHandler()
        let record = NotificationDevice(manifest: manifest).deliver(TestSupport.lint(Self.push(options: #"{"image": "\#(url)"}"#)),
                                                                    makeExtension: { TwoNotificationsExtension(first: first) })
        #expect(first.calls == 0)
        #expect(record.serviceExtension?.contentHandlerCalls == 2)
        #expect(record.delivered?.attachments.count == 1)
    }
}

/// Counts the calls of the first notification's handler.
final class FirstHandler: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func call() { lock.lock(); count += 1; lock.unlock() }
    var calls: Int { lock.lock(); defer { lock.unlock() }; return count }
}

/// Hands the helper an earlier notification first (its handler counted by `first`), then this one,
/// as an extension process that iOS gives two notifications in a row would.
final class TwoNotificationsExtension: UNNotificationServiceExtension, @unchecked Sendable {
    let first: FirstHandler
    init(first: FirstHandler) { self.first = first }

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        guard let earlier = request.content.mutableCopy() as? UNMutableNotificationContent,
              let content = request.content.mutableCopy() as? UNMutableNotificationContent else { return }
        let first = self.first
        Messaging.serviceExtension().populateNotificationContent(earlier) { _ in first.call() }
        Messaging.serviceExtension().populateNotificationContent(content, withContentHandler: contentHandler)
    }
}
