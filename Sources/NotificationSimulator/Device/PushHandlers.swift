import Foundation
import Payloads

/// The code that runs for a push: a Notification Service Extension, an app in the foreground that
/// sets up the center's delegate and may handle the message itself, or an app in the background whose
/// launch code registers its categories and delegate (`DeviceEntry.push`).
public struct PushHandlers: @unchecked Sendable {
    /// Makes a fresh extension for the push; nil when none runs.
    public var makeExtension: (() -> UNNotificationServiceExtension)?
    /// The foreground app's set-up (it sets the center's delegate); nil for an extension.
    public var appSetUp: ((UNUserNotificationCenter) -> Void)?
    /// The foreground app's handler of the message (as `firebase_messaging`'s `onMessage`), if any.
    public var onMessage: (([AnyHashable: Any], UNUserNotificationCenter) -> Void)?
    /// The launch code of an app that is not in the foreground, or nil.
    public var appLaunch: ((UNUserNotificationCenter) -> Void)?
    /// What the app does with a background push (its `didReceiveRemoteNotification`), or nil.
    public var backgroundPush: (([AnyHashable: Any], UNUserNotificationCenter, @escaping () -> Void) -> Void)?

    /// Creates the handlers.
    public init(makeExtension: (() -> UNNotificationServiceExtension)? = nil,
                appSetUp: ((UNUserNotificationCenter) -> Void)? = nil,
                onMessage: (([AnyHashable: Any], UNUserNotificationCenter) -> Void)? = nil,
                appLaunch: ((UNUserNotificationCenter) -> Void)? = nil,
                backgroundPush: (([AnyHashable: Any], UNUserNotificationCenter, @escaping () -> Void) -> Void)? = nil) {
        self.makeExtension = makeExtension
        self.appSetUp = appSetUp
        self.onMessage = onMessage
        self.appLaunch = appLaunch
        self.backgroundPush = backgroundPush
    }

    /// A stock extension, for a push without a recipe.
    public static func stock(_ stock: StockExtension) -> PushHandlers { PushHandlers(makeExtension: { stock.make() }) }

    /// True when the code is a foreground app's: it runs with the app in the foreground.
    public var runsInForeground: Bool { appSetUp != nil }

    /// Delivers `input` to `device` with this code; with `session`, as the next push of a sequence.
    public func simulate(_ input: LintResult, on device: NotificationDevice, session: DeviceSession? = nil) -> DeviceRun {
        device.simulate(input, makeExtension: makeExtension, appSetUp: appSetUp ?? appLaunch, onMessage: onMessage,
                        backgroundPush: backgroundPush, session: session)
    }

    /// The user answers what `session`'s last push showed, with the app in `appState`.
    public func respond(_ answer: UserAnswer, on device: NotificationDevice, appState: AppState,
                        session: DeviceSession) -> Result<(part: DeliveryRecord.ResponsePart, diagnostics: [Diagnostic]), NotificationDevice.AnswerRefusal> {
        device.respond(answer, appState: appState, launch: appSetUp ?? appLaunch, session: session)
    }
}
