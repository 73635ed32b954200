import Foundation
import Payloads
import Cookbook

/// `pushbook schema apns|fcm`: JSON Schemas of the payloads, for editors.
enum SchemaCommand {
    /// The command's declaration.
    static let spec = CommandSpec(
        name: "schema",
        abstract: "Print the JSON Schema (draft 2020-12) of an APNs payload or an FCM v1 message, for editors.",
        overview: """
            Prints a JSON Schema (draft 2020-12) generated from the same tables and rules as pushbook
            lint: the JSON types of Apple's payload keys and of the FCM v1 fields, field names, flag
            spellings, enumerated values and header formats. Point your editor at it (for example VS
            Code's json.schemas setting) to see those mistakes while typing. The linter's warnings, sizes
            and what iOS does are not in the schema: run pushbook lint for them.
            """,
        options: [],
        arguments: [ArgumentSpec(name: "KIND", help: "apns (an APNs payload or Simulator .apns file) or fcm (an FCM HTTP v1 send body).", repeats: false, choices: kinds)],
        epilogue: "EXIT STATUS: 0 printed, 2 bad usage.",
        run: run)

    /// The kinds of schema, in help order.
    static let kinds = ["apns", "fcm"]

    @Sendable static func run(_ arguments: ParsedArguments) throws -> Outcome {
        guard arguments.positionals.count == 1, let kind = arguments.positionals.first, kinds.contains(kind) else {
            throw UsageError(message: "give one KIND: apns or fcm\(arguments.positionals.first.map { " (got '\($0)')" } ?? "")")
        }
        let generator = "pushbook \(PushbookVersion.number)"
        let schema = kind == "apns" ? PayloadSchema.apns(generator: generator) : PayloadSchema.fcm(generator: generator)
        print(JSONWriter.write(schema, sortKeys: false), terminator: "")
        return .success
    }
}
