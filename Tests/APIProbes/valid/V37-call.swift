// Apple: https://developer.apple.com/documentation/intents/instartcallintent
import UserNotifications
import Intents

@available(iOS 15.0, *)
enum V37 {
    static func missedCall(_ content: UNNotificationContent, caller: INPerson) throws -> UNNotificationContent {
        let intent = INStartCallIntent(callRecordFilter: nil, callRecordToCallBack: nil, audioRoute: .unknown,
                                       destinationType: .normal, contacts: [caller], callCapability: .audioCall)
        let interaction = INInteraction(intent: intent, response: nil)
        interaction.direction = .incoming
        interaction.donate(completion: nil)
        return try content.updating(from: intent)
    }
}
