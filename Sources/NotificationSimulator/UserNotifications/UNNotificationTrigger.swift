import Foundation

/// What makes a notification fire (Apple's abstract `UNNotificationTrigger`).
@available(iOS 10.0, *)
open class UNNotificationTrigger: NSObject, NSCopying, @unchecked Sendable {
    /// True when the trigger fires again after firing.
    open private(set) var repeats: Bool

    init(repeats: Bool) {
        self.repeats = repeats
        super.init()
    }

    /// Triggers are immutable: a copy is the same object.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// The simulated device's current date (virtual), or the real date outside a simulation.
    static var now: Date {
        guard let context = SimulationContext.current else { return Date() }
        return SimulationContext.epoch.addingTimeInterval(Double(context.clock.now) / 1000)
    }
}

/// The trigger of a remote push.
@available(iOS 10.0, *)
open class UNPushNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
    init() { super.init(repeats: false) }
}

/// Fires when the device enters or leaves a region (Apple's `UNLocationNotificationTrigger`). Its
/// initializer and `region` take CoreLocation's `CLRegion`, which does not exist on Linux, so the model
/// has the class alone: code that asks whether a trigger is one compiles, and none is ever made here.
@available(iOS 10.0, *)
open class UNLocationNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
    init() { super.init(repeats: false) }
}

/// Fires after a time interval (Apple's `UNTimeIntervalNotificationTrigger`).
@available(iOS 10.0, *)
open class UNTimeIntervalNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
    /// The interval in seconds.
    open private(set) var timeInterval: TimeInterval

    init(checkedInterval: TimeInterval, repeats: Bool) {
        self.timeInterval = checkedInterval
        super.init(repeats: repeats)
    }

    /// Creates the trigger. As on iOS, the interval must be greater than zero, and at least 60 seconds
    /// when it repeats; iOS raises `NSInternalInconsistencyException` otherwise (domain-rules §7.4–7.5),
    /// which here is a precondition failure with the same reason.
    public convenience init(timeInterval: TimeInterval, repeats: Bool) {
        if let reason = Self.validationFailure(timeInterval: timeInterval, repeats: repeats) { preconditionFailure(reason) }
        self.init(checkedInterval: timeInterval, repeats: repeats)
    }

    /// The reason iOS would raise for these arguments, or nil when they are valid.
    static func validationFailure(timeInterval: TimeInterval, repeats: Bool) -> String? {
        if repeats && timeInterval < 60 { return "time interval must be at least 60 if repeating" }
        if !(timeInterval > 0) { return "time interval must be greater than 0" }
        return nil
    }

    /// The date the trigger would fire if scheduled now (the simulated device's virtual clock).
    open func nextTriggerDate() -> Date? {
        Self.now.addingTimeInterval(timeInterval)
    }
}

/// Fires when the date matches the given components (Apple's `UNCalendarNotificationTrigger`).
///
/// The simulated device's clock starts at 2026-01-01T00:00:00Z and its time zone is UTC
/// (virtual and fixed, for determinism).
@available(iOS 10.0, *)
open class UNCalendarNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
    /// The components to match.
    open private(set) var dateComponents: DateComponents

    init(components: DateComponents, repeats: Bool) {
        self.dateComponents = components
        super.init(repeats: repeats)
    }

    /// Creates the trigger.
    public convenience init(dateMatching dateComponents: DateComponents, repeats: Bool) {
        self.init(components: dateComponents, repeats: repeats)
    }

    /// The next date after now (the simulated device's virtual clock) that matches the components, in UTC; nil when none does.
    open func nextTriggerDate() -> Date? {
        nextDate(after: Self.now)
    }

    /// The next date after `date` that matches the components, in UTC.
    func nextDate(after date: Date) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar.nextDate(after: date, matching: dateComponents, matchingPolicy: .nextTime)
    }
}
