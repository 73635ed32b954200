/// What a highlighted piece of code is (the site draws each kind in a colour of its own).
public enum TokenKind: String, Sendable, CaseIterable {
    /// Reserved words (`func`, `await`, `def`, `if`), compiler directives (`#if`), XML declarations.
    case keyword
    /// String and character literals, including their quotes; CDATA sections.
    case string
    /// Numeric literals.
    case number
    /// Line and block comments.
    case comment
    /// Type names (capitalised identifiers).
    case type
    /// Attributes and annotations (`@escaping`, `@override`, Python decorators), XML attribute names, shell options.
    case attribute
    /// XML and plist tags, angle brackets included.
    case tag
    /// JSON object keys, plist `<key>` text, Swift key paths (`\.sender`).
    case key
    /// `true`, `false`, `null`, `nil`, `None`, XML entities.
    case literal
    /// A function or method name at a call site, the command word in a shell line.
    case call
    /// Shell and Dart interpolated variables (`$X`, `${X}`), Swift `$0`.
    case variable
    /// Punctuation worth showing apart: console prompts, shell line continuations.
    case punct

}
