import Testing
@testable import Cookbook

/// The lock-screen notification preview.
@Suite struct NotificationPreviewTests {
    /// A tiny valid image URI.
    static let png = "data:image/png;base64,iVBORw0KGgo="

    /// A communication notification with an avatar and an attachment.
    func message() -> NotificationPreview.Model {
        NotificationPreview.Model(
            appName: "Chatter", icon: .senderAvatar, avatarDataURI: Self.png,
            title: "Alice Liddell", subtitle: "Lunch", body: "Still on?",
            attachmentDataURI: Self.png, attachmentLabel: "ramen.png", timeLabel: "now"
        )
    }

    /// Hostile text in every field renders as text.
    @Test func hostileTextIsEscapedEverywhere() {
        let evil = "<script>alert(1)</script><img src=x onerror=alert(2)>\"'&"
        let m = NotificationPreview.Model(
            appName: evil, icon: .senderAvatar, avatarInitials: evil, title: evil, subtitle: evil, body: evil,
            attachmentLabel: evil, timeLabel: evil
        )
        for html in [
            NotificationPreview.render(m, caption: evil, expanded: false),
            NotificationPreview.render(m, caption: evil, expanded: true),
            NotificationPreview.row([NotificationPreview.figure(m, label: evil, note: evil, expanded: false, modifier: "is-before"),
                                     NotificationPreview.figure(nil, label: evil, note: evil, expanded: false, modifier: "is-after")]),
        ] {
            #expect(!html.contains("<script"))
            #expect(!html.contains("<img src=x"))
            #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        }
    }

    /// Only data:image URIs become image sources; network and script URLs become a placeholder.
    @Test func onlyDataImageURIsAreUsedAsImages() {
        for uri in ["https://example.com/a.png", "http://x/y.png", "javascript:alert(1)", "//cdn.example.com/a.png", "data:text/html,<script>"] {
            var m = message()
            m.attachmentDataURI = uri
            m.avatarDataURI = uri
            let html = NotificationPreview.render(m, caption: "", expanded: false)
            #expect(!html.contains("src=\"\(uri)"), "\(uri) used as a source")
            #expect(!html.contains("<img"))
            #expect(html.contains("notif-placeholder"))
            #expect(html.contains("avatar-initials\" aria-hidden=\"true\">AL<"))
        }
    }

    /// A data URI that tries to break out of its attribute stays inside it.
    @Test func dataURIsCannotBreakOutOfTheAttribute() {
        var m = message()
        m.attachmentDataURI = "data:image/png;base64,AAAA\" onerror=\"alert(1)"
        let html = NotificationPreview.render(m, caption: "", expanded: false)
        #expect(html.contains("src=\"data:image/png;base64,AAAA&quot; onerror=&quot;alert(1)\""))
        #expect(!html.contains("\" onerror=\""))
    }

    /// Collapsed: the thumbnail sits on the right; expanded: the attachment is large above the text.
    @Test func collapsedShowsThumbnailExpandedShowsMediaOnTop() throws {
        let collapsed = NotificationPreview.render(message(), caption: "Collapsed", expanded: false)
        #expect(collapsed.contains("<div class=\"notif-thumb\"><img src=\"\(Self.png)\" alt=\"ramen.png\"></div>"))
        #expect(!collapsed.contains("notif-media"))
        #expect(collapsed.contains("<figcaption>Collapsed</figcaption>"))

        let expanded = NotificationPreview.render(message(), caption: "", expanded: true)
        #expect(!expanded.contains("notif-thumb"))
        let media = try #require(expanded.range(of: "<div class=\"notif-media\">"))
        let row = try #require(expanded.range(of: "<div class=\"notif-row\">"))
        #expect(media.lowerBound < row.lowerBound)
        #expect(expanded.contains("class=\"notif is-expanded\""))
    }

    /// The banner has the bold title with the time, then subtitle and body, in order.
    @Test func bannerShowsHeaderTitleSubtitleAndBody() throws {
        let html = NotificationPreview.render(message(), caption: "", expanded: false)
        let parts = ["notif-title\">Alice Liddell<", "notif-time\">now<", "notif-subtitle\">Lunch<", "notif-body\">Still on?<"]
        var last = html.startIndex
        for part in parts {
            let range = try #require(html.range(of: part), "missing \(part)")
            #expect(range.lowerBound > last)
            last = range.lowerBound
        }
    }

    /// Empty subtitle and body are left out rather than rendered as empty lines.
    @Test func emptyLinesAreOmitted() {
        let html = NotificationPreview.render(.init(appName: "News", title: "Storm"), caption: "", expanded: false)
        #expect(!html.contains("notif-subtitle"))
        #expect(!html.contains("notif-body"))
        #expect(!html.contains("notif-thumb"))
    }

    /// The app icon is a rounded square with the app's initial; avatars get the app icon badged in the corner.
    @Test func iconsShowAppInitialAndBadgedAvatar() {
        let app = NotificationPreview.render(.init(appName: "daily news", title: "x"), caption: "", expanded: false)
        #expect(app.contains("class=\"app-icon app-icon-hue-"))
        #expect(app.contains("\">D</span>"))
        #expect(!app.contains("avatar"))

        let sender = NotificationPreview.render(message(), caption: "", expanded: false)
        #expect(sender.contains("<span class=\"avatar\"><img src=\"\(Self.png)\" alt=\"\"></span>"))
        #expect(sender.contains("class=\"app-icon app-icon-badge app-icon-hue-"))

        var group = message()
        group.icon = .groupAvatar
        group.avatarDataURI = nil
        group.avatarInitials = "TM"
        let html = NotificationPreview.render(group, caption: "", expanded: false)
        #expect(html.contains("<span class=\"avatar is-group\"><span class=\"avatar-initials\" aria-hidden=\"true\">TM</span></span>"))
        #expect(html.contains("data-icon=\"group-avatar\""))
    }

    /// On 0149a3f this compared one call with another (it could not fail). The hue comes from the
    /// name's characters, never from Swift's per-process hashing, so a name has the same one everywhere.
    @Test("an app's icon colour is computed from its name: Chatter is hue 5, Pushbook hue 3, on every machine")
    func appIconColourIsStablePerName() {
        #expect(NotificationPreview.appIcon("Chatter", badge: false).contains("app-icon-hue-5\""))
        #expect(NotificationPreview.appIcon("Pushbook", badge: true).contains("app-icon app-icon-badge app-icon-hue-3\""))
    }

    /// A row labels each figure, and nil renders a clear "Nothing shown" card with its note.
    @Test func rowLabelsEachFigureAndShowsNothingShownForNil() {
        let html = NotificationPreview.row([
            NotificationPreview.figure(nil, label: "Without the extension", note: "Background push: iOS wakes the app.", expanded: false, modifier: "is-before"),
            NotificationPreview.figure(message(), label: "What the user sees", note: nil, expanded: false, modifier: "is-after"),
        ])
        #expect(html.hasPrefix("<div class=\"notif-pair\">"))
        #expect(html.contains(">Without the extension</figcaption>"))
        #expect(html.contains(">What the user sees</figcaption>"))
        #expect(html.contains("<p class=\"notif-empty-title\">Nothing shown</p>"))
        #expect(html.contains("Background push: iOS wakes the app."))
        let before = html.range(of: "Without the extension")!
        let nothing = html.range(of: "Nothing shown")!
        let after = html.range(of: "What the user sees")!
        #expect(before.lowerBound < nothing.lowerBound && nothing.lowerBound < after.lowerBound)
    }

    /// With a title, the first line is the title and the app's name is not shown (iOS 15 and later);
    /// without one, the app's name stands in; the notification sits below the date and the clock.
    @Test func theTitleReplacesTheAppNameAndTheDateLineIsDrawn() {
        let titled = NotificationPreview.render(message(), caption: "", expanded: false)
        #expect(!titled.contains("notif-app"))
        #expect(titled.contains("<span class=\"notif-title\">\(message().title)</span>"))
        #expect(!titled.contains(">\(message().appName)<"))
        var untitled = message()
        untitled.title = ""
        #expect(NotificationPreview.render(untitled, caption: "", expanded: false).contains("<span class=\"notif-title\">\(untitled.appName)</span>"))
        let date = titled.range(of: NotificationPreview.date)!, stack = titled.range(of: "lockscreen-stack")!
        #expect(date.lowerBound < stack.lowerBound)
    }

    /// A notification with a label but no image data shows a labelled placeholder.
    @Test func attachmentWithoutDataShowsLabelledPlaceholder() {
        var m = message()
        m.attachmentDataURI = nil
        let html = NotificationPreview.render(m, caption: "", expanded: false)
        #expect(html.contains("role=\"img\" aria-label=\"ramen.png\""))
    }


}
