import Foundation
import NotificationSimulator
import Cookbook

/// The recipes' code, by the service name a recipe's front matter gives.
public typealias EntryPoints = [String: RecipeEntryPoint]

/// The `pushbook` command: finds the subcommand in one table, parses its declared options, runs it,
/// and decides the exit status in one place. The registry of recipe code is handed in, so the
/// shipped tool and a test build (with test-only recipes) share every line of the command line.
public enum PushbookCLI {
    /// The subcommands, in help order. (`worker` is internal and not listed.)
    static let commands: [CommandSpec] = [BuildCommand.spec, CheckCommand.spec, LintCommand.spec, SimulateCommand.spec, NewCommand.spec, SchemaCommand.spec, CompletionsCommand.spec]

    /// What `--version` prints, also part of every cache key: the version, and the commit when the
    /// tool was built from a git checkout (`pushbook 0.1.0 (commit 6d60fb6…)`). The site's pages
    /// name the version only, so that a committed site does not go stale with every commit.
    public static let version = "pushbook \(PushbookVersion.number)" + (builtFromCommit.isEmpty ? "" : " (commit \(builtFromCommit))")

    /// The commit the tool was built from, or empty.
    public static let commit = builtFromCommit

    /// Runs the command line `arguments` (without the program's name) with the recipes' code `entryPoints`.
    public static func main(arguments given: [String]? = nil, entryPoints: EntryPoints) -> Never {
        var arguments = given ?? Array(CommandLine.arguments.dropFirst())
        // The bytes behind the arguments: Swift repairs a name that is not UTF-8, which then opens nothing.
        let raw: [[UInt8]]? = given != nil ? nil : (1..<Int(CommandLine.argc)).map { index in
            CommandLine.unsafeArgv[index].map { Array(UnsafeBufferPointer(start: $0, count: strlen($0))).map { UInt8(bitPattern: $0) } } ?? []
        }
        // A worker that dies must not take the parent with it through a write to its closed pipe.
        signal(SIGPIPE, SIG_IGN)
        limitMallocArenas()
        var rawArguments = raw
        if arguments.first == "worker" { WorkerCommand.run(entryPoints: entryPoints) }
        guard let name = arguments.first else { exit(with: .usage(usage, hint: "a subcommand is required")) }
        switch name {
        case "--help", "-h", "help":
            if arguments.count > 1, let command = commands.first(where: { $0.name == arguments[1] }) {
                print(command.help)
            } else {
                print(usage)
            }
            Foundation.exit(0)
        case "--version":
            print(version)
            Foundation.exit(0)
        default:
            break
        }
        arguments.removeFirst()
        rawArguments = rawArguments.map { Array($0.dropFirst()) }
        guard let command = commands.first(where: { $0.name == name }) else {
            let guess = commands.map(\.name).min { editDistance($0, name) < editDistance($1, name) }
            let hint = guess.flatMap { editDistance($0, name) <= 3 ? " Did you mean '\($0)'?" : nil } ?? ""
            let what = name.hasPrefix("-") ? "unknown option '\(name)' before the subcommand" : "unknown subcommand '\(name)'"
            exit(with: .usage(usage, hint: "\(what).\(hint)"))
        }
        do throws(UsageError) {
            switch try command.parse(arguments, raw: rawArguments, entryPoints: entryPoints) {
            case .help:
                print(command.help)
                Foundation.exit(0)
            case .run(let parsed):
                // Whatever the command's code leaves in the temporary folder goes when it ends; the
                // folder is never inside one the command reads or replaces.
                let folders = command.options.filter { ["--recipes", "--out"].contains($0.name) }.compactMap(parsed.value)
                ProcessTemporaryFolder.claim(avoiding: folders + [".pushbook-cache"])
                do {
                    exit(with: try command.run(parsed))
                } catch let error as UsageError {
                    exit(with: .usage(command.help, hint: error.message))
                } catch {
                    printError("error: \(error)")
                    Foundation.exit(2)
                }
            }
        } catch {
            exit(with: .usage(command.help, hint: error.message))
        }
    }

    /// The overview printed by `pushbook --help`.
    static var usage: String {
        let width = (commands.map(\.name.count).max() ?? 0) + 3
        return """
        OVERVIEW: Pushbook builds and checks an executable cookbook for iOS rich push notifications.

        USAGE: pushbook <subcommand> [options] [--] [arguments]

        SUBCOMMANDS:
        \(commands.map { "  " + $0.name.padding(toLength: width, withPad: " ", startingAt: 0) + $0.abstract }.joined(separator: "\n"))

          See 'pushbook <subcommand> --help' (or 'pushbook help <subcommand>') for the options of each.
          '--' ends the options: what follows is an argument, even if it starts with '-'.
        """
    }

    /// At most two malloc arenas for this process (glibc), set before any thread starts. glibc
    /// gives each thread that allocates (the parallel recipe load, the availability check's thread,
    /// Foundation's queues) an arena of its own, up to eight per core, and the memory freed in each
    /// stays mapped: at 2,000 recipes the build's parent peaked at 195 MB with them and 178 MB with
    /// two (bench/peak-rss.py, BENCHMARKS.md), for the same time.
    static func limitMallocArenas() {
        #if canImport(Glibc)
        // mallopt is in <malloc.h>, which the Glibc module does not bring in; M_ARENA_MAX is -8 there.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: Mallopt.self)(-8, 2)
        #endif
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

/// How a command ended: 0 success, 1 a check failed, 2 usage, unreadable input or a refused folder.
enum Outcome {
    /// Everything passed.
    case success
    /// A lint error, a verification mismatch or a broken link.
    case checkFailed
    /// The command line was wrong.
    case usage(String, hint: String)
    /// An input could not be read or an output folder was refused (already reported).
    case unreadable
}

/// Writes a line to standard error.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
