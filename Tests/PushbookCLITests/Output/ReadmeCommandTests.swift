import Foundation
import Testing
@testable import PushbookCLI

/// The README's command lines (the synopsis, the CI workflow, "Check your own extension") use only
/// subcommands, options and choices the command line declares, so a copied workflow does not fail
/// on an option that was renamed.
@Suite("The README's command lines")
struct ReadmeCommandTests {
    /// Every line of the README's fenced blocks that runs `pushbook SUBCOMMAND`, from `pushbook` on.
    static func commandLines() throws -> [String] {
        let readme = try String(contentsOf: CommandRunner.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        var inBlock = false, lines: [String] = []
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inBlock.toggle(); continue }
            guard inBlock, let start = line.range(of: "pushbook ") else { continue }
            // Not a path such as /tmp/pushbook/.build, a word inside another (pushbook.sarif) or `swift build --product pushbook`.
            if start.lowerBound > line.startIndex, let before = line[..<start.lowerBound].last, before.isLetter || before == "/" || before == "-" { continue }
            if line[..<start.lowerBound].hasSuffix("--product ") { continue }
            lines.append(String(line[start.lowerBound...]))
        }
        return lines
    }

    @Test("every pushbook command line in the README names a real subcommand with declared options and format values")
    func declaredOptions() throws {
        let lines = try Self.commandLines()
        #expect(lines.contains { $0.hasPrefix("pushbook lint --format github") }, "the CI workflow is in the README")
        #expect(lines.contains { $0.hasPrefix("pushbook lint --format sarif") })
        #expect(lines.count >= 10, "\(lines)")
        for line in lines {
            // The words up to the end of the shell command (a pipe, a redirection, a comment, an `||`).
            var words: [String] = []
            for word in line.split(separator: " ").dropFirst() {
                if ["|", "||", "&&", ">", "#", ";"].contains(word) || word.hasPrefix(">") || word.hasPrefix("#") { break }
                words.append(String(word).trimmingCharacters(in: CharacterSet(charactersIn: "[]`'\"")))
            }
            guard let name = words.first else { continue }
            if name == "--version" || name == "--help" { continue }
            let command = try #require(PushbookCLI.commands.first { $0.name == name }, "'\(line)': no subcommand '\(name)'")
            for (index, word) in words.enumerated().dropFirst() where word.hasPrefix("--") {
                let optionName = String(word.split(separator: "=").first ?? "")
                guard optionName != "--help" else { continue }
                let option = try #require(command.options.first { $0.name == optionName }, "'\(line)': \(name) has no option \(optionName)")
                // A value given literally (not a placeholder such as FMT or a list such as text|json) must be a choice.
                guard !option.choices.isEmpty else { continue }
                let value = word.contains("=") ? String(word.split(separator: "=", maxSplits: 1)[1]) : (index + 1 < words.count ? words[index + 1] : "")
                for choice in value.split(separator: "|") where choice.first?.isLowercase == true {
                    #expect(option.choices.contains(String(choice)), "'\(line)': \(optionName) takes \(option.choices), not '\(choice)'")
                }
            }
        }
    }

    @Test("the workflow's SARIF step treats exit 1 (problems found) as success and exit 2 (unreadable) as failure, in sh")
    func sarifStepExitStatus() throws {
        for (status, expected) in [(0, 0), (1, 0), (2, 1)] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-e", "-c", "(exit \(status)) > /dev/null || [ $? -eq 1 ]"]
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == Int32(expected), "exit \(status)")
        }
    }
}
