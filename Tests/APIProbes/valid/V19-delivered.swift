// Apple: https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/getdeliverednotifications(completionhandler:)
import UserNotifications

enum V19 {
    static func clear(thread: String) async {
        let center = UNUserNotificationCenter.current()
        let delivered = await center.deliveredNotifications()
        let ids = delivered.filter { $0.request.content.threadIdentifier == thread }.map { $0.request.identifier }
        center.removeDeliveredNotifications(withIdentifiers: ids)
        if ids.isEmpty { center.removeAllDeliveredNotifications() }
        center.removeAllPendingNotificationRequests()
    }
}
