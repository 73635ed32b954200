import Foundation
import Cookbook

/// `pushbook completions bash|zsh`: shell completion scripts made from the commands' declarations.
enum CompletionsCommand {
    /// The shells a script is made for.
    static let shells = ["bash", "zsh"]

    /// The command's declaration.
    static let spec = CommandSpec(
        name: "completions",
        abstract: "Print a completion script for bash or zsh.",
        overview: """
            Prints a script that completes pushbook's commands, options, option values (formats,
            folders, files) and recipe ids in bash or zsh. It is made from the same declarations as the
            help, so it always matches this version.

              bash:  source <(pushbook completions bash)    (or save it in ~/.local/share/bash-completion/completions/pushbook)
              zsh:   source <(pushbook completions zsh)     (after compinit; or save it as _pushbook in a folder of $fpath)
            """,
        options: [],
        arguments: [ArgumentSpec(name: "SHELL", help: "bash or zsh.", repeats: false, choices: shells)],
        epilogue: "EXIT STATUS: 0 printed, 2 bad usage.",
        run: run)

    @Sendable static func run(_ arguments: ParsedArguments) throws -> Outcome {
        guard arguments.positionals.count == 1, let shell = arguments.positionals.first, shells.contains(shell) else {
            throw UsageError(message: "give one SHELL: bash or zsh\(arguments.positionals.first.map { " (got '\($0)')" } ?? "")")
        }
        let commands = PushbookCLI.commands
        print(shell == "bash" ? BashCompletion(commands: commands, version: "pushbook \(PushbookVersion.number)").script
                              : ZshCompletion(commands: commands, version: "pushbook \(PushbookVersion.number)").script, terminator: "")
        return .success
    }
}
