// Apple: https://developer.apple.com/documentation/intents/insendmessageintent/init(recipients:content:speakablegroupname:conversationidentifier:servicename:sender:)
// The iOS 11 initializer, still in older communication-notification code (deprecated in iOS 14).
import Intents

func olderIntent(sender: INPerson) -> INSendMessageIntent {
    INSendMessageIntent(recipients: nil, content: "On my way", speakableGroupName: nil,
                        conversationIdentifier: "room-1", serviceName: nil, sender: sender)
}
