import Foundation
import Payloads

extension NotificationDevice {
    /// Why an answer cannot be given to what the device shows.
    public struct AnswerRefusal: Error, Sendable, Equatable {
        /// What is wrong, in a sentence that names the way out.
        public var message: String
    }

    /// The answer's action, resolved against the notification's registered category.
    private struct ChosenAction {
        var identifier: String
        var title: String?
        var opensApp: Bool
        var text: String?
    }

    /// The virtual time the app has to handle an answer: a modelling choice (Apple documents no figure
    /// for it), the same 30 seconds as a service extension.
    static let answerMilliseconds = 30_000

    /// The user answers the notification the session's last push showed: iOS launches the app or
    /// brings it forward as the action asks (a tap and a `.foreground` action open it, other actions
    /// do not), gives the center's delegate a `UNNotificationResponse` (a `UNTextInputNotificationResponse`
    /// for a reply) and lets its code run on the virtual clock. `launch` is the app's launch code: it runs
    /// again when the app was not running. Refused when nothing was shown or the action is not in the
    /// notification's category.
    public func respond(_ answer: UserAnswer, appState: AppState, launch: ((UNUserNotificationCenter) -> Void)?,
                        session: DeviceSession) -> Result<(part: DeliveryRecord.ResponsePart, diagnostics: [Diagnostic]), AnswerRefusal> {
        guard let shown = session.lastShown else {
            return .failure(AnswerRefusal(message: "the last push showed no notification, so there is nothing to answer: see the record's diagnostics for why"))
        }
        let chosen: ChosenAction
        switch Self.resolve(answer, for: shown.request.content, categories: session.center.registeredCategories) {
        case .success(let action): chosen = action
        case .failure(let refusal): return .failure(refusal)
        }
        let outcome: DeliveryRecord.ResponsePart.AppOutcome = switch (appState, chosen.opensApp) {
        case (.foreground, _): .stayedInForeground
        case (.background, true): .broughtForward
        case (.background, false): .stayedInBackground
        case (.notRunning, true): .launched
        case (.notRunning, false): .launchedInBackground
        }
        let context = SimulationContext(network: FixtureNetwork(manifest: manifest), bundle: bundle, center: session.center, dateOffset: session.elapsed,
                                        appGroups: session.appGroups, appGroupIdentifiers: Set(app.appGroups), strings: app.strings,
                                        defaults: session.defaults)
        return SimulationContext.with(context) {
            let host = ExtensionHost(context: context)
            var diagnostics: [Diagnostic] = []
            if appState == .notRunning {
                // A new process: the delegate of the one that ended is gone; launch sets it again.
                context.center.delegate = nil
                if let launch {
                    let box = UncheckedBox(launch)
                    host.call("app") { box.value(context.center) }
                }
            }
            // Modelling choice: the answered notification leaves Notification Center.
            context.center.removeDeliveredNotifications(withIdentifiers: [shown.request.identifier])
            let response = chosen.text.map { UNTextInputNotificationResponse(notification: shown, actionIdentifier: chosen.identifier, userText: $0) }
                ?? UNNotificationResponse(notification: shown, actionIdentifier: chosen.identifier)
            let delivered = deliver(response, in: context, host: host)
            while let next = context.scheduler.nextTime, next <= Self.answerMilliseconds, let event = context.scheduler.popEarliest() {
                host.run(event)
            }
            _ = context.scheduler.cancelAll()
            let completed = delivered.completed.current
            if delivered.method == nil {
                diagnostics.append(DeviceBehaviours.diagnostic("ios.notification-response",
                    context.center.delegate == nil
                        ? "the app has no UNUserNotificationCenterDelegate when the answer arrives: the app gets no response (set the delegate before the app finishes launching)"
                        : "the app's delegate does not implement userNotificationCenter(_:didReceive:withCompletionHandler:) or its async form: the app gets no response",
                    severity: .warning))
            } else if !completed {
                diagnostics.append(DeviceBehaviours.diagnostic("ios.notification-response",
                    "the delegate did not call didReceive's completion handler within \(Self.answerMilliseconds / 1000) s of virtual time", severity: .warning))
            }
            let fetches = context.network.fetches.map { DeliveryRecord.FetchRecord($0, late: !$0.completed) }
            let part = DeliveryRecord.ResponsePart(notification: shown.request.identifier, actionIdentifier: chosen.identifier,
                                                   actionTitle: chosen.title, userText: chosen.text, appState: appState, app: outcome,
                                                   delegateMethod: delivered.method, completed: completed, fetches: fetches,
                                                   notificationCenter: session.notificationCenter)
            return .success((part, diagnostics))
        }
    }

    /// Gives the delegate the response, in the completion-handler form or else the async form: which
    /// one took it (nil: neither), and whether it finished.
    private func deliver(_ response: UNNotificationResponse, in context: SimulationContext, host: ExtensionHost) -> (method: String?, completed: Locked<Bool>) {
        let completed = Locked(false)
        guard let delegate = context.center.delegate else { return (nil, completed) }
        let box = UncheckedBox((delegate, context.center, response))
        let before = context.unimplementedDelegateMethodCalls
        host.call("didReceive") {
            box.value.0.userNotificationCenter(box.value.1, didReceive: box.value.2) {
                completed.withLock { $0 = true }
                context.scheduler.noteActivity()
            }
        }
        if context.unimplementedDelegateMethodCalls == before { return ("userNotificationCenter(_:didReceive:withCompletionHandler:)", completed) }
        let asyncBefore = context.unimplementedDelegateMethodCalls
        _ = AppCodeExecutor.run(limit: host.blockedAfter) {
            await box.value.0.userNotificationCenter(box.value.1, didReceive: box.value.2)
            completed.withLock { $0 = true }
        }
        host.settle()
        if context.unimplementedDelegateMethodCalls > asyncBefore { return (nil, Locked(false)) }
        return ("userNotificationCenter(_:didReceive:) async", completed)
    }

    /// The action an answer names, checked against the category the app registered for the content.
    private static func resolve(_ answer: UserAnswer, for content: UNNotificationContent,
                                categories: Set<UNNotificationCategory>) -> Result<ChosenAction, AnswerRefusal> {
        if answer == .tap { return .success(ChosenAction(identifier: UNNotificationDefaultActionIdentifier, title: nil, opensApp: true, text: nil)) }
        let name = content.categoryIdentifier
        guard let category = categories.first(where: { $0.identifier == name }) else {
            let why = name.isEmpty ? "the notification has no category (aps.category)"
                : "the notification's category '\(name)' is not one the app registered with setNotificationCategories(_:)"
            return .failure(AnswerRefusal(message: "\(why), so iOS shows no action buttons: only --tap answers it"))
        }
        let listed = category.actions.map(\.identifier).joined(separator: ", ")
        switch answer {
        case .tap:
            return .success(ChosenAction(identifier: UNNotificationDefaultActionIdentifier, title: nil, opensApp: true, text: nil))
        case .action(let identifier):
            guard let action = category.actions.first(where: { $0.identifier == identifier }) else {
                return .failure(AnswerRefusal(message: "category '\(name)' has no action '\(identifier)' (its actions: \(listed.isEmpty ? "none" : listed))"))
            }
            if action is UNTextInputNotificationAction {
                return .failure(AnswerRefusal(message: "'\(identifier)' is a text input action: answer it with --reply TEXT"))
            }
            return .success(ChosenAction(identifier: identifier, title: action.title, opensApp: action.options.contains(.foreground), text: nil))
        case .reply(let text, let identifier):
            let inputs = category.actions.compactMap { $0 as? UNTextInputNotificationAction }
            let action: UNTextInputNotificationAction
            if let identifier {
                guard let named = inputs.first(where: { $0.identifier == identifier }) else {
                    return .failure(AnswerRefusal(message: "category '\(name)' has no text input action '\(identifier)' (its actions: \(listed.isEmpty ? "none" : listed))"))
                }
                action = named
            } else {
                guard inputs.count == 1, let only = inputs.first else {
                    return .failure(AnswerRefusal(message: inputs.isEmpty
                        ? "category '\(name)' has no text input action to reply with (its actions: \(listed.isEmpty ? "none" : listed))"
                        : "category '\(name)' has several text input actions (\(inputs.map(\.identifier).joined(separator: ", "))): name one with --action ID"))
                }
                action = only
            }
            return .success(ChosenAction(identifier: action.identifier, title: action.title, opensApp: action.options.contains(.foreground), text: text))
        }
    }
}
