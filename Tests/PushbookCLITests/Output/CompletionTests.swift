import Foundation
import Testing
@testable import PushbookCLI

/// `pushbook completions bash|zsh`: scripts made from the declarations, driven in real shells.
@Suite("Shell completions for bash and zsh", .serialized)
struct CompletionTests {
    /// A folder with recipes `alpha`, `beta`, a `_platform` code folder, a recipe folder whose name is
    /// a command substitution, a folder `site-out`, and the script of `shell` in `completion.SHELL`.
    static func workspace(_ shell: String) throws -> URL {
        let folder = try LintOutputFormatTests.scratch([:])
        for name in ["Recipes/alpha", "Recipes/beta", "Recipes/_platform", "Recipes/$(touch pwned)", "other/gamma", "site-out"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        let run = try CommandRunner.run(["completions", shell])
        #expect(run.status == 0 && run.stderr.isEmpty)
        try Data(run.stdout.utf8).write(to: folder.appendingPathComponent("completion.\(shell)"))
        return folder
    }

    /// Runs `program` with `arguments` in `folder`, giving up after 60 seconds.
    static func shell(_ program: String, _ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        process.currentDirectoryURL = folder
        process.environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": folder.path, "TERM": "dumb"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let deadline = DispatchTime.now() + 60
        DispatchQueue.global().asyncAfter(deadline: deadline) { if process.isRunning { process.terminate() } }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The command lines to complete (the word being completed last), and what each must offer.
    static func cases() -> [(line: String, expected: [String])] {
        var cases: [(String, [String])] = [
            ("pushbook bu", ["build"]),
            ("pushbook lint --format ", ["github", "json", "sarif", "text"]),
            ("pushbook lint --format=s", ["sarif"]),
            ("pushbook check --format ", ["github", "json", "sarif", "text"]),
            ("pushbook schema ", ["apns", "fcm"]),
            ("pushbook completions ", ["bash", "zsh"]),
            ("pushbook check ", ["$(touch pwned)", "alpha", "beta"]),
            ("pushbook check --recipes other ", ["gamma"]),
            ("pushbook simulate --recipe a", ["alpha"]),
            ("pushbook build --out si", ["site-out/"]),
        ]
        // Every command, and every option of every command, from the declarations.
        cases.append(("pushbook ", (PushbookCLI.commands.map(\.name) + ["help"]).sorted()))
        cases.append(("pushbook --", ["--help", "--version"]))
        for command in PushbookCLI.commands {
            cases.append(("pushbook \(command.name) --", (command.options.map(\.name) + ["--help"]).sorted()))
        }
        return cases
    }

    @Test("the bash script sources cleanly and completes commands, options, formats, folders and recipe ids, without running a folder's name")
    func bash() throws {
        let folder = try Self.workspace("bash")
        defer { try? FileManager.default.removeItem(at: folder) }
        var script = "set -u\nsource ./completion.bash || exit 3\ncomplete -p pushbook\n"
        script += "t() { COMP_WORDS=(\"$@\"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=(); _pushbook; printf 'RESULT'; printf '<%s>' \"${COMPREPLY[@]}\"; printf '\\n'; }\n"
        for (line, _) in Self.cases() {
            // bash splits '--format=s' into '--format', '=', 's', as COMP_WORDBREAKS says.
            var words = line.split(separator: " ", omittingEmptySubsequences: false).flatMap { word -> [String] in
                guard let eq = word.firstIndex(of: "=") else { return [String(word)] }
                return [String(word[..<eq]), "=", String(word[word.index(after: eq)...])]
            }
            if words.last == "" { words[words.count - 1] = "" }
            script += "t " + words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ") + "\n"
        }
        try Data(script.utf8).write(to: folder.appendingPathComponent("test.bash"))
        let run = try Self.shell("bash", ["--norc", "--noprofile", "test.bash"], in: folder)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.hasPrefix("complete -F _pushbook pushbook\n"))
        let results = run.output.split(separator: "\n").filter { $0.hasPrefix("RESULT") }
        #expect(results.count == Self.cases().count, "\(run.output)")
        for ((line, expected), result) in zip(Self.cases(), results) {
            var words = result.dropFirst("RESULT".count).components(separatedBy: "><").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "<>")) }
            if words == [""] { words = [] }
            // bash shows folders without the slash zsh adds.
            let wanted = expected.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
            #expect(words.sorted() == wanted, "bash: \(line)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("pwned").path), "a folder's name was run")
    }

    /// Drives zsh's own completion system in a pseudo-terminal (`zsh/zpty`): compinit, the script, and
    /// for each line a widget that inserts all matches (`_all_matches`) and a widget that records the line.
    static let zshDriver = #"""
        zmodload zsh/zpty || exit 3
        zpty -b z zsh -f -i
        zpty -w z 'PS1="" PROMPT="" RPROMPT=""; unsetopt zle_bracketed_paste; setopt no_beep'
        zpty -w z 'autoload -Uz compinit && compinit -u -d "$PWD/.zcompdump"'
        zpty -w z 'source ./completion.zsh && print SOURCED > sourced.out'
        zpty -w z 'zstyle ":completion:all-matches:*" completer _all_matches _complete; zstyle ":completion:all-matches:*" insert yes'
        zpty -w z 'zle -C all-matches complete-word _generic; bindkey "^Xa" all-matches'
        zpty -w z 'show() { print -r -- "RESULT<${BUFFER}>" >> results.out; BUFFER=""; }; zle -N show; bindkey "^Xs" show'
        while IFS= read -r line; do
          zpty -w -n z "${line}"$'\x18a\x18s'
        done < lines.txt
        zpty -w z 'print DONE > done.out'
        for i in {1..300}; do [[ -f done.out ]] && break; sleep 0.1; done
        zpty -d z
        [[ -f done.out ]]
        """#

    @Test("the zsh script sources after compinit and zsh's completion system completes commands, options, formats, folders and recipe ids")
    func zsh() throws {
        let folder = try Self.workspace("zsh")
        defer { try? FileManager.default.removeItem(at: folder) }
        let syntax = try Self.shell("zsh", ["-n", "completion.zsh"], in: folder)
        #expect(syntax.status == 0, "\(syntax.output)")
        try Data(Self.zshDriver.utf8).write(to: folder.appendingPathComponent("driver.zsh"))
        try Data(Self.cases().map { $0.line + "\n" }.joined().utf8).write(to: folder.appendingPathComponent("lines.txt"))
        let run = try Self.shell("zsh", ["-f", "driver.zsh"], in: folder)
        #expect(run.status == 0, "zsh (install it: apt-get install zsh) said: \(run.output)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("sourced.out").path))
        let results = (try? String(contentsOf: folder.appendingPathComponent("results.out"), encoding: .utf8)) ?? ""
        let lines = results.split(separator: "\n").map(String.init)
        #expect(lines.count == Self.cases().count, "\(results)")
        for ((line, expected), result) in zip(Self.cases(), lines) {
            // The line as typed, then every match, each followed by a space ('_all_matches' inserts them all).
            let typed = line.split(separator: " ", omittingEmptySubsequences: false).dropLast().joined(separator: " ")
            let body = String(result.dropFirst("RESULT<".count).dropLast())
            let prefix = typed.isEmpty ? "" : typed + " "
            #expect(body.hasPrefix(prefix), "zsh: \(line) gave \(body)")
            // Words split at unquoted spaces, as zsh quotes them (the folder named like a command substitution).
            var words: [String] = [], word = "", escaped = false
            for c in body.dropFirst(prefix.count) {
                if escaped { word.append(c); escaped = false } else if c == "\\" { escaped = true } else if c == " " {
                    if !word.isEmpty { words.append(word) }
                    word = ""
                } else { word.append(c) }
            }
            if !word.isEmpty { words.append(word) }
            // '--format=s' completes inside its word; an option taking a value may be inserted with its '='.
            if line.hasSuffix("--format=s") { words = words.map { $0.replacingOccurrences(of: "--format=", with: "") } }
            words = words.map { $0.hasPrefix("--") && $0.hasSuffix("=") ? String($0.dropLast()) : $0 }
            #expect(words.filter { $0 != "-h" }.sorted() == expected, "zsh: \(line) gave \(body)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("pwned").path), "a folder's name was run")
    }
}
