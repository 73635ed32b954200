import Foundation

/// What makes a notification fire (Apple's abstract `UNNotificationTrigger`).
open class UNNotificationTrigger: NSObject, @unchecked Sendable {
    /// True when the trigger fires again after firing.
    public let repeats: Bool

    init(repeats: Bool) {
        self.repeats = repeats
        super.init()
    }
}

/// The trigger of a remote push.
open class UNPushNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
    init() { super.init(repeats: false) }
}

/// Fires after a time interval (Apple's `UNTimeIntervalNotificationTrigger`).
open class UNTimeIntervalNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
    /// The interval in seconds.
    public let timeInterval: TimeInterval

    /// Creates the trigger. As on iOS, the interval must be greater than zero, and at least 60 seconds
    /// when it repeats; iOS raises `NSInternalInconsistencyException` otherwise (domain-rules §7.4–7.5),
    /// which here is a precondition failure with the same reason.
    public init(timeInterval: TimeInterval, repeats: Bool) {
        precondition(!(repeats && timeInterval < 60), "time interval must be at least 60 if repeating")
        precondition(timeInterval > 0, "time interval must be greater than 0")
        self.timeInterval = timeInterval
        super.init(repeats: repeats)
    }

    /// The reason iOS would raise for these arguments, or nil when they are valid.
    public static func validationFailure(timeInterval: TimeInterval, repeats: Bool) -> String? {
        if repeats && timeInterval < 60 { return "time interval must be at least 60 if repeating" }
        if !(timeInterval > 0) { return "time interval must be greater than 0" }
        return nil
    }
}

/// Fires when the date matches the given components (Apple's `UNCalendarNotificationTrigger`).
///
/// The simulated device's clock starts at 2026-01-01T00:00:00Z (virtual, fixed for determinism).
open class UNCalendarNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
    /// The components to match.
    public let dateComponents: DateComponents

    /// Creates the trigger.
    public init(dateMatching dateComponents: DateComponents, repeats: Bool) {
        self.dateComponents = dateComponents
        super.init(repeats: repeats)
    }

    /// The next date, after `date`, that matches the components, in UTC; nil when none does.
    open func nextTriggerDate(after date: Date) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar.nextDate(after: date, matching: dateComponents, matchingPolicy: .nextTime)
    }
}
