import Foundation
import Payloads

/// What happened to one input, end to end: the contract of `simulate` and of every `expected/*.json`.
///
/// Written with sorted keys, two-space indent and a trailing newline; it holds no timestamps or
/// machine paths, so the same input always gives the same bytes (ARCHITECTURE.md, "The delivery record").
public struct DeliveryRecord: Sendable, Equatable {
    /// The input's kind: `fcm-v1`, `apns`, `simulator` or `local`.
    public var inputKind: InputKind
    /// False when APNs or FCM would refuse the request.
    public var accepted: Bool
    /// Which part of the app got the push (`user-notifications`, `app`, `pushkit`, `activitykit`, …;
    /// `PushReceiver`), or nil when nothing reached the device.
    public var receivedBy: PushReceiver?
    /// The linter's and the device's findings.
    public var diagnostics: [Diagnostic]
    /// The APNs request (headers, payload, its size), or nil for a local notification.
    public var apns: APNsPart?
    /// What the extension did, or nil when none exists.
    public var serviceExtension: ExtensionPart?
    /// True when iOS would wake the app for a background push.
    public var appWoken: Bool
    /// What the user sees, or nil when nothing is shown.
    public var delivered: Delivered?
    /// Notifications the app itself added (local notifications), in the order they were shown.
    public var localNotifications: [Delivered]
    /// How a notification that arrived in the foreground was presented (what the delegate chose),
    /// or nil in the background.
    public var presentation: UNNotificationPresentationOptions?
    /// What ActivityKit did with a Live Activity push, or nil for any other push.
    public var liveActivity: LiveActivityPart?
    /// What the user's notification settings did, or nil when no settings were given.
    public var settings: SettingsPart?
    /// What Notification Center holds after the push, and the badge: only in a sequence (`DeviceSession`).
    public var notificationCenter: NotificationCenterPart?
    /// How the user answered the notification shown last, or nil when no answer was given.
    public var response: ResponsePart?
    /// What the app did with a background push it was woken for; nil otherwise.
    public var background: BackgroundPart?

    /// The APNs part.
    public struct APNsPart: Sendable, Equatable {
        /// The headers.
        public var headers: [String: String]
        /// The payload.
        public var payload: JSONValue
        /// Its size in bytes.
        public var bytes: Int
    }

    /// The extension's part.
    public struct ExtensionPart: Sendable, Equatable {
        /// True when iOS ran it.
        public var invoked: Bool
        /// How many times it called the content handler.
        public var contentHandlerCalls: Int
        /// True when the time budget ran out first.
        public var expired: Bool
        /// Virtual milliseconds until the content was decided.
        public var elapsedMilliseconds: Int
        /// Its network requests.
        public var fetches: [FetchRecord]
    }

    /// One network request.
    public struct FetchRecord: Sendable, Equatable {
        /// The URL.
        public var url: String
        /// The status, or nil when it never completed.
        public var status: Int?
        /// The MIME type.
        public var mimeType: String?
        /// Body bytes.
        public var bytes: Int
        /// How long it took (virtual).
        public var milliseconds: Int
        /// True when the response arrived after the content was decided.
        public var late: Bool
        /// The HTTP method; the record names it only when it is not GET.
        public var method = "GET"
        /// The request's body as text (a byte count when it is long or not UTF-8); nil without one.
        public var sentBody: String? = nil

        /// The fetch as JSON.
        var json: JSONValue {
            var members: [(String, JSONValue)] = [("url", .string(url))]
            if method != "GET" { members.append(("method", .string(method))) }
            if let sentBody { members.append(("sentBody", .string(sentBody))) }
            return .object(members + [
                ("status", status.map { .int($0) } ?? .null),
                ("mimeType", mimeType.map { .string($0) } ?? .null),
                ("bytes", .int(bytes)),
                ("milliseconds", .int(milliseconds)),
                ("late", .bool(late)),
            ])
        }
    }

    /// What the user sees.
    public struct Delivered: Sendable, Equatable {
        /// The title.
        public var title: String
        /// The subtitle.
        public var subtitle: String
        /// The body.
        public var body: String
        /// The badge.
        public var badge: Int?
        /// The sound's name.
        public var sound: String?
        /// The thread.
        public var threadIdentifier: String
        /// The category.
        public var categoryIdentifier: String
        /// The target content identifier.
        public var targetContentIdentifier: String?
        /// The interruption level iOS delivered it at (after the entitlement check).
        public var interruptionLevel: APNsInterruptionLevel
        /// The relevance score.
        public var relevanceScore: Double
        /// What iOS shows at the leading edge: the app icon, or the sender's or group's avatar.
        public var icon: NotificationIcon
        /// The attachments iOS accepted.
        public var attachments: [AttachmentRecord]
        /// The communication styling, or nil for a plain notification.
        public var communication: CommunicationRecord?
        /// The payload as the app sees it.
        public var userInfo: JSONValue
        /// The buttons iOS draws under the expanded notification: the actions of the category the app
        /// registered under `categoryIdentifier` (none when it registered no such category).
        public var actions: [ActionRecord] = []
    }

    /// One button of a notification: an action of its category.
    public struct ActionRecord: Sendable, Equatable {
        /// The identifier the app gets back in the response.
        public var identifier: String
        /// The button's title.
        public var title: String
        /// True for a `UNTextInputNotificationAction`: the button opens a text field.
        public var textInput: Bool
        /// Its options, by Apple's names: `foreground`, `destructive`, `authenticationRequired`.
        public var options: [String]

        /// The action as JSON.
        var json: JSONValue {
            .object([("identifier", .string(identifier)), ("title", .string(title)), ("textInput", .bool(textInput)),
                     ("options", .array(options.map { .string($0) }))])
        }
    }

    /// An attachment.
    public struct AttachmentRecord: Sendable, Equatable {
        /// Its identifier.
        public var identifier: String
        /// Its UTI.
        public var type: String
        /// Its size.
        public var bytes: Int
        /// True when the thumbnail is hidden.
        public var thumbnailHidden: Bool
    }

    /// Communication styling.
    public struct CommunicationRecord: Sendable, Equatable {
        /// The sender's name.
        public var senderName: String
        /// The sender's handle.
        public var senderHandle: String
        /// True when the avatar has an image.
        public var senderHasImage: Bool
        /// The conversation.
        public var conversationIdentifier: String?
        /// The group's name.
        public var groupName: String?
        /// How many recipients.
        public var recipients: Int
        /// True when the interaction was donated successfully.
        public var donated: Bool
    }

    /// The record as JSON, in the shape ARCHITECTURE.md gives.
    public var json: JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("input", .object([("kind", .string(inputKind.rawValue))])),
            ("accepted", .bool(accepted)),
            ("receivedBy", receivedBy.map { .string($0.rawValue) } ?? .null),
            ("diagnostics", .array(diagnostics.map(\.json))),
            ("apns", apns.map { part in
                .object([
                    ("headers", .object(part.headers.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
                    ("payload", part.payload.withoutLocations),
                    ("bytes", .int(part.bytes)),
                ])
            } ?? .null),
            ("extension", serviceExtension.map { part in
                .object([
                    ("invoked", .bool(part.invoked)),
                    ("contentHandlerCalls", .int(part.contentHandlerCalls)),
                    ("expired", .bool(part.expired)),
                    ("elapsedMilliseconds", .int(part.elapsedMilliseconds)),
                    ("fetches", .array(part.fetches.map(\.json))),
                ])
            } ?? .null),
            ("appWoken", .bool(appWoken)),
            ("delivered", delivered.map(\.json) ?? .null),
        ]
        if !localNotifications.isEmpty {
            pairs.append(("localNotifications", .array(localNotifications.map(\.json))))
        }
        if let names = presentationNames {
            pairs.append(("presentation", .array(names.map { .string($0) })))
        }
        if let liveActivity {
            pairs.append(("liveActivity", liveActivity.json))
        }
        if let settings {
            pairs.append(("settings", settings.json))
        }
        if let notificationCenter {
            pairs.append(("notificationCenter", notificationCenter.json))
        }
        if let background {
            pairs.append(("background", background.json))
        }
        if let response {
            pairs.append(("response", response.json))
        }
        return .object(pairs)
    }

    /// The presentation options as the record spells them (`badge`, `banner`, `list`, `sound`, in
    /// that order; the deprecated `alert` is banner and list), or nil in the background.
    public var presentationNames: [String]? { presentation?.names }

    /// True unless the app was in the foreground and its delegate chose neither a banner nor the list.
    public var isPresented: Bool { presentation?.showsSomething ?? true }

    /// The record's bytes: sorted keys, two-space indent, trailing newline.
    public var text: String { JSONWriter.write(json, sortKeys: true) }
}

extension DeliveryRecord.Delivered {
    /// The delivered part as JSON.
    var json: JSONValue {
        .object([
            ("title", .string(title)),
            ("subtitle", .string(subtitle)),
            ("body", .string(body)),
            ("badge", badge.map { .int($0) } ?? .null),
            ("sound", sound.map { .string($0) } ?? .null),
            ("threadIdentifier", .string(threadIdentifier)),
            ("categoryIdentifier", .string(categoryIdentifier)),
            ("targetContentIdentifier", targetContentIdentifier.map { .string($0) } ?? .null),
            ("interruptionLevel", .string(interruptionLevel.rawValue)),
            ("relevanceScore", .double(relevanceScore)),
            ("icon", .string(icon.rawValue)),
            ("attachments", .array(attachments.map { a in
                .object([
                    ("identifier", .string(a.identifier)),
                    ("type", .string(a.type)),
                    ("bytes", .int(a.bytes)),
                    ("thumbnailHidden", .bool(a.thumbnailHidden)),
                ])
            })),
            ("communication", communication.map { c in
                .object([
                    ("sender", .object([
                        ("displayName", .string(c.senderName)),
                        ("handle", .string(c.senderHandle)),
                        ("hasImage", .bool(c.senderHasImage)),
                    ])),
                    ("conversationIdentifier", c.conversationIdentifier.map { .string($0) } ?? .null),
                    ("groupName", c.groupName.map { .string($0) } ?? .null),
                    ("recipients", .int(c.recipients)),
                    ("donated", .bool(c.donated)),
                ])
            } ?? .null),
            ("userInfo", userInfo.withoutLocations),
        ] + (actions.isEmpty ? [] : [("actions", .array(actions.map(\.json)))]))
    }
}
