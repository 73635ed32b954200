// Apple: https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/requestauthorization(options:completionhandler:)
// The async form Swift generates from the completion handler.
import UserNotifications

enum V14 {
    static func ask() async -> Bool {
        do {
            return try await UNUserNotificationCenter.current().requestAuthorization(options: [.alert, .sound, .provisional])
        } catch {
            return false
        }
    }
}
