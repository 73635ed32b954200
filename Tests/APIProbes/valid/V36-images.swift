// Apple: https://developer.apple.com/documentation/intents/inimage
import Intents

enum V36 {
    static func images(file: URL, data: Data) -> [INImage] {
        var images = [INImage(named: "avatar"), INImage(imageData: data)]
        if let local = INImage(url: file) { images.append(local) }
        if let sized = INImage(url: file, width: 40, height: 40) { images.append(sized) }
        if #available(iOS 14.0, *) { images.append(INImage.systemImageNamed("person.circle")) }
        return images
    }
}
