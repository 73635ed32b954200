// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationcategory/init(identifier:actions:intentidentifiers:hiddenpreviewsbodyplaceholder:categorysummaryformat:options:)
import UserNotifications

enum V22 {
    static let chat = UNNotificationCategory(identifier: "chat", actions: [], intentIdentifiers: ["INSendMessageIntent"],
                                             hiddenPreviewsBodyPlaceholder: "%u new messages", categorySummaryFormat: nil,
                                             options: [.hiddenPreviewsShowTitle])
    static let plain = UNNotificationCategory(identifier: "plain", actions: [], intentIdentifiers: [], hiddenPreviewsBodyPlaceholder: "New", options: [])
}
