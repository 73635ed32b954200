// Apple: https://developer.apple.com/documentation/intents/ininteraction/delete(with:completion:)-tcq9
import Intents

enum V38 {
    static func forget(conversation: String, interaction: INInteraction) {
        interaction.groupIdentifier = conversation
        interaction.identifier = "message-7"
        INInteraction.delete(with: [interaction.identifier]) { error in
            print(String(describing: error))
        }
        INInteraction.delete(with: conversation)
        INInteraction.deleteAll()
    }
}
