import Foundation
import Payloads

/// What iOS shows for an alert's `title-loc-key`, `subtitle-loc-key` and `loc-key`: the app's localized
/// format string with its `-args` filled in (catalogue entries `ios.localized-alert`, `ios.localized-key-missing`,
/// `ios.loc-format`).
struct AlertLocalizer {
    /// The app's strings, or nil when none were given.
    let strings: LocalizableStrings?

    /// One localizable field of the alert, as the typed alert holds it.
    struct Field: Sendable {
        /// `title`, `subtitle` or `body`.
        let name: String
        /// The payload's names of its key and args (`title-loc-key`, `title-loc-args`).
        let key: String
        let args: String
        /// The literal text, the loc key and its args of `alert`.
        let read: @Sendable (APNsAlertDictionary) -> (literal: String?, key: String?, args: [String])
    }

    /// The three localizable fields, in the order a notification shows them.
    static let title = Field(name: "title", key: "title-loc-key", args: "title-loc-args") { ($0.title, $0.titleLocKey, $0.titleLocArgs ?? []) }
    static let subtitle = Field(name: "subtitle", key: "subtitle-loc-key", args: "subtitle-loc-args") { ($0.subtitle, $0.subtitleLocKey, $0.subtitleLocArgs ?? []) }
    static let body = Field(name: "body", key: "loc-key", args: "loc-args") { ($0.body, $0.locKey, $0.locArgs ?? []) }

    /// The text shown for `field` of `alert`, or nil when the alert has no loc key for it (or a literal
    /// wins, as the community reports), with what the device notes about it.
    func text(of field: Field, in alert: APNsAlertDictionary, diagnostics: inout [Diagnostic]) -> String? {
        let (literal, locKey, args) = field.read(alert)
        guard let key = locKey else { return nil }
        if let literal, !literal.isEmpty { return nil }
        guard let strings else {
            diagnostics.append(DeviceBehaviours.diagnostic("ios.localized-key-missing",
                "\(field.key) \"\(key)\": no Localizable.strings was given (--strings FILE, or the app folder's Localizable.strings), so the record shows the key; iOS shows the app's localized text for it, or the key itself when the app's strings lack it"))
            return key
        }
        guard let format = strings.value(forKey: key) else {
            diagnostics.append(DeviceBehaviours.diagnostic("ios.localized-key-missing",
                "\(field.key) \"\(key)\" is not in the strings file: iOS shows the key itself as the \(field.name)", severity: .warning))
            return key
        }
        let filled = Self.format(format, args: args)
        if !filled.problems.isEmpty {
            diagnostics.append(DeviceBehaviours.diagnostic("ios.loc-format",
                "\(field.key) \"\(key)\" (\"\(format)\") with \(args.count) \(field.args): \(filled.problems.joined(separator: "; "))"))
        }
        diagnostics.append(DeviceBehaviours.diagnostic("ios.localized-alert", "\(field.key) \"\(key)\" shows as \"\(filled.text)\""))
        return filled.text
    }

    /// `format` with `%@` replaced by the next argument, `%n$@` by the n-th and `%%` by `%`; what could
    /// not be filled stays as written and is named in `problems`.
    static func format(_ format: String, args: [String]) -> (text: String, problems: [String]) {
        let scalars = Array(format.unicodeScalars)
        var out = String.UnicodeScalarView()
        var problems: [String] = []
        var next = 0
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            guard c == "%", i + 1 < scalars.count else { out.append(c); i += 1; continue }
            if scalars[i + 1] == "%" { out.append("%"); i += 2; continue }
            if scalars[i + 1] == "@" {
                if next < args.count { out.append(contentsOf: args[next].unicodeScalars) } else {
                    out.append(contentsOf: "%@".unicodeScalars)
                    problems.append("%@ number \(next + 1) has no argument and is shown as written")
                }
                next += 1
                i += 2
                continue
            }
            var j = i + 1
            var digits = 0
            while j < scalars.count, ("0"..."9").contains(scalars[j]) { digits = digits * 10 + Int(scalars[j].value - 48); j += 1 }
            if j > i + 1, j + 1 < scalars.count, scalars[j] == "$", scalars[j + 1] == "@", digits > 0 {
                if digits <= args.count { out.append(contentsOf: args[digits - 1].unicodeScalars) } else {
                    out.append(contentsOf: String(String.UnicodeScalarView(scalars[i...(j + 1)])).unicodeScalars)
                    problems.append("%\(digits)$@ has no argument \(digits) and is shown as written")
                }
                i = j + 2
                continue
            }
            problems.append("'%\(j < scalars.count ? String(scalars[j]) : "")' is not %@, %n$@ or %%: loc-args are strings, so Pushbook's model leaves it as written")
            out.append(c)
            i += 1
        }
        return (String(out), problems)
    }
}
