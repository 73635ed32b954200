import Foundation
import Payloads

/// The simulated iPhone: takes a push (or runs app code that schedules local notifications) and
/// says what iOS does and what the user sees, as a `DeliveryRecord`.
public struct NotificationDevice: Sendable {
    /// The app's capabilities and state.
    public var app: AppConfiguration
    /// What the network serves.
    public var manifest: FixtureManifest
    /// The resources of the app's and extension's bundles, by file name (what `INImage(named:)` finds).
    public var bundle: [String: Data]
    /// The extension's time budget, in virtual milliseconds (30 s, domain-rules §2.7).
    public static let budgetMilliseconds = 30_000
    /// How long after the budget the simulator keeps running late callbacks, to catch a second handler call.
    public static let horizonMilliseconds = 60_000

    /// Creates a device for an app, a network and the bundle's resources.
    public init(app: AppConfiguration = .plain, manifest: FixtureManifest = FixtureManifest(), bundle: [String: Data] = [:]) {
        self.app = app
        self.manifest = manifest
        self.bundle = bundle
    }

    /// A new simulated world for one run: with `session`, on the sequence's center, `offset` milliseconds in.
    private func makeContext(_ session: DeviceSession? = nil, offset: Int = 0) -> SimulationContext {
        let context = SimulationContext(network: FixtureNetwork(manifest: manifest), bundle: bundle,
                                        center: session?.center ?? UNUserNotificationCenter(), dateOffset: offset,
                                        appGroups: session?.appGroups ?? AppGroupContainers(), appGroupIdentifiers: Set(app.appGroups), strings: app.strings,
                                        defaults: session?.defaults ?? DefaultsDatabases())
        // A sequence keeps the settings its app changed (a provisional authorization it asked for).
        if session == nil || context.center.userSettings == nil { context.center.userSettings = app.settings }
        return context
    }

    /// Delivers a linted push. `makeExtension` builds the app's Notification Service Extension;
    /// nil means the app has none. For an app in the foreground, `appSetUp` runs first (it sets the
    /// center's delegate) and `onMessage` gets the push's `userInfo` after iOS has presented it, or
    /// right away for a push iOS does not show (a data-only or background message).
    public func deliver(_ input: LintResult, makeExtension: (() -> UNNotificationServiceExtension)?,
                        appSetUp: ((UNUserNotificationCenter) -> Void)? = nil,
                        onMessage: (([AnyHashable: Any], UNUserNotificationCenter) -> Void)? = nil) -> DeliveryRecord {
        simulate(input, makeExtension: makeExtension, appSetUp: appSetUp, onMessage: onMessage).record
    }

    /// `deliver`, with the images the previews of what was shown draw (kept beside the record, never in it).
    /// With `session`, the push is the next of a sequence: delivered to the session's center, and the
    /// record says what Notification Center holds after it.
    public func simulate(_ input: LintResult, makeExtension: (() -> UNNotificationServiceExtension)?,
                         appSetUp: ((UNUserNotificationCenter) -> Void)? = nil,
                         onMessage: (([AnyHashable: Any], UNUserNotificationCenter) -> Void)? = nil,
                         backgroundPush: (([AnyHashable: Any], UNUserNotificationCenter, @escaping () -> Void) -> Void)? = nil,
                         session: DeviceSession? = nil) -> DeviceRun {
        guard let session else {
            return simulateOne(input, makeExtension: makeExtension, appSetUp: appSetUp, onMessage: onMessage, backgroundPush: backgroundPush)
        }
        let (offset, number) = session.begin()
        var run = simulateOne(input, makeExtension: makeExtension, appSetUp: appSetUp, onMessage: onMessage, backgroundPush: backgroundPush,
                              session: session, offset: offset, identifier: "push-\(number)")
        run.record.notificationCenter = session.notificationCenter
        session.lastShown = run.shown
        return run
    }

    /// One push; in a sequence, on `session`'s center, `offset` milliseconds in, with `identifier`
    /// as its request identifier unless the push has an `apns-collapse-id`.
    private func simulateOne(_ input: LintResult, makeExtension: (() -> UNNotificationServiceExtension)?,
                             appSetUp: ((UNUserNotificationCenter) -> Void)?,
                             onMessage: (([AnyHashable: Any], UNUserNotificationCenter) -> Void)?,
                             backgroundPush: (([AnyHashable: Any], UNUserNotificationCenter, @escaping () -> Void) -> Void)? = nil,
                             session: DeviceSession? = nil, offset: Int = 0, identifier: String = "push") -> DeviceRun {
        var record = DeliveryRecord(inputKind: input.kind ?? .apns, accepted: input.accepted,
                                    diagnostics: input.diagnostics, apns: nil, serviceExtension: nil,
                                    appWoken: false, delivered: nil, localNotifications: [], presentation: nil)
        guard let request = input.request else {
            record.accepted = false
            return DeviceRun(record: record)
        }
        record.apns = .init(headers: request.headers, payload: request.payload, bytes: request.bytes)
        guard input.accepted else { return DeviceRun(record: record) }

        let parsed = PayloadContent(payload: request.payload, strings: app.strings)
        let route = PushRoute(headers: request.typedHeaders, isVisible: parsed.isVisible)
        record.receivedBy = route.receiver
        if route.bypassesNotifications {
            // PushKit, ActivityKit, WidgetKit, …: no notification, no service extension (push-type table).
            record.serviceExtension = makeExtension.map { _ in .init(invoked: false, contentHandlerCalls: 0, expired: false, elapsedMilliseconds: 0, fetches: []) }
            if let note = route.note(hasExtension: makeExtension != nil) { record.diagnostics.append(note) }
            if route.receiver == .activityKit {
                let part = DeliveryRecord.LiveActivityPart(payload: request.payload, broadcast: request.headers["apns-channel-id"] != nil)
                record.liveActivity = part
                record.diagnostics.append(Self.liveActivityNote(part))
            }
            return DeviceRun(record: record)
        }
        record.appWoken = parsed.contentAvailable && app.wakesForRemoteNotifications
        guard parsed.isVisible else {
            record.serviceExtension = makeExtension.map { _ in .init(invoked: false, contentHandlerCalls: 0, expired: false, elapsedMilliseconds: 0, fetches: []) }
            // iOS shows nothing, but an app in the foreground still gets the message (firebase_messaging's onMessage).
            if let onMessage, app.isInForeground {
                let context = makeContext(session, offset: offset)
                return SimulationContext.with(context) {
                    if let appSetUp {
                        let box = UncheckedBox(appSetUp)
                        ExtensionHost(context: context).call("app") { box.value(context.center) }
                    }
                    var localImages: [DeviceRun.PreviewImages] = []
                    runOnMessage(onMessage, userInfo: parsed.content.userInfo, in: context, record: &record, images: &localImages)
                    return DeviceRun(record: record, delivered: .init(), localNotifications: localImages)
                }
            }
            if let backgroundPush, record.appWoken {
                let context = makeContext(session, offset: offset)
                SimulationContext.with(context) {
                    runBackgroundPush(backgroundPush, appSetUp: appSetUp, userInfo: parsed.content.userInfo, in: context, record: &record)
                }
            }
            return DeviceRun(record: record)
        }
        record.diagnostics += parsed.localizationNotes
        let original = parsed.content
        // Apple: a remote notification's request identifier is its apns-collapse-id; with none, the
        // system assigns one. A notification with the identifier of one shown before replaces it.
        let requestIdentifier = request.typedHeaders.collapseID ?? identifier
        let pushRequest = UNNotificationRequest(identifier: requestIdentifier, content: original, trigger: UNPushNotificationTrigger())

        let context = makeContext(session, offset: offset)
        return SimulationContext.with(context) {
            var final = original
            if let appSetUp {
                let box = UncheckedBox(appSetUp)
                ExtensionHost(context: context).call("app") { box.value(context.center) }
            }
            // The user's settings decide first whether anything is delivered (ios.settings-*): the
            // device's, which the app's own requestAuthorization may have changed (provisional).
            let settings = context.center.userSettings
            let verdict = settings?.verdict
            if let settings, let verdict {
                record.settings = .init(authorizationStatus: settings.authorizationStatus.settingsName, shownIn: verdict.places,
                                        soundPlays: verdict.playsSound && parsed.content.sound != nil,
                                        badgeApplied: verdict.appliesBadge && parsed.content.badge != nil)
                if let reason = verdict.reason { record.diagnostics.append(DeviceBehaviours.diagnostic(reason.rule, reason.message)) }
                if !verdict.delivers {
                    record.serviceExtension = makeExtension.map { _ in .init(invoked: false, contentHandlerCalls: 0, expired: false, elapsedMilliseconds: 0, fetches: []) }
                    return DeviceRun(record: record)
                }
            }
            let runsExtension = parsed.mutableContent && parsed.hasAlertText && makeExtension != nil && verdict?.runsExtension != false
            if runsExtension, let makeExtension {
                let outcome = runExtension(makeExtension(), request: pushRequest, in: context)
                final = outcome.content
                record.serviceExtension = outcome.part
                record.diagnostics += outcome.diagnostics
                if outcome.filtered {
                    record.diagnostics += Self.donationDiagnostics(context)
                    return DeviceRun(record: record)
                }
            } else if makeExtension != nil {
                record.serviceExtension = .init(invoked: false, contentHandlerCalls: 0, expired: false, elapsedMilliseconds: 0, fetches: [])
                if parsed.mutableContentIsBoolean {
                    record.diagnostics.append(DeviceBehaviours.diagnostic("ios.mutable-content-boolean", "mutable-content is the Boolean true, not the number 1 Apple documents: Pushbook's model does not run the extension (whether iOS does is not documented)"))
                }
                if parsed.mutableContent && !parsed.hasAlertText {
                    record.diagnostics.append(DeviceBehaviours.diagnostic("ios.extension-gate", "mutable-content is 1 but the alert has no title, subtitle or body: iOS does not run the extension"))
                }
            }
            record.diagnostics += Self.donationDiagnostics(context)
            var diagnostics: [Diagnostic] = []
            let presented = present(final, original: original, donated: Self.donated(context), diagnostics: &diagnostics)
            record.delivered = presented?.notification
            record.diagnostics += diagnostics
            // With settings, the interruption level and a Focus narrow where it appears (ios.interruption-level-focus).
            if let level = record.delivered?.interruptionLevel, let settings = context.center.userSettings, let part = record.settings,
               let gate = settings.interruption(level: level, places: part.shownIn) {
                record.settings?.shownIn = gate.places
                if gate.silenced { record.settings?.soundPlays = false }
                record.diagnostics.append(DeviceBehaviours.diagnostic("ios.interruption-level-focus", gate.note))
            }
            let shown = UNNotification(request: UNNotificationRequest(identifier: requestIdentifier, content: final, trigger: UNPushNotificationTrigger()),
                                       date: Self.date(context))
            var answerable = record.delivered != nil
            if app.isInForeground, record.delivered != nil {
                let asked = askDelegate(shown, in: context)
                record.presentation = asked.options
                record.diagnostics += asked.diagnostics
                answerable = asked.options.showsSomething
            } else if record.delivered != nil, record.settings?.shownIn == [DeviceSettings.summaryPlace] {
                context.center.noteHeldForSummary(shown)
                answerable = false
            } else if record.delivered != nil, verdict?.places.contains("notificationCenter") ?? true {
                context.center.noteDelivered(shown)
            }
            // The badge a push (or its extension) sets is applied unless the settings turn badges off.
            if let badge = record.delivered?.badge, verdict?.appliesBadge ?? true { context.center.applyBadge(badge) }
            var localImages: [DeviceRun.PreviewImages] = []
            if let onMessage, app.isInForeground {
                runOnMessage(onMessage, userInfo: final.userInfo, in: context, record: &record, images: &localImages)
            }
            var run = DeviceRun(record: record, delivered: presented?.images ?? .init(), localNotifications: localImages)
            run.shown = answerable ? shown : nil
            return run
        }
    }

    /// The time iOS gives an app woken by a background push (domain rule: 30 seconds).
    static let backgroundPushMilliseconds = 30_000

    /// Wakes the app for a background push: its launch code runs (iOS launches it in the background
    /// when it is not running), then its handler gets the payload and 30 s of virtual time to call
    /// its completion handler (`ios.background-push-handler`).
    private func runBackgroundPush(_ handler: @escaping ([AnyHashable: Any], UNUserNotificationCenter, @escaping () -> Void) -> Void,
                                   appSetUp: ((UNUserNotificationCenter) -> Void)?, userInfo: [AnyHashable: Any],
                                   in context: SimulationContext, record: inout DeliveryRecord) {
        let host = ExtensionHost(context: context)
        if let appSetUp {
            let box = UncheckedBox(appSetUp)
            host.call("app") { box.value(context.center) }
        }
        let completed = Locked(false)
        let box = UncheckedBox((handler, userInfo))
        host.call("didReceiveRemoteNotification") {
            box.value.0(box.value.1, context.center) {
                completed.withLock { $0 = true }
                context.scheduler.noteActivity()
            }
        }
        while !completed.current, let next = context.scheduler.nextTime, next <= Self.backgroundPushMilliseconds,
              let event = context.scheduler.popEarliest() {
            host.run(event)
        }
        let finishedAt = completed.current ? context.clock.now : Self.backgroundPushMilliseconds
        _ = context.scheduler.cancelAll()
        record.background = .init(completed: completed.current, elapsedMilliseconds: finishedAt,
                                  fetches: context.network.fetches.map { DeliveryRecord.FetchRecord($0, late: !$0.completed) })
        if !completed.current {
            record.diagnostics.append(DeviceBehaviours.diagnostic("ios.background-push-handler",
                "the app's handler of the background push did not call its completion handler within \(Self.backgroundPushMilliseconds / 1000) s; iOS may stop the app and wake it less often", severity: .warning))
        }
    }

    /// Gives a foreground app's message handler the push, then shows the notifications it added:
    /// each one goes through the delegate's `willPresent`, as a local notification in the foreground does.
    private func runOnMessage(_ onMessage: @escaping ([AnyHashable: Any], UNUserNotificationCenter) -> Void, userInfo: [AnyHashable: Any],
                              in context: SimulationContext, record: inout DeliveryRecord, images: inout [DeviceRun.PreviewImages]) {
        let box = UncheckedBox((onMessage, userInfo))
        let host = ExtensionHost(context: context)
        host.call("onMessage") { box.value.0(box.value.1, context.center) }
        while let event = context.scheduler.popEarliest(), event.time <= Self.horizonMilliseconds { host.run(event) }
        record.diagnostics += Self.localAttachmentDiagnostics(context)
        for due in context.center.takeDue(upTo: context.clock.now) {
            var diagnostics: [Diagnostic] = []
            if let shown = present(due.request.content, original: due.request.content, donated: false, diagnostics: &diagnostics) {
                let asked = askDelegate(UNNotification(request: due.request, date: Self.date(context)), in: context)
                if asked.options.showsSomething {
                    record.localNotifications.append(shown.notification)
                    images.append(shown.images)
                } else {
                    diagnostics += asked.diagnostics
                }
            }
            record.diagnostics += diagnostics
        }
    }

    /// Runs app code that adds local notifications, then fires their triggers in virtual time. When
    /// the app is in the foreground, each notification goes through the delegate's `willPresent`;
    /// with no delegate, iOS silences it (rule `ios.foreground-presentation`).
    public func runLocal(_ body: @escaping @Sendable (UNUserNotificationCenter) -> Void) -> DeliveryRecord {
        simulateLocal(body).record
    }

    /// `runLocal`, with the images the previews of what was shown draw (kept beside the record, never in it).
    public func simulateLocal(_ body: @escaping @Sendable (UNUserNotificationCenter) -> Void) -> DeviceRun {
        var record = DeliveryRecord(inputKind: .local, accepted: true, receivedBy: .userNotifications, diagnostics: [], apns: nil, serviceExtension: nil,
                                    appWoken: false, delivered: nil, localNotifications: [], presentation: nil)
        let context = makeContext()
        return SimulationContext.with(context) {
            let host = ExtensionHost(context: context)
            if !host.call("app", { body(context.center) }) {
                record.diagnostics.append(DeviceBehaviours.diagnostic("ios.app-code-blocked", "the app's code did not return within the simulator's real-time limit"))
            }
            let limit = 7 * 24 * 3_600_000
            var shown: [(presented: Presented, options: UNNotificationPresentationOptions?)] = []
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
                    if let delivered = present(due.request.content, original: due.request.content, donated: Self.donated(context), diagnostics: &diagnostics) {
                        var options: UNNotificationPresentationOptions?
                        if app.isInForeground {
                            let asked = askDelegate(UNNotification(request: due.request, date: Self.date(context)), in: context)
                            options = asked.options
                            diagnostics += asked.diagnostics
                        }
                        shown.append((delivered, options))
                    }
                    record.diagnostics += diagnostics
                }
            }
            _ = context.scheduler.cancelAll()
            record.diagnostics = Self.donationDiagnostics(context) + Self.localAttachmentDiagnostics(context) + record.diagnostics
            if let settings = app.settings {
                // The same verdict as for a push; a denied app could not schedule at all (add(_:) failed).
                let verdict = settings.verdict
                let first = shown.first?.presented.notification
                record.settings = .init(authorizationStatus: settings.authorizationStatus.settingsName, shownIn: verdict.places,
                                        soundPlays: verdict.playsSound && first?.sound != nil, badgeApplied: verdict.appliesBadge && first?.badge != nil)
                if let reason = verdict.reason { record.diagnostics.append(DeviceBehaviours.diagnostic(reason.rule, reason.message)) }
                if !verdict.delivers { return DeviceRun(record: record) }
            }
            guard let first = shown.first else { return DeviceRun(record: record) }
            record.delivered = first.presented.notification
            record.presentation = first.options
            let others = shown.dropFirst().filter { $0.options?.showsSomething ?? true }.map(\.presented)
            record.localNotifications = others.map(\.notification)
            return DeviceRun(record: record, delivered: first.presented.images, localNotifications: others.map(\.images))
        }
    }

    /// The outcome of an extension run.
    private struct ExtensionOutcome {
        var content: UNNotificationContent
        var part: DeliveryRecord.ExtensionPart
        var diagnostics: [Diagnostic]
        /// True when the extension hid the notification (empty content, with the filtering entitlement).
        var filtered = false
    }

    private func runExtension(_ serviceExtension: UNNotificationServiceExtension, request: UNNotificationRequest, in context: SimulationContext) -> ExtensionOutcome {
        let host = ExtensionHost(context: context)
        let calls = HandlerCalls()
        let handler: (UNNotificationContent) -> Void = { content in
            calls.record(content, at: context.clock.now)
            context.scheduler.noteActivity()
        }
        let box = UncheckedBox((serviceExtension, handler))
        host.call("didReceive", in: .serviceExtension) { box.value.0.didReceive(request, withContentHandler: box.value.1) }
        var expired = false
        let budget = Self.budgetMilliseconds
        while true {
            let undecided = calls.first(upTo: budget) == nil
            let next = context.scheduler.nextTime
            if undecided && !expired && (next == nil || next! > budget) {
                context.clock.advance(to: budget)
                expired = true
                host.call("serviceExtensionTimeWillExpire", in: .serviceExtension) { box.value.0.serviceExtensionTimeWillExpire() }
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
        var filtered = false
        if let decided {
            if Self.hasAlertText(decided.content) {
                content = decided.content
            } else if app.entitlements.contains(AppConfiguration.filteringEntitlement) {
                filtered = true
                diagnostics.append(DeviceBehaviours.diagnostic("ios.notification-filtering", "the extension handed over content without alert text and the app has the filtering entitlement: iOS shows nothing"))
            } else {
                diagnostics.append(DeviceBehaviours.diagnostic("ios.modified-content-without-alert", "the extension removed all alert text, so iOS ignores its changes and shows the original content (hiding it takes the filtering entitlement)"))
            }
        } else {
            diagnostics.append(DeviceBehaviours.diagnostic("ios.time-budget", "the extension did not call the content handler within 30 seconds, even from serviceExtensionTimeWillExpire(): iOS shows the original content"))
        }
        diagnostics += Self.attachmentDiagnostics(context)
        diagnostics += context.extensionDiagnostics
        if let decided, decided.original.fields != decided.content.fields {
            diagnostics.append(DeviceBehaviours.diagnostic("ios.content-changed-after-handler", "the extension changed the content after handing it to the content handler (a late completion writing into it); what iOS shows then is not documented: Pushbook's model shows the content as handed over"))
        }
        let all = calls.all
        if all.count > 1 {
            diagnostics.append(DeviceBehaviours.diagnostic("ios.content-handler-called-twice", "the content handler was called \(all.count) times; only the first call counts"))
        }
        if expired, decided != nil {
            diagnostics.append(DeviceBehaviours.diagnostic("ios.time-budget", "the time budget ran out; serviceExtensionTimeWillExpire() delivered the best attempt", severity: .note))
        }
        let fetches = context.network.fetches.map {
            DeliveryRecord.FetchRecord($0, late: !$0.completed || $0.startedAt + $0.milliseconds > decidedAt)
        }
        let part = DeliveryRecord.ExtensionPart(invoked: true, contentHandlerCalls: all.count, expired: expired,
                                                elapsedMilliseconds: decidedAt, fetches: fetches)
        return ExtensionOutcome(content: content, part: part, diagnostics: diagnostics, filtered: filtered)
    }

    /// What ActivityKit did, as a note of `ios.live-activity`.
    static func liveActivityNote(_ part: DeliveryRecord.LiveActivityPart) -> Diagnostic {
        let event = part.event ?? "(no event)"
        let message: String
        if !part.applied {
            message = "ActivityKit cannot apply this Live Activity push (\(event)): see the errors; nothing changes on the Lock Screen"
        } else {
            let verb = switch event { case "start": "starts"; case "end": "ends"; default: "updates" }
            var text = "ActivityKit \(verb) the Live Activity with this content-state"
            if part.alert != nil { text += "; its alert lights the screen and shows the Live Activity expanded (or as a banner), not as a notification" }
            if event == "end" {
                text += part.dismissalDate == nil ? "; without dismissal-date it stays on the Lock Screen for up to four hours" : "; it is dismissed at dismissal-date (at once for a date in the past)"
            }
            message = text
        }
        return DeviceBehaviours.diagnostic("ios.live-activity", message)
    }

    /// One diagnostic per attachment the initializer refused.
    static func attachmentDiagnostics(_ context: SimulationContext) -> [Diagnostic] {
        context.attachmentErrors.map { entry in
            let rule = entry.error.code == .attachmentInvalidFileSize ? "ios.attachment-size-limit" : "ios.attachment-type"
            return DeviceBehaviours.diagnostic(rule, "UNNotificationAttachment refused '\(entry.file)': \(entry.error.code.simulatorDescription) (UNError \(entry.error.code.rawValue))", severity: .warning)
        }
    }

    private static func hasAlertText(_ content: UNNotificationContent) -> Bool {
        !(content.title.isEmpty && content.subtitle.isEmpty && content.body.isEmpty)
    }
}

/// The content-handler calls of one extension run: a copy of what was handed over (what iOS has),
/// and the object itself, to tell whether the extension changed it afterwards.
private final class HandlerCalls: Sendable {
    private let calls = Locked<[(content: UNNotificationContent, original: UNNotificationContent, time: Int)]>([])

    func record(_ content: UNNotificationContent, at time: Int) {
        let copy = (content.copy() as? UNNotificationContent) ?? content
        let boxed = UncheckedBox((copy, content))
        calls.withLock { $0.append((boxed.value.0, boxed.value.1, time)) }
    }

    var all: [(content: UNNotificationContent, original: UNNotificationContent, time: Int)] { calls.current }

    func first(upTo time: Int) -> (content: UNNotificationContent, original: UNNotificationContent, time: Int)? {
        all.first.flatMap { $0.time <= time ? $0 : nil }
    }
}
