import Foundation
import Testing
@testable import NotificationSimulator

@Suite("Local notifications and triggers", .serialized)
struct LocalNotificationTests {
    @Test("a request added with a 5-second trigger is delivered in virtual time")
    func timeIntervalTriggerFires() throws {
        let record = NotificationDevice().runLocal { center in
            let content = UNMutableNotificationContent()
            content.title = "Reminder"
            content.body = "Stand up"
            center.add(UNNotificationRequest(identifier: "r1", content: content, trigger: UNTimeIntervalNotificationTrigger(timeInterval: 5, repeats: false)))
        }
        #expect(record.inputKind == .local)
        #expect(record.delivered?.title == "Reminder")
    }

    @Test("adding a request with an existing identifier replaces the pending one")
    func sameIdentifierReplaces() {
        let center = UNUserNotificationCenter()
        for body in ["one", "two"] {
            let content = UNMutableNotificationContent()
            content.body = body
            center.add(UNNotificationRequest(identifier: "same", content: content, trigger: UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: false)))
        }
        #expect(center.pendingRequests.count == 1)
        #expect(center.pendingRequests.first?.content.body == "two")
    }

    @Test("at most 64 requests stay pending: the soonest-firing ones")
    func pendingLimit() {
        let center = UNUserNotificationCenter()
        for index in 0..<70 {
            center.add(UNNotificationRequest(identifier: "r\(index)", content: UNMutableNotificationContent(),
                                             trigger: UNTimeIntervalNotificationTrigger(timeInterval: Double(100 - index), repeats: false)))
        }
        #expect(center.pendingRequests.count == 64)
        #expect(!center.pendingRequests.contains { $0.identifier == "r0" })
    }

    @Test("trigger validation gives iOS's reasons")
    func triggerValidation() {
        #expect(UNTimeIntervalNotificationTrigger.validationFailure(timeInterval: 30, repeats: true) == "time interval must be at least 60 if repeating")
        #expect(UNTimeIntervalNotificationTrigger.validationFailure(timeInterval: 0, repeats: false) == "time interval must be greater than 0")
        #expect(UNTimeIntervalNotificationTrigger.validationFailure(timeInterval: .nan, repeats: false) == "time interval must be greater than 0")
        #expect(UNTimeIntervalNotificationTrigger.validationFailure(timeInterval: 60, repeats: true) == nil)
    }
}
