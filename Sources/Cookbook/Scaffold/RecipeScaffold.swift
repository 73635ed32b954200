import Foundation

/// The files of a new recipe (`pushbook new ID`): front matter and a prose skeleton, the extension's
/// Swift file (a starting class, or the user's own file made into a recipe's), one example (an FCM
/// message with an image), a fixture manifest serving that image, and the app's configuration.
/// Only values: `NewCommand` checks that nothing clashes and writes them.
public struct RecipeScaffold: Sendable {
    /// The recipe's id (its folder's name).
    public var id: String
    /// The principal class, also the service's name in the registry.
    public var service: String
    /// Every file, by path relative to the recipe's folder, in the order written.
    public var files: [(path: String, bytes: [UInt8])]

    /// The example's name.
    public static let example = "image"
    /// The URL the example's image is served from (by the fixtures).
    public static let imageURL = "https://images.example.com/sample.png"

    /// The most an id may hold: a file name, URL segment and shell word as it is.
    public static let maximumIDLength = 64

    /// Why `id` cannot be a new recipe's id, or nil when it can.
    public static func problem(id: String) -> String? {
        if id.isEmpty || id.count > maximumIDLength { return "a recipe id is 1 to \(maximumIDLength) characters" }
        if !id.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }) {
            return "a recipe id (its folder's name) holds only ASCII letters, digits, '-' and '_'"
        }
        if id.hasPrefix("-") || id.hasPrefix("_") { return "a recipe id starts with a letter or a digit (folders starting with '_' are not recipes)" }
        return nil
    }

    /// The class name a recipe without `--from` gets: the id in UpperCamelCase, then `Service`
    /// (`my-app` → `MyAppService`; an id starting with a digit gets `Recipe` in front).
    public static func serviceName(for id: String) -> String {
        let words = id.split(whereSeparator: { $0 == "-" || $0 == "_" })
        let camel = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return (camel.first?.isNumber == true ? "Recipe" : "") + camel + "Service"
    }

    /// The scaffold of recipe `id`, around `source` (the user's extension) or a starting class.
    public init(id: String, source: ExtensionSource?) {
        self.id = id
        service = source?.className ?? Self.serviceName(for: id)
        let swift = source?.text ?? Self.startingClass(service)
        let title = Self.title(for: id)
        files = [
            ("recipe.md", Array(Self.markdown(title: title, service: service).utf8)),
            ("\(service).swift", Array((swift.hasSuffix("\n") ? swift : swift + "\n").utf8)),
            ("examples/\(Self.example).json", Array(Self.examplePayload(title: title).utf8)),
            ("fixtures/manifest.json", Array(Self.manifest.utf8)),
            ("fixtures/sample.png", Self.samplePNG),
            ("app/App.entitlements", Array(Self.entitlements.utf8)),
            ("app/Info.plist", Array(Self.infoPlist.utf8)),
        ]
    }

    /// What to run next, from the package's folder: build the tool with the new code, record what the
    /// device does with the example, build the site. `recipes` is the recipes folder when it is not
    /// `Recipes`; every word is shell-quoted.
    public func nextCommands(recipes: String?) -> [String] {
        let folder: [ShellCommand.Word] = recipes.map { [.literal("--recipes"), .literal($0)] } ?? []
        let pushbook: [ShellCommand.Word] = [.literal("swift"), .literal("run"), .literal("pushbook")]
        return [ShellCommand(words: [.literal("swift"), .literal("build")]),
                ShellCommand(words: pushbook + [.literal("check")] + folder + [.literal("--update"), .literal(id)]),
                ShellCommand(words: pushbook + [.literal("build")] + folder)].map(\.text)
    }

    /// A title from the id: `my-app` → `My app`.
    static func title(for id: String) -> String {
        let words = id.split(whereSeparator: { $0 == "-" || $0 == "_" }).joined(separator: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    /// `recipe.md`: front matter and a prose skeleton that shows the code and the example.
    static func markdown(title: String, service: String) -> String {
        """
        ---
        title: \(title)
        summary: What this Notification Service Extension does to a push, in a sentence or two (edit recipe.md).
        topic: Your extensions
        order: 100
        tags:
          - service-extension
        service: \(service)
        deploymentTarget: 15.0
        app: app
        needs:
          - A Notification Service Extension target in the app (File › New › Target › Notification Service Extension).
          - `"mutable-content": 1` in the push, so that iOS runs the extension.
        examples:
          - \(example) caption=An FCM message with an image in apns.fcm_options.image (served by fixtures/manifest.json).
        ---

        Say what the extension does and why: what the push carries, what the user sees.

        ## The extension

        ```include \(service).swift
        ```

        ## What the device does with a push

        Each example in `examples/` runs through the simulated device; `pushbook check --update` records
        what happened in `expected/`, and this page shows it.

        ```example \(example)
        ```

        """
    }

    /// A starting class: it hands the content back once, before the deadline.
    static func startingClass(_ name: String) -> String {
        """
        import Foundation
        import NotificationSimulator // iOS: UserNotifications
        // snippet.hide
        #if canImport(FoundationNetworking)
        import FoundationNetworking
        #endif
        // snippet.show

        /// Receives every push whose aps has "mutable-content": 1, and hands the content back once.
        final class \(name): UNNotificationServiceExtension {
            private var contentHandler: ((UNNotificationContent) -> Void)?
            private var bestAttemptContent: UNMutableNotificationContent?

            override func didReceive(_ request: UNNotificationRequest,
                                     withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
                guard let content = request.content.mutableCopy() as? UNMutableNotificationContent else {
                    contentHandler(request.content)
                    return
                }
                self.contentHandler = contentHandler
                bestAttemptContent = content
                // Change the content here (download the image of userInfo["fcm_options"]["image"] and
                // attach it, for example), then deliver it.
                deliver()
            }

            override func serviceExtensionTimeWillExpire() {
                // Out of time: show what there is.
                deliver()
            }

            /// Calls the content handler, the first time only.
            private func deliver() {
                guard let handler = contentHandler, let content = bestAttemptContent else { return }
                contentHandler = nil
                bestAttemptContent = nil
                handler(content)
            }
        }

        """
    }

    /// The example: an FCM v1 send body with an image, as Firebase documents it. (`title` comes from
    /// an id, so it holds nothing JSON would escape.)
    static func examplePayload(title: String) -> String {
        """
        {
          "message": {
            "token": "device-token-from-the-app",
            "notification": {
              "title": "\(title)",
              "body": "A push with an image, for the extension to download."
            },
            "apns": {
              "payload": {
                "aps": {
                  "mutable-content": 1
                }
              },
              "fcm_options": {
                "image": "\(imageURL)"
              }
            }
          }
        }

        """
    }

    /// The fixture manifest: the example's image, a PNG served in 300 ms.
    static let manifest = """
        {
          "\(imageURL)": {"file": "sample.png", "mimeType": "image/png", "latencyMilliseconds": 300}
        }

        """

    /// A 2 × 2 orange PNG.
    static let samplePNG: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x02,
        0x00, 0x00, 0x00, 0x02, 0x08, 0x02, 0x00, 0x00, 0x00, 0xFD, 0xD4, 0x9A, 0x73, 0x00, 0x00, 0x00, 0x10, 0x49, 0x44, 0x41,
        0x54, 0x78, 0xDA, 0x63, 0xF8, 0xDF, 0xC3, 0x00, 0x44, 0x0C, 0x10, 0x0A, 0x00, 0x2F, 0x3E, 0x06, 0x2D, 0x70, 0xA2, 0xDB,
        0xA6, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]

    /// The app's entitlements, as Xcode writes them once Push Notifications is on.
    static let entitlements = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>aps-environment</key>
        \t<string>development</string>
        </dict>
        </plist>

        """

    /// The app's Info.plist: the name the notification shows.
    static let infoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>CFBundleDisplayName</key>
        \t<string>My App</string>
        </dict>
        </plist>

        """
}
