import Foundation
import NotificationSimulator // iOS: UserNotifications
// snippet.hide
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
// snippet.show

// snippet.route
/// A screen of the app a push can open, read from the `link` in its data
/// (`harbour://orders/A-1042`, `harbour://chats/ROOM`).
enum Route: Equatable {
    case order(String)
    case chat(String)
    case home

    init(link: String?) {
        guard let link, let url = URL(string: link), url.scheme == "harbour", let kind = url.host else {
            self = .home
            return
        }
        let id = url.pathComponents.dropFirst().first ?? ""
        switch (kind, id.isEmpty) {
        case ("orders", false): self = .order(id)
        case ("chats", false): self = .chat(id)
        default: self = .home
        }
    }
}
// snippet.end

// snippet.app
/// Opens the screen a notification points to when the user taps it, whether iOS brought the app
/// from the background or launched it for the tap.
final class DeepLinkApp: NSObject, UNUserNotificationCenterDelegate {
    /// The screen on display.
    private(set) var route: Route = .home

    /// As in `application(_:didFinishLaunchingWithOptions:)`. When the app was not running, iOS
    /// launches it and then calls the delegate: it must be set here, before launching ends.
    func didFinishLaunching(center: UNUserNotificationCenter) {
        center.delegate = self
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
                                withCompletionHandler completionHandler: @escaping () -> Void) {
        guard response.actionIdentifier == UNNotificationDefaultActionIdentifier else {
            completionHandler()
            return
        }
        let route = Route(link: response.notification.request.content.userInfo["link"] as? String)
        show(route, then: completionHandler)
    }

    /// Shows `route`: its screen loads what it displays from the server.
    private func show(_ route: Route, then done: @escaping () -> Void) {
        self.route = route
        let path: String
        switch route {
        case .order(let id): path = "orders/\(id)"
        case .chat(let id): path = "chats/\(id)/messages?limit=30"
        case .home: path = "home"
        }
        guard let url = URL(string: "https://api.example.com/" + path) else {
            done()
            return
        }
        URLSession.shared.dataTask(with: url) { _, _, _ in done() }.resume()
    }
}
// snippet.end
// snippet.hide

extension DeepLinkApp {
    /// The simulator's entry point: one app instance, which the center holds weakly as its delegate.
    static let entryPoint: RecipeEntryPoint = {
        let app = DeepLinkApp()
        return .app(launch: { center in app.didFinishLaunching(center: center) })
    }()
}
// snippet.show
