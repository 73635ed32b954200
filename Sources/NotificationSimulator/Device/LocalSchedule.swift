import Foundation

/// App code that adds local notifications, and the example's arguments it runs with (`DeviceEntry.local`).
public struct LocalSchedule: @unchecked Sendable {
    /// The recipe's code: builds requests from the arguments and adds them to the center.
    public var schedule: (_ arguments: [String: Any], _ center: UNUserNotificationCenter) -> Void
    /// The example's `local` object, as Foundation values.
    public var arguments: [String: Any]

    /// Creates a schedule.
    public init(schedule: @escaping (_ arguments: [String: Any], _ center: UNUserNotificationCenter) -> Void, arguments: [String: Any]) {
        self.schedule = schedule
        self.arguments = arguments
    }

    /// Runs the code on `device`.
    public func simulate(on device: NotificationDevice) -> DeviceRun {
        let box = UncheckedBox(self)
        return device.simulateLocal { center in box.value.schedule(box.value.arguments, center) }
    }
}
