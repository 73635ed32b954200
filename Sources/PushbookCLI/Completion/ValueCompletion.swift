/// What a shell offers for an option's value or a positional argument.
enum ValueCompletion: Sendable, Equatable {
    /// One of a fixed list of words (`--format`, `schema KIND`).
    case choices([String])
    /// A folder.
    case directories
    /// A file (or anything the shell offers by default).
    case files
    /// A recipe id: a folder of the recipes folder (`--recipes`, default `Recipes`).
    case recipes
    /// Free text: nothing to offer.
    case none

    /// For an option's value: its choices, or what its value name says (`DIR`, `FILE`, `ID`).
    init(_ option: OptionSpec) {
        self = option.choices.isEmpty ? Self.named(option.valueName) : .choices(option.choices)
    }

    /// For a positional argument: its choices, or what its name says.
    init(_ argument: ArgumentSpec) {
        if let completion = argument.completion { self = completion; return }
        self = argument.choices.isEmpty ? Self.named(argument.name) : .choices(argument.choices)
    }

    /// What a placeholder name stands for.
    static func named(_ name: String) -> ValueCompletion {
        switch name {
        case "DIR": .directories
        case "FILE", "FILE.swift": .files
        case "ID": .recipes
        default: .none
        }
    }
}
