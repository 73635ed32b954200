import Foundation
import NotificationSimulator // iOS: UserNotifications
// snippet.hide
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
// snippet.show

// snippet.app
/// A chat app's notification code: it registers a "Reply" text field and a "Mark as read" button
/// for its message pushes (`aps.category` "MESSAGE"), and sends what the user chose to its server.
final class ChatActionsApp: NSObject, UNUserNotificationCenterDelegate {
    /// The category the server puts in `aps.category` of every chat message.
    static let messageCategory = "MESSAGE"
    /// The chat server's API.
    static let api = URL(string: "https://chat.example.com/api/")!

    /// As in `application(_:didFinishLaunchingWithOptions:)`: before it returns, so that iOS finds
    /// the delegate when it launches the app to hand it the user's answer.
    func didFinishLaunching(center: UNUserNotificationCenter) {
        let reply = UNTextInputNotificationAction(identifier: "REPLY", title: "Reply", options: [],
                                                  icon: UNNotificationActionIcon(systemImageName: "arrowshape.turn.up.left"),
                                                  textInputButtonTitle: "Send", textInputPlaceholder: "Message")
        let markRead = UNNotificationAction(identifier: "MARK_READ", title: "Mark as read", options: [],
                                            icon: UNNotificationActionIcon(systemImageName: "checkmark"))
        let message = UNNotificationCategory(identifier: Self.messageCategory, actions: [reply, markRead],
                                             intentIdentifiers: [], options: [])
        center.setNotificationCategories([message])
        center.delegate = self
    }

    /// The user tapped the notification, a button, or sent a reply. iOS keeps the app running in the
    /// background until `completionHandler` is called, so it is called after the request ends.
    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
                                withCompletionHandler completionHandler: @escaping () -> Void) {
        let userInfo = response.notification.request.content.userInfo
        guard let room = userInfo["room"] as? String, let messageID = userInfo["messageId"] as? String else {
            completionHandler()
            return
        }
        switch response.actionIdentifier {
        case "REPLY":
            guard let reply = response as? UNTextInputNotificationResponse, !reply.userText.isEmpty else {
                completionHandler()
                return
            }
            post(["text": reply.userText, "inReplyTo": messageID], to: "rooms/\(room)/messages", then: completionHandler)
        case "MARK_READ":
            post(["upTo": messageID], to: "rooms/\(room)/read", then: completionHandler)
        default:
            // A tap (UNNotificationDefaultActionIdentifier) opens the app: it shows the room.
            completionHandler()
        }
    }

    /// Posts `body` as JSON to the chat server, then calls `done` whatever the outcome.
    private func post(_ body: [String: String], to path: String, then done: @escaping () -> Void) {
        var request = URLRequest(url: Self.api.appendingPathComponent(path))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
        URLSession.shared.dataTask(with: request) { _, _, _ in done() }.resume()
    }
}
// snippet.end
// snippet.hide

extension ChatActionsApp {
    /// The simulator's entry point: one app instance, which the center holds weakly as its delegate.
    static let entryPoint: RecipeEntryPoint = {
        let app = ChatActionsApp()
        return .app(launch: { center in app.didFinishLaunching(center: center) }, serviceExtension: nil)
    }()
}
// snippet.show
