// Apple: https://developer.apple.com/documentation/intents/insendmessageintent/init(recipients:outgoingmessagetype:content:speakablegroupname:conversationidentifier:servicename:sender:attachments:)
import Intents

enum V33 {
    static func groupIntent(sender: INPerson, others: [INPerson], picture: INImage) -> INSendMessageIntent {
        let name = INSpeakableString(spokenPhrase: "Hiking club")
        let intent = INSendMessageIntent(recipients: others, outgoingMessageType: .outgoingMessageText, content: "Trail at 7",
                                         speakableGroupName: name, conversationIdentifier: "hiking", serviceName: nil, sender: sender, attachments: nil)
        intent.setImage(picture, forParameterNamed: \.speakableGroupName)
        _ = intent.image(forParameterNamed: \.speakableGroupName)
        return intent
    }
}
