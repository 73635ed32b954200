// Apple: https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/getpendingnotificationrequests(completionhandler:)
import UserNotifications

enum V18 {
    static func count(_ done: @escaping (Int) -> Void) {
        UNUserNotificationCenter.current().getPendingNotificationRequests { requests in
            done(requests.count)
        }
    }
}
