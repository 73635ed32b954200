import Foundation
import Payloads
import NotificationSimulator

/// The HTML of one example on a recipe page: the payload as sent and as it arrives, the verdict, the
/// linter's findings, what the user sees before and after the extension, downloads, and the record.
struct ExamplePanel {
    /// The recipe.
    var recipe: Recipe
    /// The example's result.
    var result: ExampleResult

    /// The anchor of the example's section.
    var anchor: String { "example-\(result.example.id)" }

    /// Files to write next to the page (path relative to the site root → bytes).
    var downloads: [String: String] {
        guard let outcome = result.outcome, let apns = outcome.record.apns else { return [:] }
        var files: [String: String] = [:]
        let base = "downloads/\(recipe.id)/\(result.example.id)"
        var simulator = apns.payload.withoutLocations
        if case .object(var members, let location) = simulator {
            members.append(JSONMember(key: "Simulator Target Bundle", value: .string("com.example.app")))
            simulator = .object(members, location)
        }
        files["\(base).apns"] = JSONWriter.write(simulator, sortKeys: false)
        files["\(base).json"] = JSONWriter.write(apns.payload.withoutLocations, sortKeys: false)
        if outcome.lint?.kind == .fcmV1 { files["\(base).fcm.json"] = String(decoding: outcome.input, as: UTF8.self) }
        return files
    }

    /// The panel's HTML.
    func render() -> String {
        let example = result.example
        var html = "<section class=\"example\" id=\"\(HTML.escapeAttribute(anchor))\" aria-labelledby=\"\(HTML.escapeAttribute(anchor))-title\">\n"
        html += "<h3 id=\"\(HTML.escapeAttribute(anchor))-title\">Example: <code>\(HTML.escapeText(example.id))</code></h3>\n"
        if !example.caption.isEmpty { html += "<p class=\"example-caption\">\(HTML.escapeText(example.caption))</p>\n" }
        guard let outcome = result.outcome else {
            if case .failed(let diagnostic) = result.verification {
                html += "<p class=\"verdict verdict-error\">This example could not run: \(HTML.escapeText(diagnostic.description))</p>\n"
            }
            return html + "</section>\n"
        }
        let record = outcome.record
        html += verdict(record)
        html += payloads(outcome)
        html += diagnostics(record.diagnostics)
        html += previews(outcome)
        html += downloadLinks(outcome)
        html += "<details class=\"record\">\n<summary>Verified delivery record <span class=\"record-status\">\(verificationLabel)</span></summary>\n"
        html += CodePanel.render(code: record.text, language: "json", caption: "\(recipe.displayPath)/expected/\(example.id).json")
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

    private func verdict(_ record: DeliveryRecord) -> String {
        var items: [String] = []
        let limit = (record.apns?.headers["apns-push-type"] == "voip") ? 5120 : 4096
        if let apns = record.apns {
            let state = record.accepted ? "ok" : "error"
            items.append("<span class=\"badge badge-\(state)\">\(record.accepted ? "Accepted" : "Refused") · \(apns.bytes) of \(limit) bytes</span>")
        } else {
            items.append("<span class=\"badge badge-ok\">Local notification</span>")
        }
        if let ext = record.serviceExtension {
            if ext.invoked {
                let calls = ext.contentHandlerCalls == 1 ? "1 handler call" : "\(ext.contentHandlerCalls) handler calls"
                let state = ext.contentHandlerCalls == 1 && !ext.expired ? "ok" : "warning"
                items.append("<span class=\"badge badge-\(state)\">Extension ran · \(calls) · \(ext.elapsedMilliseconds) ms\(ext.expired ? " · budget expired" : "")</span>")
            } else {
                items.append("<span class=\"badge badge-warning\">Extension not run</span>")
            }
        }
        if record.appWoken { items.append("<span class=\"badge badge-note\">App woken in the background</span>") }
        if let delivered = record.delivered {
            let icon = delivered.icon == "app" ? "app icon" : delivered.icon.replacingOccurrences(of: "-", with: " ")
            let attachments = delivered.attachments.isEmpty ? "no attachment" : delivered.attachments.map(\.type).joined(separator: ", ")
            items.append("<span class=\"badge badge-note\">Shown · \(HTML.escapeText(icon)) · \(HTML.escapeText(attachments))</span>")
        } else {
            items.append("<span class=\"badge badge-note\">Nothing shown</span>")
        }
        if let options = record.presentation {
            let shown = options.isEmpty ? "nothing" : options.joined(separator: ", ")
            items.append("<span class=\"badge badge-note\">In the foreground · presented: \(HTML.escapeText(shown))</span>")
        }
        if !record.localNotifications.isEmpty {
            let pushShown = record.delivered != nil && (record.presentation.map { $0.contains("banner") || $0.contains("list") } ?? true)
            let total = record.localNotifications.count + (pushShown ? 1 : 0)
            let state = total > 1 ? "warning" : "ok"
            items.append("<span class=\"badge badge-\(state)\">The app added \(record.localNotifications.count) · \(total) notification\(total == 1 ? "" : "s") in all</span>")
        }
        return "<p class=\"verdict\">\(items.joined(separator: " "))</p>\n"
    }

    private func payloads(_ outcome: ExampleRunner.Outcome) -> String {
        let input = String(decoding: outcome.input, as: UTF8.self)
        let kind = outcome.lint?.kind
        let sentCaption: String
        switch kind {
        case .fcmV1?: sentCaption = "Sent to FCM (HTTP v1)"
        case .simulator?: sentCaption = "Xcode Simulator .apns file"
        case nil: sentCaption = "The app's input (local notification)"
        default: sentCaption = "Sent to APNs"
        }
        var html = "<div class=\"payload-panels\">\n"
        html += "<div class=\"payload-panel\">" + CodePanel.render(code: input, language: "json", caption: sentCaption) + "</div>\n"
        if let apns = outcome.record.apns {
            let headerLines = apns.headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "\n")
            html += "<div class=\"payload-panel\">" + CodePanel.render(code: JSONWriter.write(apns.payload, sortKeys: false), language: "json", caption: "As it reaches the device (APNs payload)")
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

    private func previews(_ outcome: ExampleRunner.Outcome) -> String {
        let record = outcome.record
        let appName = outcome.app.displayName
        let before = record.apns.flatMap { Self.model(fromPayload: $0.payload, appName: appName) }
        var after = record.delivered.map { Self.model(from: $0, appName: appName) }
        var afterNote: String?
        if record.delivered == nil {
            afterNote = record.appWoken ? "A background push: iOS wakes the app and shows nothing." : "Nothing is shown."
        } else if let options = record.presentation, !options.contains("banner"), !options.contains("list") {
            after = nil
            afterNote = "The app is in the foreground and its delegate chose no banner or list, so iOS shows nothing for the push."
        }
        let isLocal = record.apns == nil
        var html = NotificationPreview.renderPair(before: isLocal ? nil : before, after: after,
                                                  beforeLabel: isLocal ? "Without the recipe" : "Payload as sent",
                                                  afterLabel: record.presentation == nil ? "What the user sees" : "What the user sees (app in the foreground)",
                                                  beforeNote: isLocal ? "A local notification has no remote payload." : (before == nil ? "No alert in the payload." : nil),
                                                  afterNote: afterNote)
        if let after, after.attachmentDataURI != nil || after.attachmentLabel != nil {
            html += NotificationPreview.renderExpansion(after, caption: "The attachment, collapsed and expanded.")
        }
        for local in record.localNotifications {
            html += NotificationPreview.render(Self.model(from: local, appName: appName), caption: "A notification the app added itself", expanded: false)
        }
        return html
    }

    private func downloadLinks(_ outcome: ExampleRunner.Outcome) -> String {
        guard let apns = outcome.record.apns else { return "" }
        let base = "../downloads/\(recipe.id)/\(result.example.id)"
        var html = "<div class=\"downloads\">\n<h4>Try it</h4>\n<ul>\n"
        html += "<li><a href=\"\(HTML.escapeAttribute(base)).apns\" download>\(HTML.escapeText(result.example.id)).apns</a> — drag onto a booted Simulator, or run the command below.</li>\n"
        html += "<li><a href=\"\(HTML.escapeAttribute(base)).json\" download>\(HTML.escapeText(result.example.id)).json</a> — the APNs payload, for the curl command.</li>\n"
        if outcome.lint?.kind == .fcmV1 {
            html += "<li><a href=\"\(HTML.escapeAttribute(base)).fcm.json\" download>\(HTML.escapeText(result.example.id)).fcm.json</a> — the FCM HTTP v1 request body.</li>\n"
        }
        html += "</ul>\n"
        var commands = "xcrun simctl push booted com.example.app \(result.example.id).apns\n\n"
        let headers = apns.headers.sorted { $0.key < $1.key }.map { "  --header '\($0.key): \($0.value)' \\\n" }.joined()
        commands += "curl --http2 \\\n  --header \"authorization: bearer $APNS_JWT\" \\\n  --header 'apns-topic: com.example.app' \\\n\(headers)  --data-binary @\(result.example.id).json \\\n  \"https://api.sandbox.push.apple.com/3/device/$DEVICE_TOKEN\"\n"
        if outcome.lint?.kind == .fcmV1 {
            commands += "\ncurl -X POST \\\n  --header \"Authorization: Bearer $ACCESS_TOKEN\" \\\n  --header 'Content-Type: application/json' \\\n  --data-binary @\(result.example.id).fcm.json \\\n  \"https://fcm.googleapis.com/v1/projects/$PROJECT_ID/messages:send\"\n"
        }
        html += CodePanel.render(code: commands, language: "shell", caption: "Send it")
        return html + "</div>\n"
    }

    /// The preview of what the payload alone would show (no extension).
    static func model(fromPayload payload: JSONValue, appName: String) -> NotificationPreview.Model? {
        guard let aps = payload["aps"] else { return nil }
        var title = "", subtitle = "", body = ""
        switch aps["alert"] {
        case .string(let text, _)?: body = text
        case .object?:
            title = aps["alert"]?["title"]?.stringValue ?? ""
            subtitle = aps["alert"]?["subtitle"]?.stringValue ?? ""
            body = aps["alert"]?["body"]?.stringValue ?? ""
        default: return nil
        }
        if title.isEmpty && subtitle.isEmpty && body.isEmpty { return nil }
        return NotificationPreview.Model(appName: appName, icon: .app, avatarInitials: nil, avatarDataURI: nil, title: title,
                                         subtitle: subtitle, body: body, attachmentDataURI: nil, attachmentLabel: nil, timeLabel: "now")
    }

    /// The preview of a delivered notification.
    static func model(from delivered: DeliveryRecord.Delivered, appName: String) -> NotificationPreview.Model {
        let icon: NotificationPreview.Icon = delivered.icon == "group-avatar" ? .groupAvatar : delivered.icon == "sender-avatar" ? .senderAvatar : .app
        var title = delivered.title, subtitle = delivered.subtitle
        if let communication = delivered.communication {
            if let group = communication.groupName { title = group; subtitle = communication.senderName }
            else { title = communication.senderName }
        }
        let initialsSource = delivered.communication?.groupName ?? delivered.communication?.senderName ?? ""
        let initials = String(initialsSource.split(separator: " ").prefix(2).compactMap(\.first)).uppercased()
        let attachment = delivered.attachments.first
        return NotificationPreview.Model(
            appName: appName, icon: icon, avatarInitials: initials.isEmpty ? nil : initials,
            avatarDataURI: delivered.previewImages.avatar.flatMap(dataURI),
            title: title, subtitle: subtitle, body: delivered.body,
            attachmentDataURI: delivered.previewImages.attachment.flatMap(dataURI),
            attachmentLabel: attachment.map { "\($0.type), \($0.bytes) bytes" }, timeLabel: "now")
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
