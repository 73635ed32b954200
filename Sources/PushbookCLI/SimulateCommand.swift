import Foundation
import Payloads
import NotificationSimulator
import Cookbook

/// `pushbook simulate`: what iOS does with a push, and what the user sees.
enum SimulateCommand {
    /// The recipe whose extension runs.
    static let recipe = OptionSpec.value("--recipe", "ID", help: "Run this recipe's extension instead of a stock one.")
    /// The stock extension to run without a recipe: every `StockExtension`, named and described from its declaration.
    static let stockExtension = OptionSpec.value("--extension", "NAME",
        help: "Without --recipe, the extension to run: " + StockExtension.allCases.map { "\($0.rawValue) (\($0.summary))" }.joined(separator: "; ") + ".",
        default: StockExtension.passthrough.rawValue)
    /// A fixture manifest.
    static let fixtures = OptionSpec.value("--fixtures", "FILE",
        help: "A fixture manifest: URL → {file, mimeType, status, latencyMilliseconds, padToBytes} (default: the recipe's own).")
    /// The app's entitlements.
    static let entitlements = OptionSpec.value("--entitlements", "FILE", help: "The app's .entitlements (XML plist); replaces only the recipe's entitlements.")
    /// The app's Info.plist.
    static let infoPlist = OptionSpec.value("--info-plist", "FILE", help: "The app's Info.plist (XML plist); replaces only the recipe's Info.plist.")
    /// The user's notification settings.
    static let settings = OptionSpec.value("--settings", "FILE",
        help: "The user's notification settings: a JSON object of UNNotificationSettings names to Apple's cases, for example {\"authorizationStatus\": \"provisional\"} or {\"soundSetting\": \"disabled\"} (keys: authorizationStatus, alertSetting, soundSetting, badgeSetting, lockScreenSetting, notificationCenterSetting, criticalAlertSetting, timeSensitiveSetting; left out means enabled; and Pushbook's own focus, on or off, default off). Replaces the recipe app folder's settings.json. Without settings everything is allowed and the record has no settings part.")
    /// The app's strings.
    static let strings = OptionSpec.value("--strings", "FILE",
        help: "The app's Localizable.strings (\"key\" = \"value\"; UTF-8 or UTF-16), for the alert's loc-key, title-loc-key and subtitle-loc-key. Replaces the recipe app folder's Localizable.strings. Without strings the record shows the keys.")
    /// How to print the record.
    static let format = OutputFormat.option([.json, .text], help: "json or text. With several FILEs, json prints an array of records, one per push.")
    /// The virtual time between the pushes of a sequence.
    static let gap = OptionSpec.value("--gap", "SECONDS", help: "With several FILEs, the virtual seconds between one push and the next.", default: "60")

    /// The user taps the notification shown last.
    static let tap = OptionSpec.flag("--tap", help: "The user taps the notification the last push showed (the default action); the app's delegate gets the response.")
    /// The user taps an action button.
    static let action = OptionSpec.value("--action", "ID",
        help: "The user taps the action button ID of the notification the last push showed: an action of the category the app registered for it (aps.category). With --reply, the text input action to reply with.")
    /// The user replies with text.
    static let reply = OptionSpec.value("--reply", "TEXT",
        help: "The user types TEXT into the text input action of the notification the last push showed (the category's only one, or the one --action names).")
    /// Where the app is when the user answers.
    static let appState = OptionSpec.value("--app-state", "STATE",
        help: "Where the app is for the pushes and the answer: foreground, background or not-running (launched again to handle the answer). Default: foreground for a recipe whose app presents in the foreground, background otherwise.",
        choices: AppState.allCases.map(\.rawValue))
    /// The rule of a refused answer.
    static let answerRule = "simulate.answer"

    /// The command's declaration.
    static let spec = CommandSpec(
        name: "simulate",
        abstract: "Deliver a push to the simulated device and print its delivery record.",
        overview: """
            Sends an FCM v1 message, an APNs payload or a Simulator .apns file through the model
            of FCM, APNs and iOS, runs a Notification Service Extension (a recipe's, or a stock one: --extension),
            and prints the delivery record. Nothing touches the network: downloads are served from a
            fixture manifest, and time is virtual.

            Several FILEs are pushes to one device, in order, --gap seconds apart: Notification Center
            (replaced by apns-collapse-id, stacked by thread-id) and the badge carry over, and each
            record says what Notification Center holds after its push. A FILE that cannot be read
            stops the sequence; the records of the pushes before it are still printed.

            --tap, --action ID or --reply TEXT answer the notification the last push showed: the
            last record gets a response part (the action, the text, whether iOS launched the app or
            brought it forward, what the app's delegate did). An answer iOS would not offer (nothing
            shown, no such button) is an error after the records, with exit status 1.
            """,
        options: [recipe, stockExtension, CommonOptions.recipes, fixtures, entitlements, infoPlist, settings, strings, CommonOptions.header, gap, tap, action, reply, appState, format],
        arguments: [ArgumentSpec(name: "FILE", help: "A push: a file, a FIFO, /dev/stdin, or '-' for standard input (once).", repeats: true)],
        run: run)

    @Sendable static func run(_ arguments: ParsedArguments) throws -> Outcome {
        let recipeID = arguments.value(recipe)
        let stockName = arguments.value(stockExtension) ?? StockExtension.passthrough.rawValue
        guard let stock = StockExtension(rawValue: stockName) else {
            throw UsageError(message: "unknown extension '\(stockName)' for --extension (expected \(StockExtension.allCases.map(\.rawValue).joined(separator: " or ")))")
        }
        if recipeID != nil && !arguments.all(stockExtension).isEmpty {
            throw UsageError(message: "give --recipe or --extension, not both: --recipe runs the recipe's own extension")
        }
        let recipesFolder = arguments.value(CommonOptions.recipes) ?? "Recipes"
        let fixtures = arguments.value(Self.fixtures)
        let entitlements = arguments.value(Self.entitlements)
        let infoPlist = arguments.value(Self.infoPlist)
        let settingsFile = arguments.value(Self.settings)
        let stringsFile = arguments.value(Self.strings)
        let headers = try LintCommand.parseHeaders(arguments.all(CommonOptions.header))
        let format = try CommonOptions.format(Self.format, arguments)
        let files = arguments.positionals
        guard !files.isEmpty else { throw UsageError(message: "give a FILE to simulate (several for a sequence of pushes)") }
        guard files.filter({ $0 == "-" || $0 == "/dev/stdin" }).count <= 1 else {
            throw UsageError(message: "standard input can be one FILE of a sequence, not several")
        }
        let gapText = arguments.value(gap) ?? "60"
        guard let gapSeconds = Int(gapText), gapSeconds >= 0, gapSeconds <= 366 * 86_400 else {
            throw UsageError(message: "--gap takes whole seconds from 0 to 31622400 (got '\(gapText)')")
        }
        let answer = try Self.answer(arguments)
        let stateText = arguments.value(appState)
        let chosenState = try stateText.map { text in
            guard let state = AppState(rawValue: text) else {
                throw UsageError(message: "--app-state takes \(AppState.allCases.map(\.rawValue).joined(separator: ", ")) (got '\(text)')")
            }
            return state
        }
        let registry = arguments.entryPoints
        var app = AppConfiguration.plain
        var manifest = FixtureManifest()
        var handlers = PushHandlers.stock(stock)
        do throws(Diagnostic) {
            if let recipeID {
                let loader = RecipeLoader(root: URL(fileURLWithPath: recipesFolder, isDirectory: true), displayRoot: recipesFolder)
                let recipe = try loader.loadRecipe(id: recipeID, folder: URL(fileURLWithPath: recipesFolder).appendingPathComponent(recipeID, isDirectory: true))
                let runner = ExampleRunner(entryPoints: registry)
                guard let entryPoint = registry[recipe.service] else {
                    throw RecipeRegistryFile.unregistered(recipe)
                }
                // simulate takes a push: its input is never a local example.
                guard case .success(.push(let recipeHandlers)) = DeviceEntry.decide(input: nil, code: entryPoint) else {
                    throw Diagnostic(file: recipe.markdownPath, breaking: .service, "recipe '\(recipeID)' adds local notifications; it takes no push")
                }
                handlers = recipeHandlers
                app.isInForeground = recipeHandlers.runsInForeground
                manifest = try runner.fixtureManifest(of: recipe)
                var configured = try runner.appConfiguration(for: nil, of: recipe)
                configured.isInForeground = app.isInForeground
                app = configured
            }
            if let fixtures { manifest = try FixtureManifest.load(from: URL(fileURLWithPath: fixtures), displayPath: fixtures) }
            if entitlements != nil || infoPlist != nil {
                let loaded = try AppConfiguration.load(entitlements: entitlements.map { URL(fileURLWithPath: $0) },
                                                       infoPlist: infoPlist.map { URL(fileURLWithPath: $0) },
                                                       displayEntitlements: entitlements, displayInfoPlist: infoPlist)
                // Each file replaces only what it declares: --entitlements alone keeps the recipe's Info.plist.
                if entitlements != nil { app.entitlements = loaded.entitlements }
                if infoPlist != nil {
                    app.userActivityTypes = loaded.userActivityTypes
                    app.backgroundModes = loaded.backgroundModes
                    app.displayName = loaded.displayName
                }
            }
            if let settingsFile { app.settings = try DeviceSettings.load(from: URL(fileURLWithPath: settingsFile), displayPath: settingsFile) }
            if let stringsFile { app.strings = try LocalizableStrings.load(from: URL(fileURLWithPath: stringsFile), displayPath: stringsFile) }
        } catch {
            printError(error.text)
            return .unreadable
        }
        let state = chosenState ?? (app.isInForeground ? .foreground : .background)
        app.isInForeground = state == .foreground
        let device = NotificationDevice(app: app, manifest: manifest)
        let session = files.count > 1 || answer != nil ? DeviceSession() : nil
        var records: [DeliveryRecord] = []
        var failed = false
        for (index, file) in files.enumerated() {
            if index > 0 { session?.wait(milliseconds: gapSeconds * 1000) }
            let read = InputFile.read(bytes: arguments.positionalBytes[index])
            if case .failure(let failure) = read {
                printError(Diagnostic(file: file, rule: Diagnostic.unreadableInputRule, message: "\(failure)").text)
                failed = true
                break
            }
            guard case .success(let bytes) = read else { break }
            let lint = Linter.lint(bytes, headers: headers)
            guard lint.kind != nil else {
                for diagnostic in lint.diagnostics { printError(diagnostic.inFile(file).text) }
                failed = true
                break
            }
            var record = handlers.simulate(lint, on: device, session: session).record
            if files.count == 1 { record.notificationCenter = nil }
            records.append(record)
        }
        var refusal: String?
        if !failed, let answer, let session, !records.isEmpty {
            switch handlers.respond(answer, on: device, appState: state, session: session) {
            case .success(let answered):
                records[records.count - 1].response = answered.part
                records[records.count - 1].diagnostics += answered.diagnostics
            case .failure(let refused):
                refusal = Diagnostic(file: files[records.count - 1], rule: answerRule, message: refused.message).text
            }
        }
        print(render(records, files: files, format: format, sequence: files.count > 1), terminator: "")
        if failed { return .unreadable }
        if let refusal {
            printError(refusal)
            return .checkFailed
        }
        return records.allSatisfy(\.accepted) ? .success : .checkFailed
    }

    /// The answer the options give, or nil; a usage error when they contradict one another.
    static func answer(_ arguments: ParsedArguments) throws -> UserAnswer? {
        let tapped = arguments.flag(tap), actionID = arguments.value(action), text = arguments.value(reply)
        if tapped && (actionID != nil || text != nil) {
            throw UsageError(message: "give --tap, --action ID or --reply TEXT: one answer to the notification")
        }
        if tapped { return .tap }
        if let text { return .reply(text, action: actionID) }
        return actionID.map { .action($0) }
    }

    /// The records as printed: one record (or, for a sequence, an array) in JSON, or a summary per push.
    static func render(_ records: [DeliveryRecord], files: [String], format: OutputFormat, sequence: Bool) -> String {
        if format == .json {
            if !sequence { return records.first?.text ?? "" }
            return JSONWriter.write(.array(records.map(\.json)), sortKeys: true)
        }
        return zip(records, files).enumerated().map { index, pair in
            guard sequence else { return summary(pair.0, file: pair.1) + "\n" }
            var text = "push \(index + 1): \(pair.1)\n" + summary(pair.0, file: pair.1) + "\n"
            if let center = pair.0.notificationCenter {
                let stacks = center.stacks.map { "\($0.thread.isEmpty ? "(app)" : $0.thread) ×\($0.count)" }
                text += "Notification Center: \(center.notifications.count) notification(s)\(stacks.isEmpty ? "" : " in " + stacks.joined(separator: ", ")) · badge \(center.badge)\n"
            }
            return text
        }.joined(separator: "\n")
    }

    /// A short human summary of a record: the example view of it, as text.
    static func summary(_ record: DeliveryRecord, file: String) -> String {
        let view = ExampleView(record: record, inputKind: record.inputKind, input: [], appName: "")
        var lines: [String] = []
        if let apns = view.apns {
            lines.append("\(apns.accepted ? "accepted" : "REFUSED") by \(view.inputKind == .fcmV1 ? "FCM and APNs" : "APNs") · payload \(apns.bytes) bytes")
        }
        if let receiver = view.receivedBy { lines.append("received by \(receiver.name)") }
        if let activity = view.liveActivity {
            var line = "Live Activity \(activity.event ?? "(no event)") \(activity.applied ? "applied" : "NOT applied")"
            if let state = activity.contentState { line += " · content-state \(JSONWriter.compact(state.withoutLocations))" }
            if let alert = activity.alert { line += " · alert \"\(alert.title)\" / \"\(alert.body)\"" }
            lines.append(line)
        }
        if let ext = view.serviceExtension {
            lines.append(ext.invoked
                ? "extension ran · \(ext.handlerCalls) content-handler call(s) · \(ext.elapsedMilliseconds) ms virtual\(ext.expired ? " · time budget expired" : "") · \(ext.fetchCount) fetch(es)"
                : "extension NOT run")
        }
        if view.appWoken { lines.append("app woken in the background") }
        if let shown = view.shown {
            lines.append("shown: \"\(shown.title)\" / \"\(shown.subtitle)\" / \"\(shown.body)\" · icon \(shown.icon.rawValue) · \(shown.attachmentTypes.count) attachment(s)\(shown.isCommunication ? " · communication notification" : "")")
        } else {
            lines.append("nothing shown")
        }
        if let response = record.response {
            var line = "answered: \(response.actionTitle.map { "action \"\($0)\" (\(response.actionIdentifier))" } ?? "tap")"
            if let text = response.userText { line += " · text \"\(text)\"" }
            line += " · app \(response.app.rawValue) · " + (response.delegateMethod.map { "\($0)\(response.completed ? "" : " (not finished)")" } ?? "no delegate method")
            line += " · \(response.fetches.count) fetch(es) · Notification Center \(response.notificationCenter.notifications.count) · badge \(response.notificationCenter.badge)"
            lines.append(line)
        }
        if let settings = record.settings {
            let places = settings.shownIn.isEmpty ? "shown nowhere"
                : settings.shownIn == [DeviceSettings.summaryPlace] ? "held for the Scheduled Summary"
                : "shown in " + settings.shownIn.joined(separator: ", ")
            lines.append("settings: \(settings.authorizationStatus) · \(places) · sound \(settings.soundPlays ? "plays" : "silent") · badge \(settings.badgeApplied ? "applied" : "not applied")")
        }
        for diagnostic in view.diagnostics { lines.append(diagnostic.inFile(diagnostic.location.line > 0 ? file : "device").text) }
        return lines.joined(separator: "\n")
    }
}
