import Foundation
import Payloads
import NotificationSimulator

/// The HTML of one example on a recipe page: the payload as sent and as it arrives, the verdict, the
/// linter's findings, what the user sees before and after the extension, downloads, and the record.
/// Everything it shows was decided in `ExampleView`; this type only formats.
struct ExamplePanel {
    /// The recipe.
    var recipe: Recipe
    /// The example's result.
    var result: ExampleResult
    /// The example's view, when it could run.
    var view: ExampleView?
    /// The recipe's working example (its name and view) that a failing one is compared with, if any.
    var working: (name: String, view: ExampleView)?
    /// The commands that send the example (captions and shell text), made once for the panel and its search entry.
    private var commands: [(title: String, text: String)] = []

    /// A panel for `result` of `recipe`; `working` is the recipe's working example of the same input kind.
    init(recipe: Recipe, result: ExampleResult, working: (name: String, view: ExampleView)? = nil) {
        self.init(recipe: recipe, result: result, view: result.outcome.map { ExampleView($0, verification: result.verification) }, working: working)
    }

    /// A panel for `result` of `recipe` whose view (`ExampleView` of its outcome, nil when it could
    /// not run) was made already.
    init(recipe: Recipe, result: ExampleResult, view: ExampleView?, working: (name: String, view: ExampleView)?) {
        self.recipe = recipe
        self.result = result
        self.view = view
        commands = view.map { SendItCommands(view: $0, name: result.example.id).all.map { ($0.title, $0.shell.text) } } ?? []
        if let view, let working, working.name != result.example.id, view.fallsShort(of: working.view) {
            self.working = working
        }
    }

    /// The anchor of the example's section.
    var anchor: String { "example-\(result.example.id)" }

    /// Files to write next to the page (path relative to the site root → bytes).
    var downloads: [String: String] {
        guard let view else { return [:] }
        let base = "downloads/\(recipe.id)/\(result.example.id)"
        return Dictionary(uniqueKeysWithValues: view.downloads.map { ("\(base)\($0.suffix)", $0.contents) })
    }

    /// The panel's HTML: the verdict, the payloads and what the user sees stay open; the headers, the
    /// commands, the downloads and the record fold away.
    func render() -> String {
        let example = result.example
        var html = "<section class=\"example\" id=\"\(HTML.escapeAttribute(anchor))\" aria-labelledby=\"\(HTML.escapeAttribute(anchor))-title\">\n"
        html += "<h3 id=\"\(HTML.escapeAttribute(anchor))-title\">Example: <code>\(HTML.escapeText(example.id))</code></h3>\n"
        if !example.caption.isEmpty { html += "<p class=\"example-caption\">\(HTML.escapeText(example.caption))</p>\n" }
        guard let view else {
            if case .failed(let diagnostic) = result.verification {
                html += "<p class=\"verdict verdict-error\">This example could not run: \(HTML.escapeText(diagnostic.message))</p>\n"
            }
            return html + "</section>\n"
        }
        let changed = working.map { view.differences(from: $0.view) } ?? []
        let sameKind = working?.view.inputKind == view.inputKind
        let inputChanged = sameKind ? working.map { view.inputDifferences(from: $0.view) } ?? [] : []
        html += verdict(view)
        html += diagnostics(view.diagnostics)
        if view.inputKind != .local {
            let link = PlaygroundPage.link(input: view.inputText, headers: example.headers, root: "../")
            html += "<p class=\"example-playground\"><a href=\"\(HTML.escapeAttribute(link))\">Open in the playground</a> to change this payload and check it again in your browser.</p>\n"
        }
        let listed = view.inputKind == .fcmV1 && sameKind ? inputChanged : changed
        let what = view.inputKind == .fcmV1 && sameKind ? "its request" : "what reaches the device"
        if let working, !listed.isEmpty {
            let list = listed.map { "<code>\(HTML.escapeText($0.joined(separator: ".")))</code>" }.joined(separator: ", ")
            html += "<p class=\"example-diff\">Compared with the working example <a href=\"#example-\(HTML.escapeAttribute(working.name))\"><code>\(HTML.escapeText(working.name))</code></a>, \(what) differs in \(list) (marked below).</p>\n"
        }
        html += "<div class=\"example-body\">\n"
        html += payloads(view, changed: changed, inputChanged: inputChanged)
        html += previews(view)
        html += "</div>\n"
        html += notificationCenter(view)
        html += answered(view)
        html += more(view)
        return html + "</section>\n"
    }

    /// The example's search entry: its name and caption, what happened, the findings and the commands.
    func searchEntry(page: String) -> SearchEntry {
        var lines = [ByteText.replacing("-", with: " ", in: result.example.id), result.example.caption]
        if let view {
            if let apns = view.apns { lines.append(apns.accepted ? "Accepted by APNs" : "Refused by APNs") }
            if let ext = view.serviceExtension { lines.append(ext.invoked ? "The extension ran" : "The extension did not run") }
            lines.append(view.pushAppears ? "Shown to the user" : "Nothing shown")
            for shown in [view.after].compactMap({ $0 }) + view.localNotifications {
                lines.append([shown.title, shown.subtitle, shown.body].filter { !$0.isEmpty }.joined(separator: ": "))
            }
            lines += view.diagnostics.map { "\($0.rule): \($0.message)" }
            lines += commands.map { ByteText.replacing(" \\\n  ", with: " ", in: $0.text) }
            lines += view.apns?.sendHeaders.map { "\($0.name): \($0.value)" } ?? []
        }
        return SearchEntry(url: page + "#" + anchor, title: recipe.title, section: "Example: " + result.example.id,
                                 text: lines.filter { !$0.isEmpty }.joined(separator: "\n"), kind: .example)
    }

    /// The folded part: request headers, the commands to send it, downloads and the verified record.
    private func more(_ view: ExampleView) -> String {
        let summary = view.apns == nil ? "Verified record" : "Send it yourself · headers · downloads · verified record"
        var html = "<details class=\"example-more\">\n<summary>\(summary)</summary>\n"
        html += sendIt(view)
        html += "<div class=\"record\">\n<h4>Verified delivery record <span class=\"record-status\">\(verificationLabel)</span></h4>\n"
        html += CodePanel.render(tokens: view.recordTokens, caption: "What the model recorded for this example (JSON)")
        html += "</div>\n</details>\n"
        return html
    }

    private var verificationLabel: String {
        switch result.verification {
        case .passed: "verified on this build"
        case .mismatch: "differs from the recorded outcome"
        case .missing: "not recorded yet"
        case .failed: "could not run"
        }
    }

    private func verdict(_ view: ExampleView) -> String {
        var items: [String] = []
        if let apns = view.apns {
            let state = apns.accepted ? "ok" : "error"
            items.append("<span class=\"badge badge-\(state)\">\(apns.accepted ? "Accepted" : "Refused") · \(apns.bytes) of \(apns.byteLimit) bytes</span>")
        } else {
            items.append("<span class=\"badge badge-ok\">Local notification</span>")
        }
        if let ext = view.serviceExtension {
            if ext.invoked {
                let calls = ext.handlerCalls == 1 ? "1 handler call" : "\(ext.handlerCalls) handler calls"
                let state = ext.isClean ? "ok" : "warning"
                items.append("<span class=\"badge badge-\(state)\">Extension ran · \(calls) · \(Self.duration(ext.elapsedMilliseconds))\(ext.expired ? " · time ran out" : "")</span>")
            } else {
                items.append("<span class=\"badge badge-warning\">Extension not run</span>")
            }
        }
        if view.appWoken { items.append("<span class=\"badge badge-note\">App woken in the background</span>") }
        if let shown = view.shown {
            let icon = shown.icon == .app ? "app icon" : ByteText.replacing("-", with: " ", in: shown.icon.rawValue)
            let attachments = shown.attachmentTypes.isEmpty ? "no attachment" : shown.attachmentTypes.joined(separator: ", ")
            // The user's settings may keep it out of the banner (alerts off, provisional): say where it appears.
            let places = shown.places.flatMap { $0.contains("banner") ? nil : " · " + ($0 == ["notificationCenter"] ? "in Notification Center only" : $0 == [DeviceSettings.summaryPlace] ? "held for the Scheduled Summary" : "in " + $0.joined(separator: ", ")) } ?? ""
            items.append("<span class=\"badge badge-note\">Shown · \(HTML.escapeText(icon)) · \(HTML.escapeText(attachments))\(HTML.escapeText(places))</span>")
        } else {
            items.append("<span class=\"badge badge-note\">Nothing shown</span>")
        }
        if let options = view.presentation {
            let shown = options.isEmpty ? "nothing" : options.joined(separator: ", ")
            items.append("<span class=\"badge badge-note\">In the foreground · presented: \(HTML.escapeText(shown))</span>")
        }
        if view.localCount > 0 {
            let total = view.totalNotifications
            let state = total > 1 ? "warning" : "ok"
            items.append("<span class=\"badge badge-\(state)\">The app added \(view.localCount) · \(total) notification\(total == 1 ? "" : "s") in all</span>")
        }
        return "<p class=\"verdict\">\(items.joined(separator: " "))</p>\n"
    }

    /// What Notification Center holds after the push of a sequence: one card per stack (its newest
    /// notification, and how many more are under it), newest stack first, what waits for the
    /// Scheduled Summary (the featured one first), and the badge.
    private func notificationCenter(_ view: ExampleView) -> String {
        guard let center = view.notificationCenter else { return "" }
        var html = "<div class=\"example-center\">\n<h4>Notification Center after this push</h4>\n"
        if center.notifications.isEmpty {
            html += "<p>Empty: nothing from the app is left in Notification Center.</p>\n"
        } else {
            html += "<ul class=\"center-stacks\">\n"
            for stack in center.stacks {
                guard let newest = center.notifications.first(where: { $0.threadIdentifier == stack.thread }) else { continue }
                let thread = stack.thread.isEmpty ? "the app's own stack" : "thread <code>\(HTML.escapeText(stack.thread))</code>"
                html += "<li class=\"center-stack\(stack.count > 1 ? " is-stacked" : "")\">"
                html += "<span class=\"notif-title\">\(HTML.escapeText(newest.title))</span> \(HTML.escapeText(newest.body)) "
                html += "<span class=\"center-stack-meta\">\(thread) · <code>\(HTML.escapeText(newest.identifier))</code>"
                if stack.count > 1 { html += " · \(stack.count - 1) more under it" }
                html += "</span></li>\n"
            }
            html += "</ul>\n"
        }
        if !center.summary.isEmpty {
            // Featured first: the highest relevanceScore.
            html += "<h4>Waiting for the Scheduled Summary</h4>\n<ol class=\"center-stacks\">\n"
            for (index, entry) in center.summary.enumerated() {
                html += "<li class=\"center-stack\"><span class=\"notif-title\">\(HTML.escapeText(entry.title))</span> \(HTML.escapeText(entry.body)) "
                html += "<span class=\"center-stack-meta\"><code>\(HTML.escapeText(entry.identifier))</code>\(index == 0 ? " · featured" : "")</span></li>\n"
            }
            html += "</ol>\n"
        }
        html += "<p class=\"center-badge\">Badge on the app icon: \(center.badge == 0 ? "none" : String(center.badge)).</p>\n"
        return html + "</div>\n"
    }

    /// What the user did with the notification and what the app then did, from the record's response part.
    private func answered(_ view: ExampleView) -> String {
        guard let response = view.response else { return "" }
        var did: String
        if let title = response.actionTitle {
            did = response.userText.map { "types “\(HTML.escapeText($0))” into <strong>\(HTML.escapeText(title))</strong> and sends it" }
                ?? "taps <strong>\(HTML.escapeText(title))</strong>"
        } else {
            did = "taps the notification"
        }
        let app: String = switch response.app {
        case .launched: "The app was not running: iOS launches it and brings it to the screen."
        case .broughtForward: "iOS brings the app from the background to the screen."
        case .stayedInForeground: "The app is already on the screen."
        case .launchedInBackground: "The app was not running: iOS launches it in the background, and the user stays where they were."
        case .stayedInBackground: "The app stays in the background, and the user stays where they were."
        }
        var html = "<div class=\"example-response\">\n<h4>The user answers</h4>\n"
        html += "<p>The user \(did). \(app) "
        if let method = response.delegateMethod {
            html += "The delegate's <code>\(HTML.escapeText(method))</code> runs"
            html += response.completed ? " and calls its completion handler." : ", but does not finish in time."
        } else {
            html += "No delegate method receives the answer."
        }
        html += "</p>\n"
        if !response.fetches.isEmpty {
            html += "<ul class=\"example-response-fetches\" aria-label=\"What the app sends\">\n"
            for fetch in response.fetches {
                let status = fetch.status.map { " → \($0)" } ?? " → no response"
                html += "<li><code>\(HTML.escapeText(fetch.method)) \(HTML.escapeText(fetch.url))\(status)</code>"
                if let body = fetch.sentBody { html += " <code class=\"sent-body\">\(HTML.escapeText(body))</code>" }
                html += "</li>\n"
            }
            html += "</ul>\n"
        }
        return html + "</div>\n"
    }

    /// A duration as a reader says it: `180 ms`, `2.5 s`, `30 s`.
    static func duration(_ milliseconds: Int) -> String {
        guard milliseconds >= 1000 else { return "\(milliseconds) ms" }
        let tenths = (milliseconds + 50) / 100
        return tenths % 10 == 0 ? "\(tenths / 10) s" : "\(tenths / 10).\(tenths % 10) s"
    }

    private func payloads(_ view: ExampleView, changed: [[String]], inputChanged: [[String]]) -> String {
        let sentCaption: String
        switch view.inputKind {
        case .fcmV1: sentCaption = "Sent to FCM (HTTP v1)"
        case .simulator: sentCaption = "Xcode Simulator .apns file"
        case .local: sentCaption = "What the app passes to its code (Pushbook's own input format for a local notification)"
        case .apns: sentCaption = "Sent to APNs"
        }
        let isChanged = { (token: JSONToken) in changed.contains { token.path.starts(with: $0) } }
        var html = "<div class=\"payload-panels\">\n"
        if view.inputKind == .apns, let apns = view.apns, view.inputText == apns.payloadTokens.map(\.text).joined() + "\n" {
            // The payload reaches the device as it was sent: one panel.
            html += "<div class=\"payload-panel\">" + CodePanel.render(tokens: apns.payloadTokens, caption: "Sent to APNs, and as it reaches the device", marked: isChanged) + "</div>\n"
            return html + "</div>\n"
        }
        if let tokens = view.inputTokens {
            let isInputChanged = { (token: JSONToken) in inputChanged.contains { token.path.starts(with: $0) } }
            html += "<div class=\"payload-panel\">" + CodePanel.render(tokens: tokens, caption: sentCaption, marked: isInputChanged) + "</div>\n"
        } else {
            html += "<div class=\"payload-panel\">" + CodePanel.render(code: view.inputText, language: "json", caption: sentCaption) + "</div>\n"
        }
        if let apns = view.apns {
            html += "<div class=\"payload-panel\">" + CodePanel.render(tokens: apns.payloadTokens, caption: "As it reaches the device (APNs payload)", marked: isChanged) + "</div>\n"
        }
        return html + "</div>\n"
    }

    private func diagnostics(_ list: [Diagnostic]) -> String {
        guard !list.isEmpty else { return "" }
        var html = "<ul class=\"diagnostics\" aria-label=\"What the linter and the model report\">\n"
        for d in list {
            let place = d.location.line > 0 ? "\(result.example.id).json, line \(d.location.line)" : "on the device"
            html += "<li class=\"diagnostic diagnostic-\(d.severity.rawValue)\"><span class=\"severity\">\(d.severity.rawValue)</span> "
            html += "\(HTML.escapeText(d.message)) <span class=\"where\">\(HTML.escapeText(place))</span> "
            html += "<a class=\"rule-link\" href=\"../rules.html#\(HTML.escapeAttribute(RulesPage.anchor(d.rule)))\">\(HTML.escapeText(d.rule))</a></li>\n"
        }
        return html + "</ul>\n"
    }

    private func previews(_ view: ExampleView) -> String {
        let after = view.after.map(Self.model)
        let afterNote: String? = switch view.nothingShown {
        case .backgroundPush?: "A background push: iOS wakes the app and shows nothing."
        case .nothing?: "Nothing is shown."
        case .notANotification(let type, let receiver)?: "Not a notification: iOS hands this \(type.rawValue) push to \(receiver.name), and runs no service extension."
        case .foregroundChoseNone?: "The app is in the foreground and no delegate chose a banner or the list, so iOS shows nothing."
        case nil: nil
        }
        let beforeNote: String?
        if view.before != nil { beforeNote = nil }
        else if case .notANotification? = view.nothingShown { beforeNote = afterNote }
        else { beforeNote = "No alert in the payload: iOS shows nothing and runs no extension." }
        var figures: [String] = []
        if view.inputKind != .local {
            figures.append(NotificationPreview.figure(view.before.map(Self.model), label: "Without the extension",
                                                      note: beforeNote,
                                                      expanded: false, modifier: "is-before"))
        }
        let quiet = view.shown?.places.map { !$0.contains("banner") && $0.contains("notificationCenter") } ?? false
        let held = view.shown?.places == [DeviceSettings.summaryPlace]
        let afterLabel = view.presentation != nil ? "What the user sees (app in the foreground)"
            : quiet ? "In Notification Center only (no banner, no sound)"
            : held ? "Held for the Scheduled Summary (no banner, no sound)" : "What the user sees"
        figures.append(NotificationPreview.figure(after, label: afterLabel, note: afterNote, expanded: false, modifier: "is-after"))
        if let after, after.attachmentDataURI != nil || after.attachmentLabel != nil || !after.actions.isEmpty {
            figures.append(NotificationPreview.figure(after, label: "Expanded (long press)", note: nil, expanded: true, modifier: "is-expanded"))
        }
        for local in view.localNotifications {
            figures.append(NotificationPreview.figure(Self.model(local), label: "A notification the app added itself", note: nil, expanded: false, modifier: "is-local"))
        }
        return NotificationPreview.row(figures)
    }

    /// The commands, each in its own block with its own copy button, then the downloads.
    private func sendIt(_ view: ExampleView) -> String {
        guard let apns = view.apns else { return "" }
        let name = result.example.id
        var html = "<div class=\"send-it\">\n<h4>Send it</h4>\n"
        html += "<p>Tokens, keys and which APNs host to use: <a href=\"../send-to-a-device.html\">Send it to a device</a>.</p>\n"
        html += "<div class=\"send-it-commands\">\n"
        for command in commands {
            html += CodePanel.render(code: command.text, language: "shell", caption: command.title)
        }
        html += "</div>\n"
        html += "<h4>APNs request headers</h4>\n"
        html += "<p class=\"headers-note\">As the model records them for this push (FCM adds its own; <code>apns-expiration</code> is a date on the model's clock, so the commands leave it out).</p>\n"
        html += CodePanel.render(code: apns.headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n"), language: "http", caption: "APNs request headers")
        let base = "../downloads/\(recipe.id)/\(name)"
        html += "<h4>Downloads</h4>\n<ul class=\"downloads\">\n"
        for file in view.downloads {
            let note = switch file.kind {
            case .simulatorFile: "for Xcode's Simulator: drag it onto a booted Simulator, or use the first command."
            case .apnsPayload: "the APNs payload for the curl command (without the keys FCM adds for its SDK)."
            case .fcmRequest: "the FCM HTTP v1 request body (put your app's registration token in <code>message.token</code>)."
            }
            html += "<li><a href=\"\(HTML.escapeAttribute(base))\(HTML.escapeAttribute(file.suffix))\" download>\(HTML.escapeText(name))\(HTML.escapeText(file.suffix))</a> — \(note)</li>\n"
        }
        return html + "</ul>\n</div>\n"
    }

    /// The lock screen's model of a notification in the view.
    static func model(_ n: ExampleView.Notification) -> NotificationPreview.Model {
        NotificationPreview.Model(
            appName: n.appName, icon: n.icon, avatarInitials: n.avatarInitials, avatarDataURI: n.avatar.flatMap(dataURI),
            title: n.title, subtitle: n.subtitle, body: n.body,
            attachmentDataURI: n.attachment?.image.flatMap(dataURI),
            attachmentLabel: n.attachment.map { Self.attachmentLabel(type: $0.type, bytes: $0.bytes) }, timeLabel: "now",
            actions: n.actions)
    }

    /// How an attachment is named to a reader (and in its alternative text): `JPEG image, 4.6 KB`.
    static func attachmentLabel(type: String, bytes: Int) -> String {
        let kind = switch type {
        case "public.jpeg": "JPEG image"
        case "public.png": "PNG image"
        case "com.compuserve.gif": "GIF image"
        case "public.mpeg-4": "MPEG-4 video"
        case "public.mpeg", "public.mpeg-2-video": "MPEG video"
        case "public.avi": "AVI video"
        case "public.mpeg-4-audio": "MPEG-4 audio"
        case "public.mp3": "MP3 audio"
        case "com.microsoft.waveform-audio": "WAV audio"
        case "public.aiff-audio": "AIFF audio"
        default: type
        }
        let size = bytes >= 1_000_000 ? "\((bytes + 50_000) / 100_000 / 10).\((bytes + 50_000) / 100_000 % 10) MB"
            : bytes >= 1000 ? "\((bytes + 50) / 100 / 10).\((bytes + 50) / 100 % 10) KB" : "\(bytes) bytes"
        return "\(kind), \(size)"
    }

    /// A `data:` URI for small PNG, JPEG or GIF bytes; nil for anything else or anything large.
    static func dataURI(_ data: Data) -> String? {
        guard data.count <= 300_000 else { return nil }
        let bytes = [UInt8](data.prefix(8))
        let mime: String
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { mime = "image/png" }
        else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { mime = "image/jpeg" }
        else if bytes.starts(with: [0x47, 0x49, 0x46]) { mime = "image/gif" }
        else { return nil }
        return "data:\(mime);base64,\(data.base64EncodedString())"
    }
}
