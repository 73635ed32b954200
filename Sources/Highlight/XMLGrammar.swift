/// XML and property lists: comments, CDATA, `<?xml …?>`, `<!DOCTYPE …>`, tags with attributes, entities,
/// and the text of plist `<key>`, `<integer>` and `<real>` elements.
enum XMLGrammar {
    /// The grammar, in priority order.
    static let grammar = Grammar([
        Comment(),
        CDATA(),
        Declaration(),
        Tag(),
        Entity(),
    ])

    /// `<!-- … -->`; unterminated runs to the end.
    struct Comment: SyntaxRule {
        /// Emits the whole comment.
        func apply(to lexer: inout Lexer) -> Bool {
            guard lexer.matches("<!--") else { return false }
            lexer.emit(.comment, upTo: XMLGrammar.end(of: "-->", in: lexer, from: lexer.position + 4))
            return true
        }
    }

    /// `<![CDATA[ … ]]>`, shown as a string; unterminated runs to the end.
    struct CDATA: SyntaxRule {
        /// Emits the whole section.
        func apply(to lexer: inout Lexer) -> Bool {
            guard lexer.matches("<![CDATA[") else { return false }
            lexer.emit(.string, upTo: XMLGrammar.end(of: "]]>", in: lexer, from: lexer.position + 9))
            return true
        }
    }

    /// `<!DOCTYPE …>` and other `<!…>` declarations: the keyword, quoted strings, and an internal subset in `[…]`.
    struct Declaration: SyntaxRule {
        /// Emits the declaration.
        func apply(to lexer: inout Lexer) -> Bool {
            guard lexer.matches("<!"), let letter = lexer.byte(at: lexer.position + 2), Lexer.isIdentifierStart(letter) else { return false }
            lexer.emit(.keyword, upTo: lexer.identifierEnd(from: lexer.position + 2))
            var inSubset = false
            while let byte = lexer.current {
                if byte == UInt8(ascii: ">"), !inSubset {
                    lexer.emit(.keyword, upTo: lexer.position + 1)
                    return true
                }
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    lexer.emit(.string, upTo: XMLGrammar.quotedEnd(in: lexer, from: lexer.position))
                    continue
                }
                if byte == UInt8(ascii: "[") { inSubset = true }
                if byte == UInt8(ascii: "]") { inSubset = false }
                lexer.emitPlainScalar()
            }
            return true
        }
    }

    /// Start, end and empty tags and `<?…?>` processing instructions, with attribute names and values.
    struct Tag: SyntaxRule {
        /// Elements whose text content gets a kind of its own (plist keys and numbers).
        static let textKinds: [String: TokenKind] = ["key": .key, "integer": .number, "real": .number]

        /// Emits the tag, then the highlighted text of a plist `<key>`, `<integer>` or `<real>`.
        func apply(to lexer: inout Lexer) -> Bool {
            guard lexer.current == UInt8(ascii: "<") else { return false }
            let start = lexer.position
            var nameStart = start + 1
            let isInstruction = lexer.byte(at: nameStart) == UInt8(ascii: "?")
            let isClosing = lexer.byte(at: nameStart) == UInt8(ascii: "/")
            if isInstruction || isClosing { nameStart += 1 }
            let nameEnd = nameEnd(in: lexer, from: nameStart)
            guard nameEnd > nameStart || isInstruction else { return false }
            let name = lexer.text(nameStart..<nameEnd)
            lexer.emit(isInstruction ? .keyword : .tag, upTo: nameEnd)
            var selfClosing = false
            while let byte = lexer.current {
                if byte == UInt8(ascii: ">") {
                    lexer.emit(isInstruction ? .keyword : .tag, upTo: lexer.position + 1)
                    break
                }
                if lexer.matches("/>") || lexer.matches("?>") {
                    selfClosing = true
                    lexer.emit(isInstruction ? .keyword : .tag, upTo: lexer.position + 2)
                    break
                }
                if byte == UInt8(ascii: "<") { return true }  // malformed: let the next tag start cleanly
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    lexer.emit(.string, upTo: XMLGrammar.quotedEnd(in: lexer, from: lexer.position))
                    continue
                }
                let attributeEnd = self.nameEnd(in: lexer, from: lexer.position)
                if attributeEnd > lexer.position {
                    lexer.emit(.attribute, upTo: attributeEnd)
                    continue
                }
                lexer.emitPlainScalar()
            }
            if !isClosing, !isInstruction, !selfClosing, let kind = Self.textKinds[name] {
                var end = lexer.position
                while let b = lexer.byte(at: end), b != UInt8(ascii: "<"), b != UInt8(ascii: "&") { end += 1 }
                lexer.emit(kind, upTo: end)
            }
            return true
        }

        /// The end of an XML name (letters, digits, `_`, `-`, `.`, `:`) starting at `index`.
        private func nameEnd(in lexer: Lexer, from index: Int) -> Int {
            guard let first = lexer.byte(at: index), Lexer.isIdentifierStart(first) || first == UInt8(ascii: ":") else { return index }
            var end = index + 1
            while let b = lexer.byte(at: end),
                  Lexer.isIdentifierByte(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: ":") {
                end += 1
            }
            return end
        }
    }

    /// Character and entity references: `&amp;`, `&#x1F600;`.
    struct Entity: SyntaxRule {
        /// Emits the reference as a literal.
        func apply(to lexer: inout Lexer) -> Bool {
            guard lexer.current == UInt8(ascii: "&") else { return false }
            var i = lexer.position + 1
            if lexer.byte(at: i) == UInt8(ascii: "#") { i += 1 }
            let nameStart = i
            while i - nameStart < 32, let b = lexer.byte(at: i), b < 0x80, Lexer.isIdentifierByte(b) { i += 1 }
            guard i > nameStart, lexer.byte(at: i) == UInt8(ascii: ";") else { return false }
            lexer.emit(.literal, upTo: i + 1)
            return true
        }
    }

    /// The index just past `terminator` searching from `index`, or the end of the input.
    static func end(of terminator: StaticString, in lexer: Lexer, from index: Int) -> Int {
        var i = index
        while i < lexer.bytes.count {
            if lexer.matches(terminator, at: i) { return i + terminator.utf8CodeUnitCount }
            i += 1
        }
        return i
    }

    /// The index just past the quoted value starting at `index` (its own quote character ends it), or the end.
    static func quotedEnd(in lexer: Lexer, from index: Int) -> Int {
        let quote = lexer.bytes[index]
        var i = index + 1
        while i < lexer.bytes.count {
            if lexer.bytes[i] == quote { return i + 1 }
            i += 1
        }
        return i
    }
}
