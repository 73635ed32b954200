import Foundation
import Payloads

/// What the device shows: attachments moved into the store, communication styling, interruption
/// level, and the app delegate's say in the foreground.
extension NotificationDevice {
    /// What the user sees for `content` (attachments checked and moved into the store, communication
    /// styling applied), and the images its preview draws.
    func present(_ content: UNNotificationContent, original: UNNotificationContent, donated: Bool, diagnostics: inout [Diagnostic]) -> Presented? {
        var attachments: [DeliveryRecord.AttachmentRecord] = []
        var attachmentImage: Data?
        for attachment in content.attachments {
            // A local request's files moved into the store when it was added; a push's move now,
            // after the extension has finished (domain-rules §3.2.4, §3.2.6).
            guard let data = attachment.storedData ?? (attachment.moveIntoStore() ? attachment.storedData : nil) else {
                diagnostics.append(DeviceBehaviours.diagnostic("ios.attachment-validated-after-extension", "attachment '\(attachment.identifier)' was gone when the extension finished; it is not shown"))
                continue
            }
            attachments.append(.init(identifier: attachment.identifier, type: attachment.type, bytes: data.count, thumbnailHidden: attachment.thumbnailHidden))
            if AttachmentType.bytesMatch(uti: attachment.type, data: data) == false {
                diagnostics.append(DeviceBehaviours.diagnostic("ios.attachment-content-mismatch", "attachment '\(attachment.identifier)' is named as \(attachment.type) but its bytes are not: iOS accepted it by its extension, and Pushbook's model shows no image for it"))
                continue
            }
            if attachmentImage == nil, ["public.png", "public.jpeg", "com.compuserve.gif"].contains(attachment.type) { attachmentImage = data }
        }
        var icon = NotificationIcon.app
        var communication: DeliveryRecord.CommunicationRecord?
        var avatar: Data?
        if let context = content.communication {
            if context.recipientsMarkedMe > 0 {
                diagnostics.append(DeviceBehaviours.diagnostic("ios.recipient-is-me", "the intent lists \(context.recipientsMarkedMe) recipient\(context.recipientsMarkedMe == 1 ? "" : "s") marked isMe; Apple says not to include the current user, whom iOS adds itself. Pushbook's model leaves them out of the count"))
            }
            if content.changedAfterUpdate {
                diagnostics.append(DeviceBehaviours.diagnostic("ios.content-changed-after-update", "the content was changed after updating(from:); Apple asks to pass the updated content on without changing it. Pushbook's model shows the changed fields"))
            }
            if app.allowsCommunicationNotifications {
                icon = context.groupName != nil ? .groupAvatar : .senderAvatar
                avatar = context.groupName != nil ? context.groupImageData : context.senderImageData
                communication = .init(senderName: context.senderName, senderHandle: context.senderHandle, senderHasImage: context.senderHasImage,
                                      conversationIdentifier: context.conversationIdentifier, groupName: context.groupName,
                                      recipients: context.recipients, donated: donated)
            } else {
                diagnostics.append(DeviceBehaviours.diagnostic("ios.communication-needs-entitlement", "the content was updated from a message intent, but the app lacks the Communication Notifications entitlement or NSUserActivityTypes: iOS silently shows a plain notification with the app icon", severity: .warning))
            }
        }
        let sound = soundRecord(content.sound, original: original.sound, diagnostics: &diagnostics)
        let userInfo: JSONValue = PayloadContent.json(content.userInfo)
        let level = effectiveLevel(content.interruptionLevel)
        if level != content.interruptionLevel {
            diagnostics.append(DeviceBehaviours.diagnostic("ios.interruption-level-entitlement", "interruption level '\(content.interruptionLevel.apnsLevel.rawValue)' needs its entitlement; the notification is delivered as '\(level.apnsLevel.rawValue)'", severity: .warning))
        }
        let delivered = DeliveryRecord.Delivered(
            title: content.title, subtitle: content.subtitle, body: content.body,
            badge: content.badge?.intValue, sound: sound,
            threadIdentifier: content.threadIdentifier, categoryIdentifier: content.categoryIdentifier,
            targetContentIdentifier: content.targetContentIdentifier,
            interruptionLevel: level.apnsLevel,
            relevanceScore: content.relevanceScore, icon: icon, attachments: attachments,
            communication: communication, userInfo: userInfo,
            actions: SimulationContext.current.map { Self.actions(of: content.categoryIdentifier, in: $0.center) } ?? [])
        return Presented(notification: delivered, images: .init(avatar: avatar, attachment: attachmentImage))
    }

    /// The buttons of a notification in category `identifier`: the actions of the category the app
    /// registered under it, in order; none for an empty identifier or a category never registered.
    static func actions(of identifier: String, in center: UNUserNotificationCenter) -> [DeliveryRecord.ActionRecord] {
        guard !identifier.isEmpty, let category = center.registeredCategories.first(where: { $0.identifier == identifier }) else { return [] }
        return category.actions.map { action in
            let named: [(UNNotificationActionOptions, String)] = [(.foreground, "foreground"), (.destructive, "destructive"),
                                                                   (.authenticationRequired, "authenticationRequired")]
            return DeliveryRecord.ActionRecord(identifier: action.identifier, title: action.title,
                                               textInput: action is UNTextInputNotificationAction,
                                               options: named.filter { action.options.contains($0.0) }.map(\.1))
        }
    }

    /// A notification as shown, and its preview's images (kept apart from the record).
    struct Presented {
        /// What the record says the user sees.
        var notification: DeliveryRecord.Delivered
        /// The images its preview draws.
        var images: DeviceRun.PreviewImages
    }

    /// The sound as the record shows it. A critical sound without Apple's critical-alerts entitlement (or with
    /// critical alerts turned off in the settings) plays as an ordinary sound (`ios.critical-sound-entitlement`);
    /// a sound the extension set to a file type iOS does not play is reported as the linter reports the payload's.
    private func soundRecord(_ sound: UNNotificationSound?, original: UNNotificationSound?, diagnostics: inout [Diagnostic]) -> String? {
        guard let sound else { return nil }
        if sound.name != original?.name, case .unplayable(let ext) = SoundFileType(name: sound.name) {
            diagnostics.append(Diagnostic(rule: SoundFileTypeRule.description.id, severity: SoundFileTypeRule.description.severity,
                                          message: "the extension set " + SoundFileType.message(name: sound.name, fileExtension: ext)))
        }
        guard sound.isCritical else { return sound.recordName }
        if !app.entitlements.contains(AppConfiguration.criticalAlertsEntitlement) {
            diagnostics.append(DeviceBehaviours.diagnostic("ios.critical-sound-entitlement", "a critical sound needs Apple's critical-alerts entitlement (\(AppConfiguration.criticalAlertsEntitlement)), which the app lacks: the sound '\(sound.name)' plays as an ordinary notification sound, without overriding the mute switch or Do Not Disturb"))
            return sound.name
        }
        if let settings = app.settings, settings.criticalAlertSetting != .enabled {
            diagnostics.append(DeviceBehaviours.diagnostic("ios.critical-sound-entitlement", "critical alerts are off for this app (criticalAlertSetting \(settings.criticalAlertSetting.settingsName)): the sound '\(sound.name)' plays as an ordinary notification sound"))
            return sound.name
        }
        return sound.recordName
    }

    /// Time-sensitive and critical levels fall back to active without their entitlements (domain-rules §1.2, [C]).
    private func effectiveLevel(_ level: UNNotificationInterruptionLevel) -> UNNotificationInterruptionLevel {
        switch level {
        case .timeSensitive where !app.entitlements.contains(AppConfiguration.timeSensitiveEntitlement): .active
        case .critical where !app.entitlements.contains(AppConfiguration.criticalAlertsEntitlement): .active
        default: level
        }
    }

    /// What the delegate chose for a notification that arrives in the foreground, and why nothing is
    /// shown when it chose nothing. The delegate's completion-handler form is asked first; if the app
    /// implements only the async form, that one. With no delegate, or neither form, iOS silences the
    /// notification (Apple: "If your delegate doesn't implement this method, the system silences alerts").
    func askDelegate(_ notification: UNNotification, in context: SimulationContext) -> (options: UNNotificationPresentationOptions, diagnostics: [Diagnostic]) {
        context.center.noteDelivered(notification)
        let kind = notification.request.trigger is UNPushNotificationTrigger ? "push" : "local notification"
        guard let delegate = context.center.delegate else {
            return ([], [DeviceBehaviours.diagnostic("ios.foreground-presentation", "the app is in the foreground and has no UNUserNotificationCenterDelegate: iOS silences the \(kind)")])
        }
        let chosen = Locked<UNNotificationPresentationOptions?>(nil)   // nil until the delegate calls back
        let host = ExtensionHost(context: context)
        let box = UncheckedBox((delegate, context.center))
        let unimplementedBefore = context.unimplementedDelegateMethodCalls
        host.call("willPresent") {
            box.value.0.userNotificationCenter(box.value.1, willPresent: notification) { options in chosen.withLock { $0 = options } }
        }
        if context.unimplementedDelegateMethodCalls > unimplementedBefore {
            let unimplementedAsync = context.unimplementedDelegateMethodCalls
            _ = AppCodeExecutor.run(limit: host.blockedAfter) {
                let options = await box.value.0.userNotificationCenter(box.value.1, willPresent: notification)
                chosen.withLock { $0 = options }
            }
            host.settle()
            if context.unimplementedDelegateMethodCalls > unimplementedAsync {
                return ([], [DeviceBehaviours.diagnostic("ios.foreground-presentation", "the app is in the foreground and its delegate does not implement userNotificationCenter(_:willPresent:withCompletionHandler:): iOS silences the \(kind)")])
            }
        }
        let options = chosen.current ?? []
        guard options.showsSomething else {
            let reason = chosen.current == nil ? "its delegate never called willPresent's completion handler" : "its delegate chose no banner or list"
            return (options, [DeviceBehaviours.diagnostic("ios.foreground-presentation", "the app is in the foreground and \(reason): iOS shows nothing for the \(kind)")])
        }
        return (options, [])
    }

    /// True when a donation of this run succeeded.
    static func donated(_ context: SimulationContext) -> Bool {
        context.donations.contains { !$0.failed }
    }

    /// The virtual date now.
    static func date(_ context: SimulationContext) -> Date {
        SimulationContext.epoch.addingTimeInterval(Double(context.dateOffset + context.clock.now) / 1000)
    }

    /// One diagnostic per failed donation, naming why iOS could not persist it.
    static func donationDiagnostics(_ context: SimulationContext) -> [Diagnostic] {
        context.donations.compactMap(\.failure).map { failure in
            let rule = if case .named = failure.source { "ios.inimage-named-bundle" } else { "ios.inimage-url-local-only" }
            return DeviceBehaviours.diagnostic(rule, "a donation failed: \(failure.cause); no avatar can be stored")
        }
    }

    /// One diagnostic per local request that was not scheduled because an attachment's file could not be moved.
    static func localAttachmentDiagnostics(_ context: SimulationContext) -> [Diagnostic] {
        context.takeLocalAttachmentFailures().map { file in
            DeviceBehaviours.diagnostic("ios.local-attachment-moved-at-add", "a local request was not scheduled: its attachment '\(file)' was no longer there to move into the store (moved already by an earlier request, or deleted); add(_:) reports UNError.attachmentMoveIntoDataStoreFailed")
        }
    }
}

extension UNNotificationPresentationOptions {
    /// True when the options show the notification (a banner or the list; the deprecated alert is both).
    var showsSomething: Bool { !intersection([.banner, .list, Self(rawValue: 1 << 2)]).isEmpty }
}
