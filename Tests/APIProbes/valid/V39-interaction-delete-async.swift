// Apple: https://developer.apple.com/documentation/intents/ininteraction/delete(with:completion:)-2d1gs
import Intents

enum V39 {
    static func forget(conversation: String) async {
        try? await INInteraction.delete(with: conversation)
        try? await INInteraction.delete(with: ["message-7"])
        try? await INInteraction.deleteAll()
    }
}
