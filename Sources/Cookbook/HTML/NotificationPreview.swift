import NotificationSimulator

/// An HTML and CSS picture of a notification on the iOS lock screen, with no images from the network.
///
/// The markup uses the `notif-*` and `lockscreen*` classes of `Assets.css`. Images are shown only from
/// `data:image/…` URIs; anything else becomes a drawn placeholder. Every string is escaped.
struct NotificationPreview {
    /// What iOS shows at the leading edge of the banner.
    typealias Icon = NotificationIcon

    /// Everything the preview needs to know about one delivered notification.
    struct Model: Sendable, Equatable {
        /// The app's display name, shown in the header and as the app icon's initial.
        var appName: String
        /// Which icon iOS shows.
        var icon: Icon
        /// Initials for an avatar without an image (e.g. `"AL"`).
        var avatarInitials: String?
        /// The avatar image as a `data:image/…` URI.
        var avatarDataURI: String?
        /// The bold first line (the sender's name for communication notifications).
        var title: String
        /// The second line, if any.
        var subtitle: String
        /// The message text.
        var body: String
        /// The first attachment as a `data:image/…` URI, shown as a thumbnail (or large when expanded).
        var attachmentDataURI: String?
        /// A label for the attachment (its alternative text, or the placeholder's text when there is no image).
        var attachmentLabel: String?
        /// The time shown in the header, e.g. `"now"`.
        var timeLabel: String
        /// The buttons drawn under the expanded notification.
        var actions: [ExampleView.Notification.Action]

        /// Creates a model; only the app name is required.
        init(
            appName: String,
            icon: Icon = .app,
            avatarInitials: String? = nil,
            avatarDataURI: String? = nil,
            title: String = "",
            subtitle: String = "",
            body: String = "",
            attachmentDataURI: String? = nil,
            attachmentLabel: String? = nil,
            timeLabel: String = "now",
            actions: [ExampleView.Notification.Action] = []
        ) {
            self.appName = appName
            self.icon = icon
            self.avatarInitials = avatarInitials
            self.avatarDataURI = avatarDataURI
            self.title = title
            self.subtitle = subtitle
            self.body = body
            self.attachmentDataURI = attachmentDataURI
            self.attachmentLabel = attachmentLabel
            self.timeLabel = timeLabel
            self.actions = actions
        }
    }

    /// The number of app-icon colour schemes in the CSS (`app-icon-hue-0` … `app-icon-hue-5`).
    static let appIconHues = 6

    /// The time on the lock screen's clock (Apple's customary 9:41).
    static let clock = "9:41"

    /// Renders one notification on a lock screen, collapsed (thumbnail on the right) or expanded (attachment on top).
    static func render(_ m: Model, caption: String, expanded: Bool) -> String {
        var html = "<figure class=\"notif-preview\">\n"
        html += lockScreen(content: banner(m, expanded: expanded))
        if !caption.isEmpty {
            html += "<figcaption>\(HTML.escapeText(caption))</figcaption>\n"
        }
        html += "</figure>\n"
        return html
    }

    /// One figure: a label, the lock screen with the notification (or a "Nothing shown" card), and a note.
    static func figure(_ m: Model?, label: String, note: String?, expanded: Bool, modifier: String) -> String {
        var html = "<figure class=\"notif-preview \(modifier)\">\n"
        html += "<figcaption class=\"notif-pair-label\">\(HTML.escapeText(label))</figcaption>\n"
        if let m {
            html += lockScreen(content: banner(m, expanded: expanded))
        } else {
            html += lockScreen(content: "<div class=\"notif-empty\"><p class=\"notif-empty-title\">Nothing shown</p>"
                + "<p class=\"notif-empty-note\">\(HTML.escapeText(note ?? "iOS displays no notification for this push."))</p></div>\n")
        }
        if let note, m != nil {
            html += "<p class=\"notif-note\">\(HTML.escapeText(note))</p>\n"
        }
        html += "</figure>\n"
        return html
    }

    /// Figures side by side (they wrap when narrow), with the source of the drawing.
    static func row(_ figures: [String]) -> String {
        "<div class=\"notif-pair\">\n" + figures.joined() + "</div>\n"
    }

    /// Where the drawing comes from, said once per page.
    static let sourceNote = "The lock screens are drawn after iOS 16–18 as Apple shows them (Human Interface Guidelines, Notifications; the iOS 16 Lock Screen, where notifications come in from the bottom): the title in bold with the time, no app name when there is a title, a communication notification with the sender's avatar and the app icon badged on it. They are sketches of the model's outcome, not screenshots."

    /// The date line under the clock (Apple's customary date for 9:41).
    static let date = "Tuesday, January 9"

    /// The wallpaper with the date and clock at the top and the notification at the bottom, as on iOS 16 and later.
    private static func lockScreen(content: String) -> String {
        "<div class=\"lockscreen\">\n<div class=\"lockscreen-time\" aria-hidden=\"true\"><div class=\"lockscreen-date\">\(date)</div><div class=\"lockscreen-clock\">\(clock)</div></div>\n<div class=\"lockscreen-stack\">\n\(content)</div>\n</div>\n"
    }

    /// The notification banner itself.
    static func banner(_ m: Model, expanded: Bool) -> String {
        var html = "<div class=\"notif\(expanded ? " is-expanded" : "")\" data-icon=\"\(m.icon.rawValue)\">\n"
        if expanded, let media = attachment(m, large: true) {
            html += "<div class=\"notif-media\">\(media)</div>\n"
        }
        html += "<div class=\"notif-row\">\n"
        html += icon(m)
        html += "<div class=\"notif-content\">\n"
        // iOS 15 and later: the title (or, without one, the app's name) in bold on the first line, with the time.
        let first = m.title.isEmpty ? m.appName : m.title
        html += "<div class=\"notif-header\"><span class=\"notif-title\">\(HTML.escapeText(first))</span>"
        html += "<span class=\"notif-time\">\(HTML.escapeText(m.timeLabel))</span></div>\n"
        if !m.subtitle.isEmpty {
            html += "<p class=\"notif-subtitle\">\(HTML.escapeText(m.subtitle))</p>\n"
        }
        if !m.body.isEmpty {
            html += "<p class=\"notif-body\">\(HTML.escapeText(m.body))</p>\n"
        }
        html += "</div>\n"
        if !expanded, let thumbnail = attachment(m, large: false) {
            html += "<div class=\"notif-thumb\">\(thumbnail)</div>\n"
        }
        html += "</div>\n</div>\n"
        if expanded && !m.actions.isEmpty {
            // iOS draws the category's actions as a menu under the expanded notification.
            html += "<ul class=\"notif-actions\" aria-label=\"Buttons\">\n"
            for action in m.actions {
                let classes = "notif-action" + (action.destructive ? " is-destructive" : "") + (action.textInput ? " is-text-input" : "")
                html += "<li class=\"\(classes)\">\(HTML.escapeText(action.title))</li>\n"
            }
            html += "</ul>\n"
        }
        return html
    }

    /// The leading icon: the app icon, or an avatar with the app icon badged in its corner.
    static func icon(_ m: Model) -> String {
        switch m.icon {
        case .app:
            return "<div class=\"notif-icon\">\(appIcon(m.appName, badge: false))</div>\n"
        case .senderAvatar, .groupAvatar:
            let kind = m.icon == .groupAvatar ? "avatar is-group" : "avatar"
            var avatar = "<span class=\"\(kind)\">"
            if let uri = safeImageURI(m.avatarDataURI) {
                avatar += "<img src=\"\(HTML.escapeAttribute(uri))\" alt=\"\">"
            } else {
                avatar += "<span class=\"avatar-initials\" aria-hidden=\"true\">\(HTML.escapeText(initials(m)))</span>"
            }
            avatar += "</span>"
            return "<div class=\"notif-icon\">\(avatar)\(appIcon(m.appName, badge: true))</div>\n"
        }
    }

    /// A generic rounded-square app icon showing the app name's initial, coloured by the name.
    static func appIcon(_ appName: String, badge: Bool) -> String {
        let initial = appName.trimmingPrefixWhitespace().first.map { String($0).uppercased() } ?? "•"
        let hue = appName.unicodeScalars.reduce(0) { ($0 &* 31 &+ Int($1.value)) & 0xFFFF } % appIconHues
        let classes = badge ? "app-icon app-icon-badge" : "app-icon"
        return "<span class=\"\(classes) app-icon-hue-\(hue)\" aria-hidden=\"true\">\(HTML.escapeText(initial))</span>"
    }

    /// The avatar's initials: given ones, else the first letters of the title's first two words.
    static func initials(_ m: Model) -> String {
        if let given = m.avatarInitials, !given.isEmpty { return String(given.prefix(3)) }
        let words = m.title.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
        let letters = words.prefix(2).compactMap { $0.first.map { String($0).uppercased() } }
        return letters.isEmpty ? "?" : letters.joined()
    }

    /// The attachment image or placeholder, or `nil` when the notification has no attachment.
    static func attachment(_ m: Model, large: Bool) -> String? {
        let label = m.attachmentLabel ?? ""
        if let uri = safeImageURI(m.attachmentDataURI) {
            let alt = label.isEmpty ? "Attachment" : label
            return "<img src=\"\(HTML.escapeAttribute(uri))\" alt=\"\(HTML.escapeAttribute(alt))\">"
        }
        guard m.attachmentLabel != nil || m.attachmentDataURI != nil else { return nil }
        let text = label.isEmpty ? "Attachment" : label
        return "<span class=\"notif-placeholder\(large ? " is-large" : "")\" role=\"img\" aria-label=\"\(HTML.escapeAttribute(text))\">"
            + "<span class=\"notif-placeholder-text\">\(HTML.escapeText(text))</span></span>"
    }

    /// `uri` if it is a `data:image/…` URI (never a network or script URL), else `nil`.
    static func safeImageURI(_ uri: String?) -> String? {
        guard let uri else { return nil }
        let lower = uri.prefix(16).lowercased()
        guard lower.hasPrefix("data:image/") else { return nil }
        return uri
    }
}

extension String {
    /// The string without leading spaces, tabs and newlines.
    fileprivate func trimmingPrefixWhitespace() -> Substring {
        self.drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" })
    }
}
