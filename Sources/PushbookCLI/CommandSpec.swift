import Cookbook

/// The command line, declared once: each command's options (name, value name, help, default) and
/// arguments are values, and the parser, the help text, "did you mean" and the list of known options
/// are all derived from them.
///
/// Parsing follows the usual rules: `--name VALUE` or `--name=VALUE`; a flag takes no value; `--`
/// ends the options (everything after it is an argument, even `--help`); `-` alone is an argument
/// (standard input); `-h`/`--help` before `--` shows the command's help.
struct OptionSpec: Sendable, Hashable {
    /// How an option is given.
    enum Kind: Sendable, Hashable {
        /// Present or not (`--no-cache`).
        case flag
        /// Takes one value; the last one given wins.
        case value
        /// Takes one value each time it is given (`--header A:1 --header B:2`).
        case repeated
    }

    /// `--name`.
    let name: String
    /// The value's placeholder in help (`DIR`), empty for flags.
    let valueName: String
    /// How it is given.
    let kind: Kind
    /// One or two sentences for the help text.
    let help: String
    /// The value when the option is not given, shown in help; nil when there is none.
    let defaultValue: String?
    /// The values it accepts, when they are a fixed list (`--format`): checked when read, completed by the shells.
    var choices: [String] = []

    /// A flag.
    static func flag(_ name: String, help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: "", kind: .flag, help: help, defaultValue: nil)
    }

    /// An option with one value (the last one given wins), from `choices` when they are given.
    static func value(_ name: String, _ valueName: String, help: String, default defaultValue: String? = nil, choices: [String] = []) -> OptionSpec {
        OptionSpec(name: name, valueName: valueName, kind: .value, help: help, defaultValue: defaultValue, choices: choices)
    }

    /// An option that may be given several times.
    static func repeated(_ name: String, _ valueName: String, help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: valueName, kind: .repeated, help: help, defaultValue: nil)
    }

    /// How the option reads in a usage line: `[--out DIR]`, `[--header NAME:VALUE]...`.
    var usage: String {
        let body = kind == .flag ? name : "\(name) \(valueName)"
        return kind == .repeated ? "[\(body)]..." : "[\(body)]"
    }

    /// How the option reads in the list of options: `--out DIR`.
    var signature: String { kind == .flag ? name : "\(name) \(valueName)" }
}

/// A positional argument, for help.
struct ArgumentSpec: Sendable {
    /// Its placeholder (`FILE`).
    let name: String
    /// What it is.
    let help: String
    /// True when it may be given more than once (`FILE...`).
    let repeats: Bool
    /// The values it accepts, when they are a fixed list (`schema apns|fcm`).
    var choices: [String] = []
    /// What shells offer for it, when its name does not say (`new ID` takes a new id, not an existing one).
    var completion: ValueCompletion? = nil
}

/// A subcommand: its name, what it does, its options and arguments, and the code that runs it.
struct CommandSpec: Sendable {
    /// The subcommand's name.
    let name: String
    /// One line for the overview.
    let abstract: String
    /// The paragraphs after `OVERVIEW:`.
    let overview: String
    /// The options, in help order (`-h, --help` is added to every command).
    let options: [OptionSpec]
    /// The positional arguments, for help.
    let arguments: [ArgumentSpec]
    /// Usage lines beyond the one derived from the options (for example `lint --rules`).
    var extraUsage: [String] = []
    /// Paragraphs after the options (for example the exit status).
    var epilogue: String = ""
    /// Runs the command.
    let run: @Sendable (ParsedArguments) throws -> Outcome

    /// The command's help, made from its declaration.
    var help: String {
        let usage = (["pushbook \(name)"] + options.map(\.usage) + arguments.map { $0.repeats ? "\($0.name)..." : $0.name }).joined(separator: " ")
        var text = "OVERVIEW: \(overview)\n\nUSAGE: \(usage)\n"
        for line in extraUsage { text += "       \(line)\n" }
        let rows = arguments.map { ($0.name, $0.help) }
        let optionRows = options.map { option in
            guard let value = option.defaultValue else { return (option.signature, option.help) }
            let text = option.help.hasSuffix(".") ? String(option.help.dropLast()) : option.help
            return (option.signature, text + " (default: \(value)).")
        } + [("-h, --help", "Show this help.")]
        let width = (rows + optionRows).map(\.0.count).max().map { $0 + 3 } ?? 0
        func format(_ row: (String, String)) -> String {
            let lines = Self.wrap(row.1, width: max(40, 100 - 2 - width))
            let indent = String(repeating: " ", count: 2 + width)
            return "  " + row.0.padding(toLength: width, withPad: " ", startingAt: 0) + lines.joined(separator: "\n" + indent) + "\n"
        }
        if !rows.isEmpty { text += "\nARGUMENTS:\n" + rows.map(format).joined() }
        text += "\nOPTIONS:\n" + optionRows.map(format).joined()
        if !epilogue.isEmpty { text += "\n" + epilogue + "\n" }
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }

    /// `text` in lines of at most `width` characters, broken at spaces.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines + [line]
    }

    /// What the command line asked for: help, or the parsed options and arguments.
    enum Request {
        /// `-h` or `--help` before `--`.
        case help
        /// Options and arguments.
        case run(ParsedArguments)
    }

    /// Parses the arguments after the subcommand's name.
    /// `raw` are the same arguments as the bytes the system gave, when known (a file name need not be UTF-8).
    func parse(_ arguments: [String], raw: [[UInt8]]? = nil, entryPoints: EntryPoints) throws(UsageError) -> Request {
        var parsed = ParsedArguments(entryPoints: entryPoints)
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                parsed.positionalBytes.append(raw.flatMap { $0.count == arguments.count ? $0[index - 1] : nil } ?? Array(argument.utf8))
                continue
            }
            if argument == "--" { optionsEnded = true; continue }
            if argument == "-h" || argument == "--help" { return .help }
            let (name, inline) = argument.firstIndex(of: "=").map { (String(argument[..<$0]), Optional(String(argument[argument.index(after: $0)...]))) } ?? (argument, nil)
            guard let option = options.first(where: { $0.name == name }) else {
                let known = options.map(\.name) + ["--help"]
                let guess = known.min { editDistance($0, name) < editDistance($1, name) }
                let hint = guess.flatMap { editDistance($0, name) <= 3 ? " Did you mean '\($0)'?" : nil } ?? ""
                throw UsageError(message: "unknown option '\(name)'.\(hint)")
            }
            switch option.kind {
            case .flag:
                guard inline == nil else { throw UsageError(message: "'\(name)' takes no value") }
                parsed.flags.insert(option)
            case .value, .repeated:
                let value: String
                if let inline {
                    value = inline
                } else {
                    guard index < arguments.count, !arguments[index].hasPrefix("--") || arguments[index] == "-" else {
                        throw UsageError(message: "missing value for '\(name)' (\(option.valueName)); write \(name)=VALUE for a value starting with '--'")
                    }
                    value = arguments[index]
                    index += 1
                }
                parsed.values[option, default: []].append(value)
            }
        }
        return .run(parsed)
    }
}

/// The parsed command line of one command.
struct ParsedArguments: Sendable {
    /// The recipes' code, by service name.
    let entryPoints: EntryPoints
    fileprivate(set) var flags: Set<OptionSpec> = []
    fileprivate(set) var values: [OptionSpec: [String]] = [:]
    /// The positional arguments, in order.
    fileprivate(set) var positionals: [String] = []
    /// The positional arguments as the system gave them (a file name that is not UTF-8 still opens).
    fileprivate(set) var positionalBytes: [[UInt8]] = []

    fileprivate init(entryPoints: EntryPoints) {
        self.entryPoints = entryPoints
    }

    /// True when the flag was given.
    func flag(_ option: OptionSpec) -> Bool { flags.contains(option) }

    /// The option's last value, or its default.
    func value(_ option: OptionSpec) -> String? { values[option]?.last ?? option.defaultValue }

    /// Every value given for a repeated option, in order.
    func all(_ option: OptionSpec) -> [String] { values[option] ?? [] }
}

/// A mistake on the command line.
struct UsageError: Error {
    /// What is wrong.
    let message: String
}
