import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Payloads
@testable import NotificationSimulator
import ToolchainSupport

/// Helpers shared by the simulator's tests.
enum TestSupport {
    /// Lints a JSON text as the CLI would.
    static func lint(_ json: String, headers: [String: String] = [:]) -> LintResult {
        Linter.lint(Array(json.utf8), headers: headers)
    }

    /// A temporary folder, removed by the caller.
    static func temporaryFolder() throws -> URL {
        let url = TemporaryFolder.root.appendingPathComponent("pushbook-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The bytes of a PNG file header followed by zeros, `count` bytes in all.
    static func pngBytes(_ count: Int) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        data.append(Data(count: max(0, count - data.count)))
        return data
    }

    /// A manifest serving one PNG at `url`.
    static func manifest(url: String, bytes: Int = 2_000, status: Int = 200, latency: Int = 0, mimeType: String? = "image/png") -> FixtureManifest {
        FixtureManifest(entries: [url: .init(body: pngBytes(bytes), mimeType: mimeType, status: status, latencyMilliseconds: latency)])
    }

    /// A chat app with the Communication Notifications capability.
    static let chatApp = AppConfiguration(displayName: "Chatter", entitlements: [AppConfiguration.communicationEntitlement],
                                          userActivityTypes: ["INSendMessageIntent"], backgroundModes: ["remote-notification"])
}

/// An extension that downloads `fcm_options.image` and attaches it, calling the handler once.
final class DownloadingExtension: UNNotificationServiceExtension, @unchecked Sendable {
    private let lock = NSLock()
    private var handler: ((UNNotificationContent) -> Void)?
    private var best: UNMutableNotificationContent?

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        guard let content = request.content.mutableCopy() as? UNMutableNotificationContent,
              let options = request.content.userInfo["fcm_options"] as? [String: Any],
              let address = options["image"] as? String, let url = URL(string: address) else {
            contentHandler(request.content)
            return
        }
        lock.lock(); handler = contentHandler; best = content; lock.unlock()
        URLSession.shared.dataTask(with: url) { [weak self] data, _, _ in
            if let data, let file = try? Self.write(data) , let attachment = try? UNNotificationAttachment(identifier: "image", url: file) {
                content.attachments = [attachment]
            }
            self?.deliver(content)
        }.resume()
    }

    override func serviceExtensionTimeWillExpire() {
        lock.lock(); let content = best; lock.unlock()
        if let content { deliver(content) }
    }

    private func deliver(_ content: UNNotificationContent) {
        lock.lock(); let h = handler; handler = nil; lock.unlock()
        h?(content)
    }

    static func write(_ data: Data) throws -> URL {
        let file = TemporaryFolder.root.appendingPathComponent("pushbook-\(UUID().uuidString).png")
        try data.write(to: file)
        return file
    }
}
