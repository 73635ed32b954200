import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Payloads

/// Firebase's stock helper for a Notification Service Extension (FirebaseMessaging's
/// `FIRMessagingExtensionHelper`, reached as `Messaging.serviceExtension()`): it downloads the image
/// of `fcm_options.image` and attaches it.
///
/// Our own code, doing what firebase/firebase-ios-sdk's `FirebaseMessaging/Sources/FIRMessagingExtensionHelper.m`
/// does at commit eed63a35a90dbd46184ca1a6afeb144ee783b5fd (the catalogue's `firebase.helper-*` entries
/// cite its lines): it reads only `fcm_options.image`; downloads it with a `URLSession` download task and
/// checks only for a transport error, not the HTTP status or the size; names the file from the response's
/// suggested file name, else an `image/` MIME type; creates the attachment with no type hint; and calls
/// the content handler once, when it has finished, never because time ran out. The console errors it
/// logs (codes 20000–20003) become notes of the delivery record.
public final class FIRMessagingExtensionHelper: NSObject, @unchecked Sendable {
    // Properties of the helper, as in Firebase's: a second call replaces them, even while a download
    // of the first is running (the helper is one per extension process).
    private let properties = Locked<(contentHandler: ((UNNotificationContent) -> Void)?, bestAttemptContent: UNMutableNotificationContent?)>((nil, nil))

    override init() { super.init() }

    /// Downloads `fcm_options.image` of the content's `userInfo`, attaches it, and calls the handler
    /// with the content (Firebase: "Call this API to complete your notification content modification").
    public func populateNotificationContent(_ content: UNMutableNotificationContent,
                                            withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        properties.withLock { $0 = (contentHandler, content) }
        // userInfo is the raw payload: anything but a dictionary holding a string is left alone (H:119-126).
        guard let options = content.userInfo["fcm_options"] as? [AnyHashable: Any], let address = options["image"] as? String else {
            deliverNotification()
            return
        }
        guard let url = URL(string: address) else {
            Self.log(20000, "the image URL '\(address)' is not a URL (kFIRMessagingServiceExtensionImageInvalidURL); delivered without an image")
            deliverNotification()
            return
        }
        loadAttachment(for: url) { [self] attachment in
            if let attachment {
                let content = properties.current.bestAttemptContent
                content?.attachments = [attachment]
            }
            deliverNotification()
        }
    }

    private func deliverNotification() {
        let (handler, content) = properties.current
        if let handler, let content { handler(content) }
    }

    /// The download, the file's name and the attachment (H:165-209). Firebase makes a session with the
    /// default configuration; the model uses the shared session, which has the same defaults and is
    /// the one the simulator's fixture network serves and waits on.
    private func loadAttachment(for url: URL, completion: @escaping @Sendable (UNNotificationAttachment?) -> Void) {
        let task = FixtureDownload.downloadTask(in: URLSession.shared, with: url) { location, response, error in
            if let error {
                Self.log(20001, "the image was not downloaded (kFIRMessagingServiceExtensionImageNotDownloaded: \(Self.describe(error))); delivered without an image")
                completion(nil)
                return
            }
            let fileExtension = Self.fileExtension(for: response)
            guard let location else {
                Self.log(20002, "the downloaded file is missing (kFIRMessagingServiceExtensionLocalFileNotCreated); delivered without an image")
                completion(nil)
                return
            }
            // Firebase appends the extension to the temporary file's path, keeping its name (H:184-185).
            // The model gives that temporary file a fixed name in a folder of its own, so records name
            // the same file on every run.
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pushbook-firebase-\(UUID().uuidString)", isDirectory: true)
            let local = URL(fileURLWithPath: folder.appendingPathComponent(Self.temporaryName).path + fileExtension)
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try FileManager.default.moveItem(at: location, to: local)
            } catch {
                Self.log(20002, "the downloaded file could not be moved (kFIRMessagingServiceExtensionLocalFileNotCreated); delivered without an image")
                completion(nil)
                return
            }
            if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
                Self.note("firebase.helper-download", "the helper does not check the HTTP status: the \(http.statusCode) response's body (\(http.mimeType ?? "no MIME type")) was saved as '\(local.lastPathComponent)' and is handed to UNNotificationAttachment as the image", severity: .warning)
            }
            do {
                completion(try UNNotificationAttachment(identifier: "", url: local, options: nil))
            } catch {
                Self.log(20003, "UNNotificationAttachment refused the file '\(local.lastPathComponent)' (kFIRMessagingServiceExtensionImageNotAttached); delivered without an image")
                completion(nil)
            }
        }
        task.resume()
    }

    /// `fileExtensionForResponse:` (H:147-163): `.` and the suggested file name's extension; else, for a
    /// MIME type containing `image/`, the MIME type with `image/` replaced by `.`, unless that holds a
    /// `/`; else no extension.
    static func fileExtension(for response: URLResponse?) -> String {
        let suggested = (suggestedFilename(of: response) as NSString).pathExtension
        if !suggested.isEmpty { return "." + suggested }
        if let mime = response?.mimeType, mime.contains("image/") {
            let replaced = mime.replacingOccurrences(of: "image/", with: ".")
            if !replaced.contains("/") { return replaced }
        }
        return ""
    }

    /// `URLResponse.suggestedFilename` as Apple documents it: the Content-Disposition header's file
    /// name, else the URL's last path component, else its host, else "unknown"; then, when that name
    /// has no extension, the MIME type's usual one (Apple: "in most cases"; keeping an extension the
    /// name already has, even one that disagrees with the MIME type, is a modelling choice, rule
    /// `firebase.helper-file-extension`). swift-corelibs-foundation answers "Unknown" instead, so the
    /// model does not ask it.
    static func suggestedFilename(of response: URLResponse?) -> String {
        guard let response else { return "unknown" }
        var name = ""
        if let http = response as? HTTPURLResponse, let disposition = http.value(forHTTPHeaderField: "Content-Disposition"),
           let range = disposition.range(of: "filename=") {
            name = String(disposition[range.upperBound...].prefix { $0 != ";" }).trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
            name = (name as NSString).lastPathComponent
        }
        if name.isEmpty, let url = response.url {
            let last = url.lastPathComponent
            name = last == "/" || last.isEmpty ? (url.host ?? "") : last
        }
        if name.isEmpty { name = "unknown" }
        if (name as NSString).pathExtension.isEmpty, let mime = response.mimeType?.lowercased(), let usual = usualExtensions[mime] {
            name += "." + usual
        }
        return name
    }

    /// The preferred file extension of common MIME types (Apple's UTType preferred extensions;
    /// `application/octet-stream` has none).
    static let usualExtensions: [String: String] = [
        "image/jpeg": "jpeg", "image/png": "png", "image/gif": "gif", "image/webp": "webp", "image/heic": "heic",
        "image/bmp": "bmp", "image/tiff": "tiff", "image/svg+xml": "svg", "text/html": "html", "text/plain": "txt",
        "application/json": "json", "application/xml": "xml", "text/xml": "xml",
    ]

    /// The temporary file's name in the model (URLSession's is random).
    static let temporaryName = "CFNetworkDownload_fcm.tmp"

    private static func describe(_ error: Error) -> String {
        if let url = error as? URLError { return "URLError \(url.code.rawValue)" }
        return "\(error)"
    }

    /// One of the helper's console errors, as a note of the record (rule `firebase.helper-logged-error`).
    private static func log(_ code: Int, _ message: String) {
        note("firebase.helper-logged-error", "FIRMessagingExtensionHelper logged error \(code): \(message)")
    }

    private static func note(_ rule: String, _ message: String, severity: Severity? = nil) {
        SimulationContext.current?.recordExtensionDiagnostic(FirebaseHelperBehaviours.diagnostic(rule, message, severity: severity))
    }
}
