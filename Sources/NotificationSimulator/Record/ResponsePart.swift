import Payloads

extension DeliveryRecord {
    /// How the user answered the notification shown last, and what the app did with the answer
    /// (`response` in the record; only when `simulate` was given `--tap`, `--action` or `--reply`).
    public struct ResponsePart: Sendable, Equatable {
        /// The request identifier of the notification answered.
        public var notification: String
        /// The action's identifier (`UNNotificationDefaultActionIdentifier` for a tap).
        public var actionIdentifier: String
        /// The button's title, or nil for a tap.
        public var actionTitle: String?
        /// The text typed into a text input action, or nil.
        public var userText: String?
        /// Where the app was when the user answered.
        public var appState: AppState
        /// What iOS did with the app to deliver the answer.
        public var app: AppOutcome
        /// The delegate method that received the answer, or nil when none did.
        public var delegateMethod: String?
        /// True when the delegate finished: called the completion handler, or returned from the async form.
        public var completed: Bool
        /// What the app fetched while it handled the answer.
        public var fetches: [FetchRecord]
        /// What Notification Center holds after the answer, and the badge.
        public var notificationCenter: NotificationCenterPart

        /// What iOS did with the app.
        public enum AppOutcome: String, Sendable {
            /// It was not running and is launched into the foreground.
            case launched
            /// It was in the background and is brought to the foreground.
            case broughtForward
            /// It was in the foreground and stays there.
            case stayedInForeground
            /// It was not running and is launched in the background, not shown.
            case launchedInBackground
            /// It was in the background and handles the answer there.
            case stayedInBackground
        }

        /// The part as JSON.
        var json: JSONValue {
            .object([
                ("notification", .string(notification)),
                ("actionIdentifier", .string(actionIdentifier)),
                ("actionTitle", actionTitle.map { .string($0) } ?? .null),
                ("userText", userText.map { .string($0) } ?? .null),
                ("appState", .string(appState.rawValue)),
                ("app", .string(app.rawValue)),
                ("delegateMethod", delegateMethod.map { .string($0) } ?? .null),
                ("completed", .bool(completed)),
                ("fetches", .array(fetches.map(\.json))),
                ("notificationCenter", notificationCenter.json),
            ])
        }
    }
}
