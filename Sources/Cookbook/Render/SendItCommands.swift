/// The commands that send an example for real, each one separate so that copying one runs one:
/// the `.apns` file to Xcode's Simulator, the payload to APNs with token authentication, and (for an
/// FCM example) the request to FCM's HTTP v1 API. Every word goes through `ShellCommand.quote`.
struct SendItCommands {
    /// One command and what it does.
    struct Command {
        /// The block's caption.
        var title: String
        /// The command.
        var shell: ShellCommand
    }

    /// The example's view.
    var view: ExampleView
    /// The example's name (the downloads' base name).
    var name: String

    /// The commands, in the order a reader tries them.
    var all: [Command] {
        guard let apns = view.apns else { return [] }
        var list = [Command(title: "Xcode's Simulator: simctl push (Xcode 11.4 or later)", shell: simulator)]
        list.append(Command(title: "APNs with token authentication (development server)", shell: curlToAPNs(apns)))
        if view.inputKind == .fcmV1 { list.append(Command(title: "FCM HTTP v1 API", shell: curlToFCM)) }
        return list
    }

    /// `xcrun simctl push booted BUNDLE NAME.apns`.
    var simulator: ShellCommand {
        ShellCommand(words: ["xcrun", "simctl", "push", "booted", ExampleView.bundleIdentifier, name + ".apns"].map(ShellCommand.Word.literal))
    }

    /// `curl` to APNs' development server with a JWT, the payload file and Apple's headers.
    func curlToAPNs(_ apns: ExampleView.APNs) -> ShellCommand {
        var words: [ShellCommand.Word] = [.literal("curl"), .literal("--http2"), .literal("--header"), .withVariables("authorization: bearer ${APNS_JWT}")]
        for header in apns.sendHeaders { words += [.literal("--header"), .literal("\(header.name): \(header.value)")] }
        words += [.literal("--data-binary"), .literal("@" + name + ".json"), .withVariables("https://api.sandbox.push.apple.com/3/device/${DEVICE_TOKEN}")]
        return ShellCommand(words: words, breaks: Self.breaks(words))
    }

    /// `curl` to FCM's `messages:send` with an OAuth 2 access token and the request body file.
    var curlToFCM: ShellCommand {
        let words: [ShellCommand.Word] = [
            .literal("curl"), .literal("-X"), .literal("POST"),
            .literal("--header"), .withVariables("Authorization: Bearer ${ACCESS_TOKEN}"),
            .literal("--header"), .literal("Content-Type: application/json"),
            .literal("--data-binary"), .literal("@" + name + ".fcm.json"),
            .withVariables("https://fcm.googleapis.com/v1/projects/${PROJECT_ID}/messages:send"),
        ]
        return ShellCommand(words: words, breaks: Self.breaks(words))
    }

    /// A line break before each option (a word starting with `-` after the first two) and before the URL.
    private static func breaks(_ words: [ShellCommand.Word]) -> Set<Int> {
        var set: Set<Int> = []
        for (index, word) in words.enumerated() where index > 1 {
            if case .literal(let text) = word, text.hasPrefix("-") { set.insert(index) }
            if index == words.count - 1 { set.insert(index) }
        }
        return set
    }
}
