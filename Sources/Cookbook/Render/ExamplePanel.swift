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

    /// A panel for `result` of `recipe`.
    init(recipe: Recipe, result: ExampleResult) {
        self.recipe = recipe
        self.result = result
        view = result.outcome.map { ExampleView($0, verification: result.verification) }
    }

    /// The anchor of the example's section.
    var anchor: String { "example-\(result.example.id)" }

    /// Files to write next to the page (path relative to the site root → bytes).
    var downloads: [String: String] {
        guard let view else { return [:] }
        let base = "downloads/\(recipe.id)/\(result.example.id)"
        return Dictionary(uniqueKeysWithValues: view.downloads.map { ("\(base)\($0.suffix)", $0.contents) })
    }

    /// The panel's HTML.
    func render() -> String {
        let example = result.example
        var html = "<section class=\"example\" id=\"\(HTML.escapeAttribute(anchor))\" aria-labelledby=\"\(HTML.escapeAttribute(anchor))-title\">\n"
        html += "<h3 id=\"\(HTML.escapeAttribute(anchor))-title\">Example: <code>\(HTML.escapeText(example.id))</code></h3>\n"
        if !example.caption.isEmpty { html += "<p class=\"example-caption\">\(HTML.escapeText(example.caption))</p>\n" }
        guard let view else {
            if case .failed(let diagnostic) = result.verification {
                html += "<p class=\"verdict verdict-error\">This example could not run: \(HTML.escapeText(diagnostic.description))</p>\n"
            }
            return html + "</section>\n"
        }
        html += verdict(view)
        html += payloads(view)
        html += diagnostics(view.diagnostics)
        html += previews(view)
        html += downloadLinks(view)
        html += "<details class=\"record\">\n<summary>Verified delivery record <span class=\"record-status\">\(verificationLabel)</span></summary>\n"
        html += CodePanel.render(tokens: view.recordTokens, caption: "\(recipe.displayPath)/expected/\(example.id).json")
        html += "</details>\n</section>\n"
        return html
    }

    private var verificationLabel: String {
        switch result.verification {
        case .passed: "matches expected/"
        case .mismatch: "differs from expected/"
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
                items.append("<span class=\"badge badge-\(state)\">Extension ran · \(calls) · \(ext.elapsedMilliseconds) ms\(ext.expired ? " · budget expired" : "")</span>")
            } else {
                items.append("<span class=\"badge badge-warning\">Extension not run</span>")
            }
        }
        if view.appWoken { items.append("<span class=\"badge badge-note\">App woken in the background</span>") }
        if let shown = view.shown {
            let icon = shown.icon == .app ? "app icon" : shown.icon.rawValue.replacingOccurrences(of: "-", with: " ")
            let attachments = shown.attachmentTypes.isEmpty ? "no attachment" : shown.attachmentTypes.joined(separator: ", ")
            items.append("<span class=\"badge badge-note\">Shown · \(HTML.escapeText(icon)) · \(HTML.escapeText(attachments))</span>")
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

    private func payloads(_ view: ExampleView) -> String {
        let sentCaption: String
        switch view.inputKind {
        case .fcmV1: sentCaption = "Sent to FCM (HTTP v1)"
        case .simulator: sentCaption = "Xcode Simulator .apns file"
        case .local: sentCaption = "The app's input (local notification)"
        case .apns: sentCaption = "Sent to APNs"
        }
        var html = "<div class=\"payload-panels\">\n"
        html += "<div class=\"payload-panel\">" + CodePanel.render(code: view.inputText, language: "json", caption: sentCaption) + "</div>\n"
        if let apns = view.apns {
            let headerLines = apns.headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
            html += "<div class=\"payload-panel\">" + CodePanel.render(tokens: apns.payloadTokens, caption: "As it reaches the device (APNs payload)")
            html += CodePanel.render(code: headerLines, language: "http", caption: "APNs request headers") + "</div>\n"
        }
        return html + "</div>\n"
    }

    private func diagnostics(_ list: [Diagnostic]) -> String {
        guard !list.isEmpty else { return "<p class=\"diagnostics-none\">The linter and the simulator found nothing to report.</p>\n" }
        var html = "<ul class=\"diagnostics\" aria-label=\"Diagnostics\">\n"
        for d in list {
            let place = d.location.line > 0 ? "examples/\(result.example.id).json:\(d.location.line):\(d.location.column)" : "device"
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
        case .foregroundChoseNone?: "The app is in the foreground and its delegate chose no banner or list, so iOS shows nothing for the push."
        case nil: nil
        }
        let isLocal = view.inputKind == .local
        var html = NotificationPreview.renderPair(before: isLocal ? nil : view.before.map(Self.model), after: after,
                                                  beforeLabel: isLocal ? "Without the recipe" : "Payload as sent",
                                                  afterLabel: view.presentation == nil ? "What the user sees" : "What the user sees (app in the foreground)",
                                                  beforeNote: isLocal ? "A local notification has no remote payload." : (view.before == nil ? "No alert in the payload." : nil),
                                                  afterNote: afterNote)
        if let after, after.attachmentDataURI != nil || after.attachmentLabel != nil {
            html += NotificationPreview.renderExpansion(after, caption: "The attachment, collapsed and expanded.")
        }
        for local in view.localNotifications {
            html += NotificationPreview.render(Self.model(local), caption: "A notification the app added itself", expanded: false)
        }
        return html
    }

    private func downloadLinks(_ view: ExampleView) -> String {
        guard let apns = view.apns else { return "" }
        let name = result.example.id
        let base = "../downloads/\(recipe.id)/\(name)"
        var html = "<div class=\"downloads\">\n<h4>Try it</h4>\n<ul>\n"
        for file in view.downloads {
            let note = switch file.kind {
            case .simulatorFile: "drag onto a booted Simulator, or run the command below."
            case .apnsPayload: "the APNs payload, for the curl command."
            case .fcmRequest: "the FCM HTTP v1 request body."
            }
            html += "<li><a href=\"\(HTML.escapeAttribute(base))\(file.suffix)\" download>\(HTML.escapeText(name))\(file.suffix)</a> — \(note)</li>\n"
        }
        html += "</ul>\n"
        var commands = "xcrun simctl push booted com.example.app \(name).apns\n\n"
        let headers = apns.headers.map { "  --header '\($0.name): \($0.value)' \\\n" }.joined()
        commands += "curl --http2 \\\n  --header \"authorization: bearer $APNS_JWT\" \\\n  --header 'apns-topic: com.example.app' \\\n\(headers)  --data-binary @\(name).json \\\n  \"https://api.sandbox.push.apple.com/3/device/$DEVICE_TOKEN\"\n"
        if view.inputKind == .fcmV1 {
            commands += "\ncurl -X POST \\\n  --header \"Authorization: Bearer $ACCESS_TOKEN\" \\\n  --header 'Content-Type: application/json' \\\n  --data-binary @\(name).fcm.json \\\n  \"https://fcm.googleapis.com/v1/projects/$PROJECT_ID/messages:send\"\n"
        }
        html += CodePanel.render(code: commands, language: "shell", caption: "Send it")
        return html + "</div>\n"
    }

    /// The lock screen's model of a notification in the view.
    static func model(_ n: ExampleView.Notification) -> NotificationPreview.Model {
        NotificationPreview.Model(
            appName: n.appName, icon: n.icon, avatarInitials: n.avatarInitials, avatarDataURI: n.avatar.flatMap(dataURI),
            title: n.title, subtitle: n.subtitle, body: n.body,
            attachmentDataURI: n.attachment?.image.flatMap(dataURI),
            attachmentLabel: n.attachment.map { "\($0.type), \($0.bytes) bytes" }, timeLabel: "now")
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
