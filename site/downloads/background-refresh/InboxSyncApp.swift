import Foundation
import UserNotifications

/// Keeps the inbox fresh without showing anything: a background push tells the app that new mail
/// is waiting, and the app fetches it so that it is there when the user opens the app.
final class InboxSyncApp: NSObject, UNUserNotificationCenterDelegate {
    /// The server's change feed, read from the last position the app has.
    static let changes = URL(string: "https://mail.example.com/api/changes")!

    /// As in `application(_:didFinishLaunchingWithOptions:)`.
    func didFinishLaunching(center: UNUserNotificationCenter) {
        center.delegate = self
    }

    /// As in `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`: `completion`
    /// calls that method's handler, with `.newData` or `.failed`.
    func didReceiveRemoteNotification(_ userInfo: [AnyHashable: Any], center: UNUserNotificationCenter,
                                      completion: @escaping () -> Void) {
        guard let cursor = userInfo["since"] as? String,
              var components = URLComponents(url: Self.changes, resolvingAgainstBaseURL: false) else {
            completion()
            return
        }
        components.queryItems = [URLQueryItem(name: "since", value: cursor)]
        guard let url = components.url else {
            completion()
            return
        }
        var request = URLRequest(url: url)
        // Well inside the 30 seconds iOS gives the app: a slow server must not use them all.
        request.timeoutInterval = 20
        URLSession.shared.dataTask(with: request) { data, _, _ in
            // Store `data` for the inbox here; then tell iOS the work is done.
            completion()
        }.resume()
    }
}
