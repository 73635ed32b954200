import Foundation

/// Notification content an extension or an app can change (Apple's `UNMutableNotificationContent`).
open class UNMutableNotificationContent: UNNotificationContent, @unchecked Sendable {
    /// The title.
    open override var title: String { get { super.title } set { super.title = newValue } }
    /// The subtitle.
    open override var subtitle: String { get { super.subtitle } set { super.subtitle = newValue } }
    /// The body text.
    open override var body: String { get { super.body } set { super.body = newValue } }
    /// The badge; nil leaves it unchanged, 0 removes it.
    open override var badge: NSNumber? { get { super.badge } set { super.badge = newValue } }
    /// The sound.
    open override var sound: UNNotificationSound? { get { super.sound } set { super.sound = newValue } }
    /// The launch image name.
    open override var launchImageName: String { get { super.launchImageName } set { super.launchImageName = newValue } }
    /// The category.
    open override var categoryIdentifier: String { get { super.categoryIdentifier } set { super.categoryIdentifier = newValue } }
    /// The thread used for grouping.
    open override var threadIdentifier: String { get { super.threadIdentifier } set { super.threadIdentifier = newValue } }
    /// The payload dictionary.
    open override var userInfo: [AnyHashable: Any] { get { super.userInfo } set { super.userInfo = newValue } }
    /// The attachments; files must be local and valid.
    open override var attachments: [UNNotificationAttachment] { get { super.attachments } set { super.attachments = newValue } }
    /// The scene brought forward.
    open override var targetContentIdentifier: String? { get { super.targetContentIdentifier } set { super.targetContentIdentifier = newValue } }
    /// How the notification interrupts.
    open override var interruptionLevel: UNNotificationInterruptionLevel { get { super.interruptionLevel } set { super.interruptionLevel = newValue } }
    /// The relevance score, expected between 0 and 1.
    open override var relevanceScore: Double { get { super.relevanceScore } set { super.relevanceScore = newValue } }
    /// The Focus filter criteria.
    open override var filterCriteria: String? { get { super.filterCriteria } set { super.filterCriteria = newValue } }

    /// Creates empty content.
    public override init() { super.init() }

    /// A read-only copy with the same values.
    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = UNNotificationContent()
        copy.assign(from: self)
        return copy
    }
}
