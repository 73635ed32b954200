import Foundation
import Testing
@testable import PushbookCLI
#if canImport(Glibc)
import Glibc
import ToolchainSupport
#endif

/// The command line, declared once: help, parsing, suggestions and the
/// known options all come from each command's declaration; `--` ends options; every
/// kind of FILE is read alike.
@Suite("Safety: the command line", .serialized)
struct CommandLineTests {
    @Test("a command that exits without reading its standard input (1 MB of it) leaves the test host running and its output whole")
    func childThatReadsNoInput() throws {
        let input = Data(repeating: 0x7B, count: 1 << 20)
        // The test host ignores SIGPIPE (TestProcess.c); the default is restored for these runs,
        // which would end the process with signal 13 if ChildInput did not block it.
        let ignored = signal(SIGPIPE, SIG_DFL)
        defer { signal(SIGPIPE, ignored) }
        for _ in 0..<3 {
            let result = try CommandRunner.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "echo done"], in: FileManager.default.temporaryDirectory, stdin: input)
            #expect(result.status == 0)
            #expect(result.stdout == "done\n")
        }
    }

    @Test("every declared option appears in its command's usage line and option list, with its value name and default")
    func helpComesFromTheDeclarations() {
        #expect(PushbookCLI.commands.map(\.name) == ["build", "check", "lint", "simulate", "new", "schema", "completions"])
        for command in PushbookCLI.commands {
            let help = command.help
            #expect(help.hasPrefix("OVERVIEW: "))
            for option in command.options {
                #expect(help.contains(option.usage), "\(command.name): usage lacks \(option.usage)")
                #expect(help.contains("  " + option.signature + " "), "\(command.name): options lack \(option.signature)")
                if let value = option.defaultValue { #expect(help.contains("(default: \(value))"), "\(command.name) \(option.name)") }
            }
            for argument in command.arguments { #expect(help.contains(argument.name)) }
            #expect(help.contains("-h, --help"))
        }
    }

    @Test("every declared option parses, in both spellings, and a near miss suggests it")
    func parsingComesFromTheDeclarations() throws {
        for command in PushbookCLI.commands {
            for option in command.options {
                let forms: [[String]] = option.kind == .flag ? [[option.name]] : [[option.name, "v1"], ["\(option.name)=v1"]]
                for form in forms {
                    guard case .run(let parsed) = try command.parse(form + ["--", "--help"], entryPoints: [:]) else {
                        Issue.record("\(command.name) \(form) asked for help"); continue
                    }
                    if option.kind == .flag { #expect(parsed.flag(option)) } else { #expect(parsed.value(option) == "v1") }
                    #expect(parsed.positionals == ["--help"], "'--' ends options")
                }
                let typo = option.name + "z"
                do {
                    _ = try command.parse([typo], entryPoints: [:])
                    Issue.record("\(command.name) accepted '\(typo)'")
                } catch {
                    #expect(error.message.contains("Did you mean '"), "\(command.name) \(typo): \(error.message)")
                }
            }
        }
    }

    @Test("lint -- --help lints the file named --help; help is shown only for --help before --")
    func doubleDashEndsOptions() throws {
        let folder = TemporaryFolder.root.appendingPathComponent("pushbook-dashes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"{"aps": {"alert": "hi", "badge": "x"}}"#.write(to: folder.appendingPathComponent("--help"), atomically: true, encoding: .utf8)
        try #"{"aps": {"alert": "hi"}}"#.write(to: folder.appendingPathComponent("-n.json"), atomically: true, encoding: .utf8)
        let lint = try CommandRunner.run(["lint", "--", "--help", "-n.json"], in: folder)
        #expect(lint.status == 1, "the file --help has a bad badge: \(lint.stdout) \(lint.stderr)")
        #expect(lint.stdout.contains("--help:1:"), "\(lint.stdout)")
        #expect(!lint.stdout.contains("OVERVIEW"))
        let help = try CommandRunner.run(["lint", "--help", "--", "x"], in: folder)
        #expect(help.status == 0 && help.stdout.contains("OVERVIEW"))
        let simulate = try CommandRunner.run(["simulate", "--format=text", "--", "-n.json"], in: folder)
        #expect(simulate.status == 0, "\(simulate.stderr)")
        #expect(simulate.stdout.contains("shown: \"\" / \"\" / \"hi\""), "\(simulate.stdout)")
    }

    @Test("an unknown subcommand is an error with a suggestion, never a run of simulate", arguments: ["bild", "payload.json", "-x"])
    func unknownSubcommand(name: String) throws {
        let run = try CommandRunner.run([name, "Recipes/fcm-image/examples/webp-image.json"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("error: unknown "), "\(run.stderr)")
        #expect(run.stdout.isEmpty, "something ran: \(run.stdout.prefix(200))")
        if name == "bild" { #expect(run.stderr.contains("Did you mean 'build'?")) }
    }

    @Test("help for a command: --help, -h and 'help NAME' print the same text")
    func helpSpellings() throws {
        let a = try CommandRunner.run(["check", "--help"]), b = try CommandRunner.run(["check", "-h"]), c = try CommandRunner.run(["help", "check"])
        #expect(a.status == 0 && a.stdout == b.stdout && b.stdout == c.stdout)
        #expect(a.stdout.contains("--verbose"))
    }

    private static let payload = Data(#"{"aps": {"alert": {"title": "T"}, "badge": "x"}}"#.utf8)

    @Test("lint reads a FIFO, a piped /dev/stdin and '-' alike")
    func streamsReadAlike() throws {
        let folder = TemporaryFolder.root.appendingPathComponent("pushbook-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.payload.write(to: folder.appendingPathComponent("p.json"))
        let file = try CommandRunner.run(["lint", "p.json"], in: folder)
        let fifo = folder.appendingPathComponent("fifo")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        let bytes = Self.payload
        let writer = Thread {
            if let handle = FileHandle(forWritingAtPath: fifo.path) { handle.write(bytes); try? handle.close() }
        }
        writer.start()
        let fromFIFO = try CommandRunner.run(["lint", "fifo"], in: folder)
        let fromDevStdin = try CommandRunner.run(["lint", "/dev/stdin"], in: folder, stdin: Self.payload)
        let fromDash = try CommandRunner.run(["lint", "-"], in: folder, stdin: Self.payload)
        #expect(file.status == 1 && fromFIFO.status == 1 && fromDevStdin.status == 1 && fromDash.status == 1, "\(fromFIFO.stderr) \(fromDevStdin.stderr)")
        let findings = { (run: CommandRunner.Result, name: String) in run.stdout.replacingOccurrences(of: name + ":", with: "FILE:") }
        #expect(findings(fromFIFO, "fifo") == findings(file, "p.json"))
        #expect(findings(fromDevStdin, "/dev/stdin") == findings(file, "p.json"))
        #expect(findings(fromDash, "-") == findings(file, "p.json"))
        let simulate = try CommandRunner.run(["simulate", "/dev/stdin"], in: folder, stdin: Self.payload)
        #expect(simulate.stdout.contains("\"accepted\""), "\(simulate.stderr)")
    }

    @Test("an empty file or /dev/null is 'empty input', a folder cannot be read, and '-' twice is a usage error")
    func emptyAndOddFiles() throws {
        let empty = try CommandRunner.run(["lint", "/dev/null"])
        #expect(empty.status == 1)
        #expect(empty.stdout.contains("/dev/null:1:1: error: empty input"), "\(empty.stdout) \(empty.stderr)")
        let folder = try CommandRunner.run(["lint", "Recipes"])
        #expect(folder.status == 2)
        #expect(folder.stderr.contains("Recipes:1:1: error: cannot read the file"), "\(folder.stderr)")
        let twice = try CommandRunner.run(["lint", "-", "-"], stdin: Self.payload)
        #expect(twice.status == 2)
        #expect(twice.stderr.contains("'-' (standard input) can be read only once"), "\(twice.stderr)")
        let missing = try CommandRunner.run(["lint", "no-such-file.json"])
        #expect(missing.status == 2 && missing.stderr.contains("no-such-file.json:1:1: error: cannot read the file"))
    }
}
