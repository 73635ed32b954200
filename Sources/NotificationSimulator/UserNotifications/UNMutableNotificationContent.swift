import Foundation

/// Notification content an extension or an app can change (Apple's `UNMutableNotificationContent`).
///
/// `badge` and `sound` are copied when set, as Apple's `@NSCopying` properties are.
@available(iOS 10.0, *)
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
    /// The argument inserted into the category's summary format (ignored since iOS 15).
    @available(iOS, introduced: 12.0, deprecated: 15.0, message: "summaryArgument is ignored")
    open override var summaryArgument: String { get { super.summaryArgument } set { super.summaryArgument = newValue } }
    /// The number of items the notification adds to the summary (ignored since iOS 15).
    @available(iOS, introduced: 12.0, deprecated: 15.0, message: "summaryArgumentCount is ignored")
    open override var summaryArgumentCount: Int { get { super.summaryArgumentCount } set { super.summaryArgumentCount = newValue } }
    /// The scene brought forward.
    @available(iOS 13.0, *)
    open override var targetContentIdentifier: String? { get { super.targetContentIdentifier } set { super.targetContentIdentifier = newValue } }
    /// How the notification interrupts.
    @available(iOS 15.0, *)
    open override var interruptionLevel: UNNotificationInterruptionLevel { get { super.interruptionLevel } set { super.interruptionLevel = newValue } }
    /// The relevance score, expected between 0 and 1.
    @available(iOS 15.0, *)
    open override var relevanceScore: Double { get { super.relevanceScore } set { super.relevanceScore = newValue } }
    /// The Focus filter criteria.
    @available(iOS 16.0, *)
    open override var filterCriteria: String? { get { super.filterCriteria } set { super.filterCriteria = newValue } }

    /// Creates empty content.
    public override init() { super.init() }
}
