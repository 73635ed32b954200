import Foundation
import Payloads

/// The simulated iPhone: takes a push (or runs app code that schedules local notifications) and
/// says what iOS does and what the user sees, as a `DeliveryRecord`.
public struct NotificationDevice: Sendable {
    /// The app's capabilities and state.
    public var app: AppConfiguration
    /// What the network serves.
    public var manifest: FixtureManifest
    /// The extension's time budget, in virtual milliseconds (30 s, domain-rules §2.7).
    public static let budgetMilliseconds = 30_000
    /// How long after the budget the simulator keeps running late callbacks, to catch a second handler call.
    public static let horizonMilliseconds = 60_000

    /// Creates a device for an app and a network.
    public init(app: AppConfiguration = .plain, manifest: FixtureManifest = FixtureManifest()) {
        self.app = app
        self.manifest = manifest
    }

    /// Delivers a linted push. `makeExtension` builds the app's Notification Service Extension;
    /// nil means the app has none. For an app in the foreground, `appSetUp` runs first (it sets the
    /// center's delegate) and `onMessage` gets the push's `userInfo` after iOS has presented it, or
    /// right away for a push iOS does not show (a data-only or background message).
    public func deliver(_ input: LintResult, makeExtension: (() -> UNNotificationServiceExtension)?,
                        appSetUp: ((UNUserNotificationCenter) -> Void)? = nil,
                        onMessage: (([AnyHashable: Any], UNUserNotificationCenter) -> Void)? = nil) -> DeliveryRecord {
        var record = DeliveryRecord(inputKind: input.kind?.rawValue ?? "apns", accepted: input.accepted,
                                    diagnostics: input.diagnostics, apns: nil, serviceExtension: nil,
                                    appWoken: false, delivered: nil, localNotifications: [], presentation: nil)
        guard let request = input.request else {
            record.accepted = false
            return record
        }
        record.apns = .init(headers: request.headers, payload: request.payload, bytes: request.bytes)
        guard input.accepted else { return record }

        let parsed = PayloadContent(payload: request.payload)
        record.appWoken = parsed.contentAvailable && app.wakesForRemoteNotifications
        guard parsed.isVisible else {
            record.serviceExtension = makeExtension.map { _ in .init(invoked: false, contentHandlerCalls: 0, expired: false, elapsedMilliseconds: 0, fetches: []) }
            // iOS shows nothing, but an app in the foreground still gets the message (firebase_messaging's onMessage).
            if let onMessage, app.isInForeground {
                let context = SimulationContext(network: FixtureNetwork(manifest: manifest))
                return SimulationContext.with(context) {
                    if let appSetUp {
                        let box = UncheckedBox(appSetUp)
                        ExtensionHost(context: context).call("app") { box.value(context.center) }
                    }
                    runOnMessage(onMessage, userInfo: parsed.content.userInfo, in: context, record: &record)
                    return record
                }
            }
            return record
        }
        let runsExtension = parsed.mutableContent && parsed.hasAlertText && makeExtension != nil
        let original = parsed.content
        let pushRequest = UNNotificationRequest(identifier: "push", content: original, trigger: UNPushNotificationTrigger())

        let context = SimulationContext(network: FixtureNetwork(manifest: manifest))
        return SimulationContext.with(context) {
            var final = original
            var donatedOK = false
            if let appSetUp {
                let box = UncheckedBox(appSetUp)
                ExtensionHost(context: context).call("app") { box.value(context.center) }
            }
            if runsExtension, let makeExtension {
                let outcome = runExtension(makeExtension(), request: pushRequest, in: context)
                final = outcome.content
                record.serviceExtension = outcome.part
                record.diagnostics += outcome.diagnostics
            } else if makeExtension != nil {
                record.serviceExtension = .init(invoked: false, contentHandlerCalls: 0, expired: false, elapsedMilliseconds: 0, fetches: [])
                if parsed.mutableContent && !parsed.hasAlertText {
                    record.diagnostics.append(DeviceBehaviours.diagnostic("ios.extension-gate", "mutable-content is 1 but the alert has no title, subtitle or body: iOS does not run the extension"))
                }
            }
            donatedOK = context.donations.contains { !$0.failed }
            if context.donations.contains(where: \.failed) {
                record.diagnostics.append(DeviceBehaviours.diagnostic("ios.inimage-url-local-only", "a donation failed: the sender's INImage has no data (INImage(url:) with a remote URL); no avatar can be stored"))
            }
            var diagnostics: [Diagnostic] = []
            record.delivered = present(final, original: original, donated: donatedOK, diagnostics: &diagnostics)
            record.diagnostics += diagnostics
            if app.isInForeground, record.delivered != nil {
                record.presentation = presentInForeground(final, in: context)
            }
            if let onMessage, app.isInForeground {
                runOnMessage(onMessage, userInfo: final.userInfo, in: context, record: &record)
            }
            return record
        }
    }

    /// Gives a foreground app's message handler the push, then shows the notifications it added.
    private func runOnMessage(_ onMessage: @escaping ([AnyHashable: Any], UNUserNotificationCenter) -> Void, userInfo: [AnyHashable: Any],
                              in context: SimulationContext, record: inout DeliveryRecord) {
        let box = UncheckedBox((onMessage, userInfo))
        let host = ExtensionHost(context: context)
        host.call("onMessage") { box.value.0(box.value.1, context.center) }
        while let event = context.scheduler.popEarliest(), event.time <= Self.horizonMilliseconds { host.run(event) }
        for due in context.center.takeDue(upTo: context.clock.now) {
            var diagnostics: [Diagnostic] = []
            if let shown = present(due.request.content, original: due.request.content, donated: false, diagnostics: &diagnostics) {
                record.localNotifications.append(shown)
            }
            record.diagnostics += diagnostics
        }
    }

    /// Runs app code that adds local notifications, then fires their triggers in virtual time.
    public func runLocal(_ body: @escaping @Sendable (UNUserNotificationCenter) -> Void) -> DeliveryRecord {
        var record = DeliveryRecord(inputKind: "local", accepted: true, diagnostics: [], apns: nil, serviceExtension: nil,
                                    appWoken: false, delivered: nil, localNotifications: [], presentation: nil)
        let context = SimulationContext(network: FixtureNetwork(manifest: manifest))
        return SimulationContext.with(context) {
            let host = ExtensionHost(context: context)
            if !host.call("app", { body(context.center) }) {
                record.diagnostics.append(DeviceBehaviours.diagnostic("ios.app-code-blocked", "the app's code did not return within the simulator's real-time limit"))
            }
            let limit = 7 * 24 * 3_600_000
            while true {
                let nextEvent = context.scheduler.nextTime
                let nextTrigger = context.center.nextFireTime
                guard let next = [nextEvent, nextTrigger].compactMap({ $0 }).min(), next <= limit else { break }
                if let nextEvent, nextEvent == next, let event = context.scheduler.popEarliest() {
                    host.run(event)
                    continue
                }
                context.clock.advance(to: next)
                for due in context.center.takeDue(upTo: next) {
                    var diagnostics: [Diagnostic] = []
                    let donated = context.donations.contains { !$0.failed }
                    if let shown = present(due.request.content, original: due.request.content, donated: donated, diagnostics: &diagnostics) {
                        record.localNotifications.append(shown)
                    }
                    record.diagnostics += diagnostics
                }
            }
            _ = context.scheduler.cancelAll()
            record.delivered = record.localNotifications.first
            if !record.localNotifications.isEmpty { record.localNotifications.removeFirst() }
            return record
        }
    }

    /// The outcome of an extension run.
    private struct ExtensionOutcome {
        var content: UNNotificationContent
        var part: DeliveryRecord.ExtensionPart
        var diagnostics: [Diagnostic]
    }

    private func runExtension(_ serviceExtension: UNNotificationServiceExtension, request: UNNotificationRequest, in context: SimulationContext) -> ExtensionOutcome {
        let host = ExtensionHost(context: context)
        let calls = HandlerCalls()
        let handler: (UNNotificationContent) -> Void = { content in
            calls.record(content, at: context.clock.now)
            context.scheduler.noteActivity()
        }
        let box = UncheckedBox((serviceExtension, handler))
        host.call("didReceive") { box.value.0.didReceive(request, withContentHandler: box.value.1) }
        var expired = false
        let budget = Self.budgetMilliseconds
        while true {
            let undecided = calls.first(upTo: budget) == nil
            let next = context.scheduler.nextTime
            if undecided && !expired && (next == nil || next! > budget) {
                context.clock.advance(to: budget)
                expired = true
                host.call("serviceExtensionTimeWillExpire") { box.value.0.serviceExtensionTimeWillExpire() }
                continue
            }
            guard let next, next <= Self.horizonMilliseconds, let event = context.scheduler.popEarliest() else { break }
            host.run(event)
        }
        _ = context.scheduler.cancelAll()

        var diagnostics: [Diagnostic] = []
        let decided = calls.first(upTo: budget)
        let decidedAt = decided?.time ?? budget
        var content = request.content
        if let decided {
            if Self.hasAlertText(decided.content) {
                content = decided.content
            } else {
                diagnostics.append(DeviceBehaviours.diagnostic("ios.modified-content-without-alert", "the extension removed all alert text, so iOS ignores its changes and shows the original content"))
            }
        } else {
            diagnostics.append(DeviceBehaviours.diagnostic("ios.time-budget", "the extension did not call the content handler within 30 seconds, even from serviceExtensionTimeWillExpire(): iOS shows the original content"))
        }
        diagnostics += Self.attachmentDiagnostics(context)
        let all = calls.all
        if all.count > 1 {
            diagnostics.append(DeviceBehaviours.diagnostic("ios.content-handler-called-twice", "the content handler was called \(all.count) times; only the first call counts"))
        }
        if expired, decided != nil {
            diagnostics.append(DeviceBehaviours.diagnostic("ios.time-budget", "the time budget ran out; serviceExtensionTimeWillExpire() delivered the best attempt", severity: .note))
        }
        let fetches = context.network.fetches.map { fetch in
            DeliveryRecord.FetchRecord(url: fetch.url, status: fetch.status, mimeType: fetch.mimeType, bytes: fetch.bytes,
                                       milliseconds: fetch.completed ? fetch.milliseconds : 0,
                                       late: !fetch.completed || fetch.startedAt + fetch.milliseconds > decidedAt)
        }
        let part = DeliveryRecord.ExtensionPart(invoked: true, contentHandlerCalls: all.count, expired: expired,
                                                elapsedMilliseconds: decidedAt, fetches: fetches)
        return ExtensionOutcome(content: content, part: part, diagnostics: diagnostics)
    }

    /// One diagnostic per attachment the initializer refused.
    static func attachmentDiagnostics(_ context: SimulationContext) -> [Diagnostic] {
        context.attachmentErrors.map { entry in
            let rule = entry.error.code == .attachmentInvalidFileSize ? "ios.attachment-size-limit" : "ios.attachment-type"
            return DeviceBehaviours.diagnostic(rule, "UNNotificationAttachment refused '\(entry.file)': \(entry.error.errorDescription ?? "") (UNError \(entry.error.code.rawValue))", severity: .warning)
        }
    }

    private static func hasAlertText(_ content: UNNotificationContent) -> Bool {
        !(content.title.isEmpty && content.subtitle.isEmpty && content.body.isEmpty)
    }

    /// What the user sees for `content`: attachments checked and moved into the store, communication styling applied.
    private func present(_ content: UNNotificationContent, original: UNNotificationContent, donated: Bool, diagnostics: inout [Diagnostic]) -> DeliveryRecord.Delivered? {
        var attachments: [DeliveryRecord.AttachmentRecord] = []
        var attachmentImage: Data?
        for attachment in content.attachments {
            guard let data = FileManager.default.contents(atPath: attachment.url.path) else {
                diagnostics.append(DeviceBehaviours.diagnostic("ios.attachment-validated-after-extension", "attachment '\(attachment.identifier)' was gone when the extension finished; it is not shown"))
                continue
            }
            try? FileManager.default.removeItem(at: attachment.url)
            attachments.append(.init(identifier: attachment.identifier, type: attachment.type, bytes: data.count, thumbnailHidden: attachment.thumbnailHidden))
            if attachmentImage == nil, ["public.png", "public.jpeg", "com.compuserve.gif"].contains(attachment.type) { attachmentImage = data }
        }
        var icon = "app"
        var communication: DeliveryRecord.CommunicationRecord?
        var avatar: Data?
        if let context = content.communication {
            if app.allowsCommunicationNotifications {
                icon = context.groupName != nil ? "group-avatar" : "sender-avatar"
                avatar = context.groupName != nil ? context.groupImageData : context.senderImageData
                communication = .init(senderName: context.senderName, senderHandle: context.senderHandle, senderHasImage: context.senderHasImage,
                                      conversationIdentifier: context.conversationIdentifier, groupName: context.groupName,
                                      recipients: context.recipients, donated: donated)
            } else {
                diagnostics.append(DeviceBehaviours.diagnostic("ios.communication-needs-entitlement", "the content was updated from a message intent, but the app lacks the Communication Notifications entitlement or NSUserActivityTypes: iOS silently shows a plain notification with the app icon", severity: .warning))
            }
        }
        let userInfo: JSONValue = PayloadContent.json(content.userInfo)
        let level = effectiveLevel(content.interruptionLevel)
        if level != content.interruptionLevel {
            diagnostics.append(DeviceBehaviours.diagnostic("ios.interruption-level-entitlement", "interruption level '\(content.interruptionLevel.payloadName)' needs its entitlement; the notification is delivered as '\(level.payloadName)'", severity: .warning))
        }
        return DeliveryRecord.Delivered(
            title: content.title, subtitle: content.subtitle, body: content.body,
            badge: content.badge?.intValue, sound: content.sound?.recordName,
            threadIdentifier: content.threadIdentifier, categoryIdentifier: content.categoryIdentifier,
            targetContentIdentifier: content.targetContentIdentifier,
            interruptionLevel: level.payloadName,
            relevanceScore: content.relevanceScore, icon: icon, attachments: attachments,
            communication: communication, userInfo: userInfo,
            previewImages: .init(avatar: avatar, attachment: attachmentImage))
    }

    /// Time-sensitive and critical levels fall back to active without their entitlements (domain-rules §1.2, [C]).
    private func effectiveLevel(_ level: UNNotificationInterruptionLevel) -> UNNotificationInterruptionLevel {
        switch level {
        case .timeSensitive where !app.entitlements.contains(AppConfiguration.timeSensitiveEntitlement): .active
        case .critical where !app.entitlements.contains(AppConfiguration.criticalAlertsEntitlement): .active
        default: level
        }
    }

    /// Asks the app's delegate how to present a notification that arrives in the foreground.
    private func presentInForeground(_ content: UNNotificationContent, in context: SimulationContext) -> [String] {
        guard let delegate = context.center.delegate else { return [] }
        let notification = UNNotification(request: UNNotificationRequest(identifier: "push", content: content, trigger: UNPushNotificationTrigger()),
                                          date: SimulationContext.epoch.addingTimeInterval(Double(context.clock.now) / 1000))
        let chosen = OptionsBox()
        let host = ExtensionHost(context: context)
        let box = UncheckedBox((delegate, context.center))
        host.call("willPresent") {
            box.value.0.userNotificationCenter(box.value.1, willPresent: notification) { chosen.set($0) }
        }
        return chosen.value.names
    }
}

/// The content-handler calls of one extension run.
private final class HandlerCalls: @unchecked Sendable {
    private let lock = NSLock()
    private var calls: [(content: UNNotificationContent, time: Int)] = []

    func record(_ content: UNNotificationContent, at time: Int) {
        let copy = (content.copy() as? UNNotificationContent) ?? content
        lock.lock(); defer { lock.unlock() }
        calls.append((copy, time))
    }

    var all: [(content: UNNotificationContent, time: Int)] {
        lock.lock(); defer { lock.unlock() }
        return calls
    }

    func first(upTo time: Int) -> (content: UNNotificationContent, time: Int)? {
        all.first.flatMap { $0.time <= time ? $0 : nil }
    }
}

/// Presentation options chosen by a delegate.
private final class OptionsBox: @unchecked Sendable {
    private let lock = NSLock()
    private var options: UNNotificationPresentationOptions = []
    func set(_ value: UNNotificationPresentationOptions) { lock.lock(); options = value; lock.unlock() }
    var value: UNNotificationPresentationOptions { lock.lock(); defer { lock.unlock() }; return options }
}

/// Carries non-Sendable values to the thread that runs app code; the driver never touches them meanwhile.
struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
