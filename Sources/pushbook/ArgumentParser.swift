/// A small command-line parser in the spirit of swift-argument-parser: options, flags, repeated
/// options and positional arguments, with helpful errors.
struct ArgumentParser {
    private var remaining: [String]
    /// The subcommand's name, for messages.
    let command: String

    /// Creates a parser for the arguments after the subcommand.
    init(_ arguments: [String], command: String) {
        self.remaining = arguments
        self.command = command
    }

    /// Removes `--name` and returns whether it was there.
    mutating func flag(_ name: String) -> Bool {
        guard let index = remaining.firstIndex(of: name) else { return false }
        remaining.remove(at: index)
        return true
    }

    /// Removes `--name VALUE` (or `--name=VALUE`) and returns the value; the last one wins.
    mutating func option(_ name: String) throws -> String? {
        try options(name).last
    }

    /// Removes every `--name VALUE` and returns the values in order.
    mutating func options(_ name: String) throws -> [String] {
        var values: [String] = []
        var index = 0
        while index < remaining.count {
            let argument = remaining[index]
            if argument == name {
                guard index + 1 < remaining.count, !remaining[index + 1].hasPrefix("--") else {
                    throw UsageError(message: "missing value for '\(name)'")
                }
                values.append(remaining[index + 1])
                remaining.removeSubrange(index...(index + 1))
            } else if argument.hasPrefix(name + "=") {
                values.append(String(argument.dropFirst(name.count + 1)))
                remaining.remove(at: index)
            } else {
                index += 1
            }
        }
        return values
    }

    /// The positional arguments left; any leftover option is an error, with a suggestion.
    mutating func positionals(known: [String]) throws -> [String] {
        var positionals: [String] = []
        var afterSeparator = false
        for argument in remaining {
            if argument == "--" && !afterSeparator { afterSeparator = true; continue }
            if argument.hasPrefix("-") && argument != "-" && !afterSeparator {
                let guess = known.min { editDistance($0, argument) < editDistance($1, argument) }
                let hint = guess.flatMap { editDistance($0, argument) <= 3 ? " Did you mean '\($0)'?" : nil } ?? ""
                throw UsageError(message: "unknown option '\(argument)'.\(hint)")
            }
            positionals.append(argument)
        }
        remaining = []
        return positionals
    }
}

/// A mistake on the command line.
struct UsageError: Error {
    /// What is wrong.
    let message: String
}
