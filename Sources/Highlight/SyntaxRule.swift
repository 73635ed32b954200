/// One lexical rule of a grammar: recognises a token at the lexer's position and consumes it.
///
/// Rules are small value types kept in an ordered list (as in Splash's grammars); the first rule that
/// applies wins. A rule that returns `true` must have moved the lexer forward.
protocol SyntaxRule: Sendable {
    /// Consumes and emits one token at `lexer.position`, returning `false` (and leaving `lexer` alone) if it does not apply.
    func apply(to lexer: inout Lexer) -> Bool
}
