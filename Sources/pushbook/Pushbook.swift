import Foundation
import Cookbook

/// The `pushbook` command: parses the subcommand and hands over; exit codes are decided in one place.
@main
enum Pushbook {
    /// The subcommands' names, abstracts and help, in help order.
    static let commands: [(name: String, abstract: String, help: String)] = [
        (BuildCommand.name, BuildCommand.abstract, BuildCommand.help),
        (CheckCommand.name, CheckCommand.abstract, CheckCommand.help),
        (LintCommand.name, LintCommand.abstract, LintCommand.help),
        (SimulateCommand.name, SimulateCommand.abstract, SimulateCommand.help),
    ]

    /// Runs the subcommand `name`.
    static func dispatch(_ name: String, _ parser: inout ArgumentParser) throws -> Outcome {
        switch name {
        case BuildCommand.name: try BuildCommand.run(&parser)
        case CheckCommand.name: try CheckCommand.run(&parser)
        case LintCommand.name: try LintCommand.run(&parser)
        default: try SimulateCommand.run(&parser)
        }
    }

    static func main() {
        // A worker that dies must not take the parent with it through a write to its closed pipe.
        signal(SIGPIPE, SIG_IGN)
        var arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "worker" {
            WorkerCommand.run()
        }
        guard let name = arguments.first, !name.hasPrefix("-") || ["--help", "-h", "--version"].contains(name) else {
            exit(with: .usage(Self.usage, hint: "a subcommand is required"))
        }
        if name == "--help" || name == "-h" || name == "help" {
            print(Self.usage)
            Foundation.exit(0)
        }
        if name == "--version" {
            print(Self.version)
            Foundation.exit(0)
        }
        arguments.removeFirst()
        guard let command = commands.first(where: { $0.name == name }) else {
            let guess = commands.map(\.name).min { editDistance($0, name) < editDistance($1, name) }
            let hint = guess.map { editDistance($0, name) <= 3 ? " Did you mean '\($0)'?" : "" } ?? ""
            exit(with: .usage(Self.usage, hint: "unknown subcommand '\(name)'.\(hint)"))
        }
        if arguments.contains("--help") || arguments.contains("-h") {
            print(command.help)
            Foundation.exit(0)
        }
        do {
            var parser = ArgumentParser(arguments, command: command.name)
            let outcome = try dispatch(command.name, &parser)
            exit(with: outcome)
        } catch let error as UsageError {
            exit(with: .usage(command.help, hint: error.message))
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            Foundation.exit(2)
        }
    }

    /// The tool's version, part of every cache key.
    static let version = "pushbook \(PushbookVersion.number)"

    static var usage: String {
        """
        OVERVIEW: Pushbook builds and checks an executable cookbook for iOS rich push notifications.

        USAGE: pushbook <subcommand> [options]

        SUBCOMMANDS:
        \(commands.map { "  " + $0.name.padding(toLength: 10, withPad: " ", startingAt: 0) + $0.abstract }.joined(separator: "\n"))

          See 'pushbook <subcommand> --help' for the options of each.
        """
    }

    private static func exit(with outcome: Outcome) -> Never {
        switch outcome {
        case .success: Foundation.exit(0)
        case .checkFailed: Foundation.exit(1)
        case .usage(let help, let hint):
            FileHandle.standardError.write(Data("error: \(hint)\n\n\(help)\n".utf8))
            Foundation.exit(2)
        case .unreadable: Foundation.exit(2)
        }
    }
}

/// How a command ended: 0 success, 1 a check failed, 2 usage or unreadable input.
enum Outcome {
    /// Everything passed.
    case success
    /// A lint error, a verification mismatch or a broken link.
    case checkFailed
    /// The command line was wrong.
    case usage(String, hint: String)
    /// An input could not be read (already reported).
    case unreadable
}

/// A subcommand: its name, a one-line abstract, its help, and what it does.
protocol PushbookCommand {
    /// The subcommand's name.
    static var name: String { get }
    /// One line for the overview.
    static var abstract: String { get }
    /// The full help text.
    static var help: String { get }
    /// Runs the command with its arguments.
    static func run(_ arguments: inout ArgumentParser) throws -> Outcome
}

/// The edit distance between two words, for suggestions.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}

/// Writes a line to standard error.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
