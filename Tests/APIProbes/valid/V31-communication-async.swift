// Apple: https://developer.apple.com/documentation/intents/ininteraction/donate(completion:)
// Apple's sample awaits the donation, then updates the content.
import UserNotifications
import Intents

@available(iOS 15.0, *)
enum V31 {
    static func update(_ content: UNNotificationContent, with intent: INSendMessageIntent) async -> UNNotificationContent {
        let interaction = INInteraction(intent: intent, response: nil)
        interaction.direction = .incoming
        do {
            try await interaction.donate()
            return try content.updating(from: intent)
        } catch {
            return content
        }
    }
}
