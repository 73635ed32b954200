import Foundation
import Payloads
import NotificationSimulator

/// Everything an example's panel, the index card and `simulate`'s summary show, decided once from an
/// outcome and its verification. Renderers only format it: no limit, "was it shown" test or alert
/// parsing lives anywhere else.
public struct ExampleView: Sendable, Equatable {
    /// The input's kind (`.local` for a local-notification example).
    public var inputKind: InputKind
    /// The input as the reader wrote it.
    public var inputText: String
    /// The input as tokens of `JSONWriter`, when writing it gives back exactly `inputText` (so marks can be placed).
    public var inputTokens: [JSONToken]?
    /// The input's JSON, when it parses.
    public var inputJSON: JSONValue?
    /// What APNs made of the request; nil for a local notification.
    public var apns: APNs?
    /// The service extension's run; nil when the push could never reach one.
    public var serviceExtension: ExtensionRun?
    /// Whether iOS woke the app for a background push.
    public var appWoken: Bool
    /// Which part of the app got the push (the record's `receivedBy`); nil when nothing reached the device.
    public var receivedBy: PushReceiver?
    /// What ActivityKit did with a Live Activity push; nil for any other push.
    public var liveActivity: DeliveryRecord.LiveActivityPart?
    /// What was delivered, as the record states it; nil when nothing was.
    public var shown: Shown?
    /// The foreground presentation options the app's delegate chose; nil when the app was not in the foreground.
    public var presentation: [String]?
    /// Whether the push itself appears to the user (delivered, and banner or list when in the foreground).
    public var pushAppears: Bool
    /// How many notifications the app added itself.
    public var localCount: Int
    /// How many notifications the user gets in all.
    public var totalNotifications: Int
    /// What the payload alone would show, without the extension; nil when it has no visible alert.
    public var before: Notification?
    /// The delivered notification as the lock screen draws it, whether or not it appears; nil when nothing was delivered.
    public var delivered: Notification?
    /// What the user sees: the delivered notification when it appears; nil when nothing is shown.
    public var after: Notification? { pushAppears ? delivered : nil }
    /// Why nothing is shown, when `after` is nil.
    public var nothingShown: NothingShown?
    /// Notifications the app added itself.
    public var localNotifications: [Notification]
    /// The files offered for download, each named after the example with its own suffix.
    public var downloads: [Download]
    /// The delivery record, as tokens of its JSON.
    public var recordTokens: [JSONToken]
    /// What the user did with the notification and what the app did then; nil when the example gives no answer.
    public var response: DeliveryRecord.ResponsePart?
    /// What Notification Center holds after this push, when it is the next push of a sequence (`after=`).
    public var notificationCenter: DeliveryRecord.NotificationCenterPart?
    /// The linter's and the device's findings.
    public var diagnostics: [Diagnostic]
    /// How the record compared with the recorded one.
    public var verification: Verification

    /// The bundle identifier the examples' app has.
    public static let bundleIdentifier = "com.example.app"

    /// What APNs made of the request.
    public struct APNs: Sendable, Equatable {
        /// Whether APNs (and FCM) accepted it.
        public var accepted: Bool
        /// The compact payload's size.
        public var bytes: Int
        /// The limit for this push type, from the rule that owns it.
        public var byteLimit: Int
        /// The request headers, sorted by name.
        public var headers: [(name: String, value: String)]
        /// The payload as it reaches the device, as tokens of its JSON.
        public var payloadTokens: [JSONToken]
        /// The payload as it reaches the device.
        public var payload: JSONValue
        /// The headers a reader sends with this payload straight to APNs, as Apple documents them:
        /// `apns-push-type` always, then `apns-topic` and `apns-priority`, then the request's other headers;
        /// never `apns-expiration`, whose value here comes from the model's fixed clock.
        public var sendHeaders: [(name: String, value: String)]

        /// Compares the parts (tuples are not `Equatable`).
        public static func == (a: APNs, b: APNs) -> Bool {
            a.accepted == b.accepted && a.bytes == b.bytes && a.byteLimit == b.byteLimit && a.payloadTokens == b.payloadTokens
                && a.headers.map(\.name) == b.headers.map(\.name) && a.headers.map(\.value) == b.headers.map(\.value)
                && a.sendHeaders.map(\.name) == b.sendHeaders.map(\.name) && a.sendHeaders.map(\.value) == b.sendHeaders.map(\.value)
        }
    }

    /// The service extension's run.
    public struct ExtensionRun: Sendable, Equatable {
        /// Whether iOS ran it.
        public var invoked: Bool
        /// How often it called the content handler.
        public var handlerCalls: Int
        /// Virtual milliseconds it ran.
        public var elapsedMilliseconds: Int
        /// Whether its time ran out.
        public var expired: Bool
        /// How many downloads it made.
        public var fetchCount: Int
        /// Ran, called the handler once, and in time.
        public var isClean: Bool { invoked && handlerCalls == 1 && !expired }
    }

    /// What was delivered, as the record states it.
    public struct Shown: Sendable, Equatable {
        /// The delivered title, subtitle and body.
        public var title: String, subtitle: String, body: String
        /// The icon.
        public var icon: NotificationIcon
        /// The attachments' type identifiers.
        public var attachmentTypes: [String]
        /// Whether it is a communication notification.
        public var isCommunication: Bool
        /// Where the user's settings let it appear (`banner`, `lockScreen`, `notificationCenter`); nil without settings.
        public var places: [String]? = nil
    }

    /// One notification as the lock screen draws it.
    public struct Notification: Sendable, Equatable, Codable {
        /// The app's display name.
        public var appName: String
        /// The leading icon.
        public var icon: NotificationIcon
        /// Initials for an avatar without an image.
        public var avatarInitials: String?
        /// The avatar's image bytes.
        public var avatar: Data?
        /// The bold first line, the second line and the text.
        public var title: String, subtitle: String, body: String
        /// The first attachment, if any.
        public var attachment: Attachment?
        /// The buttons under the expanded notification (its category's actions), in order.
        public var actions: [Action] = []

        /// A button of the expanded notification.
        public struct Action: Sendable, Equatable, Codable {
            /// Its title.
            public var title: String
            /// True when it opens a text field (`UNTextInputNotificationAction`).
            public var textInput: Bool
            /// True when iOS draws it in red (`.destructive`).
            public var destructive: Bool
        }

        /// An attachment: its type, size and (small) image bytes.
        public struct Attachment: Sendable, Equatable, Codable {
            /// Its uniform type identifier, e.g. `public.png`.
            public var type: String
            /// Its size.
            public var bytes: Int
            /// The image, for the preview.
            public var image: Data?
        }
    }

    /// Why nothing is shown.
    public enum NothingShown: Sendable, Equatable {
        /// A background push: iOS wakes the app.
        case backgroundPush
        /// Nothing reaches the user (refused, no alert, a push that is not a notification).
        case nothing
        /// The app is in the foreground and its delegate chose neither banner nor list.
        case foregroundChoseNone
        /// The push is not a user notification: it went to PushKit, ActivityKit, WidgetKit, … (push type, receiver).
        case notANotification(APNsPushType, PushReceiver)
    }

    /// A file offered for download.
    public struct Download: Sendable, Equatable {
        /// What the file is.
        public enum Kind: Sendable, Equatable {
            /// An Xcode Simulator `.apns` file.
            case simulatorFile
            /// The APNs payload for a raw request.
            case apnsPayload
            /// The FCM HTTP v1 request body.
            case fcmRequest
        }
        /// What the file is.
        public var kind: Kind
        /// The file name's suffix after the example's name, e.g. `.apns`.
        public var suffix: String
        /// The file's text.
        public var contents: String
    }

    /// The view of an example's outcome and how it compared with its recorded file.
    public init(_ outcome: ExampleRunner.Outcome, verification: Verification) {
        self.init(record: outcome.record, inputKind: outcome.lint?.kind ?? .local, input: outcome.input, parsed: outcome.parsedInput,
                  appName: outcome.app.displayName, previews: outcome.previews, verification: verification)
    }

    /// The view of a record made from `input` of `inputKind`, for an app called `appName`.
    /// `parsed` is the input as the runner parsed it; when nil, the input is parsed here.
    public init(record: DeliveryRecord, inputKind: InputKind, input: [UInt8], parsed: JSONValue? = nil, appName: String,
                previews: Previews = Previews(), verification: Verification = .missing) {
        self.inputKind = inputKind
        inputText = String(decoding: input, as: UTF8.self)
        if let root = parsed ?? (try? JSONReader.parse(input).get()) {
            inputJSON = root.withoutLocations
            let tokens = JSONWriter.tokens(root, sortKeys: false)
            if tokens.map(\.text).joined() + "\n" == inputText { inputTokens = tokens }
        }
        appWoken = record.appWoken
        receivedBy = record.receivedBy
        liveActivity = record.liveActivity
        presentation = record.presentationNames
        diagnostics = record.diagnostics
        response = record.response
        notificationCenter = record.notificationCenter
        self.verification = verification
        recordTokens = JSONWriter.tokens(record.json, sortKeys: true)
        localCount = record.localNotifications.count
        localNotifications = record.localNotifications.enumerated().map { index, local in
            Self.notification(from: local, images: index < previews.localNotifications.count ? previews.localNotifications[index] : .init(), appName: appName)
        }

        if let part = record.apns {
            let pushType = part.headers["apns-push-type"].flatMap(APNsPushType.init(rawValue:))
            apns = APNs(accepted: record.accepted, bytes: part.bytes, byteLimit: PayloadTooLargeRule.limit(for: pushType),
                        headers: part.headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) },
                        payloadTokens: JSONWriter.tokens(part.payload, sortKeys: false), payload: part.payload,
                        sendHeaders: Self.sendHeaders(part.headers, payload: part.payload))
            let bypasses = receivedBy.map { $0 != .userNotifications && $0 != .app } ?? false
            before = bypasses ? nil : Self.notification(fromPayload: part.payload, appName: appName)
        }
        serviceExtension = record.serviceExtension.map {
            ExtensionRun(invoked: $0.invoked, handlerCalls: $0.contentHandlerCalls, elapsedMilliseconds: $0.elapsedMilliseconds,
                         expired: $0.expired, fetchCount: $0.fetches.count)
        }
        shown = record.delivered.map {
            Shown(title: $0.title, subtitle: $0.subtitle, body: $0.body, icon: $0.icon,
                  attachmentTypes: $0.attachments.map(\.type), isCommunication: $0.communication != nil, places: record.settings?.shownIn)
        }
        let presented = record.isPresented
        pushAppears = record.delivered != nil && presented
        totalNotifications = localCount + (pushAppears ? 1 : 0)
        delivered = record.delivered.map { Self.notification(from: $0, images: previews.delivered, appName: appName) }
        if record.delivered != nil {
            if !presented { nothingShown = .foregroundChoseNone }
        } else {
            let pushType = record.apns?.headers["apns-push-type"].flatMap(APNsPushType.init(rawValue:))
            if let pushType, let receivedBy, receivedBy != .userNotifications, receivedBy != .app {
                nothingShown = .notANotification(pushType, receivedBy)
            } else {
                nothingShown = record.appWoken ? .backgroundPush : .nothing
            }
        }
        downloads = Self.downloads(record: record, inputKind: inputKind, input: inputText)
    }

    /// The index card's picture: the delivered push, or else the first notification the app added.
    public var cardNotification: Notification? { delivered ?? localNotifications.first }

    /// What the payload alone would show: its literal alert texts, from the typed `APS`.
    static func notification(fromPayload payload: JSONValue, appName: String) -> Notification? {
        guard let aps = APNsPayload(json: payload).aps, let alert = aps.alert else { return nil }
        var title = "", subtitle = "", body = ""
        switch alert {
        case .text(let text): body = text
        case .dictionary(let d):
            title = d.title ?? ""
            subtitle = d.subtitle ?? ""
            body = d.body ?? ""
        }
        if title.isEmpty && subtitle.isEmpty && body.isEmpty { return nil }
        return Notification(appName: appName, icon: .app, avatarInitials: nil, avatar: nil, title: title, subtitle: subtitle, body: body, attachment: nil)
    }

    /// A delivered notification as the lock screen draws it: a communication notification shows its sender (or group).
    static func notification(from delivered: DeliveryRecord.Delivered, images: DeviceRun.PreviewImages, appName: String) -> Notification {
        var title = delivered.title, subtitle = delivered.subtitle
        if let communication = delivered.communication {
            if let group = communication.groupName { title = group; subtitle = communication.senderName }
            else { title = communication.senderName }
        }
        let initialsSource = delivered.communication?.groupName ?? delivered.communication?.senderName ?? ""
        let initials = String(initialsSource.split(separator: " ").prefix(2).compactMap(\.first)).uppercased()
        return Notification(appName: appName, icon: delivered.icon,
                            avatarInitials: initials.isEmpty ? nil : initials, avatar: images.avatar,
                            title: title, subtitle: subtitle, body: delivered.body,
                            attachment: delivered.attachments.first.map {
                                Notification.Attachment(type: $0.type, bytes: $0.bytes, image: images.attachment)
                            },
                            actions: delivered.actions.map {
                                Notification.Action(title: $0.title, textInput: $0.textInput, destructive: $0.options.contains("destructive"))
                            })
    }

    /// `payload` without the keys FCM adds for its own SDK.
    static func withoutFCMKeys(_ payload: JSONValue) -> JSONValue {
        guard case .object(let members, let location) = payload else { return payload }
        return .object(members.filter { !isFCMInternalKey($0.key) }, location)
    }

    /// Whether the example shows the recipe working: accepted, shown (or applied by ActivityKit), and any
    /// extension ran cleanly.
    public var isWorking: Bool {
        guard apns?.accepted ?? true, !diagnostics.contains(where: { $0.severity == .error }) else { return false }
        // A Live Activity push is ActivityKit's: it works when applied, and no extension runs for it.
        if let liveActivity { return liveActivity.applied }
        return pushAppears && (serviceExtension.map { $0.isClean } ?? true)
    }

    /// The headers for a raw request to APNs: Apple asks for `apns-push-type` on every request (required for
    /// watchOS, recommended for iOS), `apns-topic` for token authentication (with the push type's suffix from
    /// the push-type table: a Live Activity sent through FCM goes to `<bundle>.push-type.liveactivity`), and `apns-priority` (10: now,
    /// 5: background). `apns-expiration` is left out: the record's value is a date on the model's clock.
    static func sendHeaders(_ headers: [String: String], payload: JSONValue) -> [(name: String, value: String)] {
        let aps = APNsPayload(json: payload).aps
        let background = !(aps?.hasUserInteraction ?? false)
        let pushType = headers["apns-push-type"] ?? (background ? APNsPushType.background.rawValue : APNsPushType.alert.rawValue)
        let topic = headers["apns-topic"] ?? APNsPushType(rawValue: pushType).flatMap { PushTypeProfile.profile(for: $0).topic(forBundle: bundleIdentifier) } ?? bundleIdentifier
        var list: [(name: String, value: String)] = [("apns-push-type", pushType), ("apns-topic", topic),
                                                      ("apns-priority", headers["apns-priority"] ?? (background ? "5" : "10"))]
        let known: Set<String> = ["apns-push-type", "apns-topic", "apns-priority", "apns-expiration", "authorization"]
        list += headers.filter { !known.contains($0.key) }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        return list
    }

    /// Whether a top-level payload key is one FCM adds for its own SDK (`gcm.…`, `google.…`): a request sent
    /// straight to APNs does not carry them.
    public static func isFCMInternalKey(_ key: String) -> Bool { key.hasPrefix("gcm.") || key.hasPrefix("google.") }

    /// The `.apns` file, the APNs payload and (for FCM input) the FCM request body.
    static func downloads(record: DeliveryRecord, inputKind: InputKind, input: String) -> [Download] {
        guard let apns = record.apns else { return [] }
        // The writer ignores where values were written, so the payload is written as it is.
        var simulator = apns.payload
        if case .object(var members, let location) = simulator {
            members.append(JSONMember(key: SimulatorFile.targetBundleKey, value: .string(bundleIdentifier)))
            simulator = .object(members, location)
        }
        var files = [Download(kind: .simulatorFile, suffix: ".apns", contents: JSONWriter.write(simulator, sortKeys: false)),
                     Download(kind: .apnsPayload, suffix: ".json", contents: JSONWriter.write(withoutFCMKeys(apns.payload), sortKeys: false))]
        if inputKind == .fcmV1 { files.append(Download(kind: .fcmRequest, suffix: ".fcm.json", contents: input)) }
        return files
    }
}
