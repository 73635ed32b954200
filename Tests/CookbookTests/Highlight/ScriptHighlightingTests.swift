import Testing
@testable import Cookbook
import Highlight

/// Shell, console, Dart and Python highlighting.
@Suite struct ScriptHighlightingTests {
    /// Commands, options, quoted strings, variables and continuations in a curl command.
    @Test func shellShowsCommandsOptionsStringsAndVariables() {
        let code = """
        # send it
        curl -v --header "apns-topic: ${BUNDLE_ID}" \\
          -d '{"aps":{}}' "https://api.push.apple.com/3/device/$TOKEN" | jq .
        """
        let tokens = HighlightTestSupport.marked(code, "bash")
        #expect(tokens == [
            Token(.comment, "# send it"),
            Token(.call, "curl"),
            Token(.attribute, "-v"),
            Token(.attribute, "--header"),
            Token(.string, "\"apns-topic: "),
            Token(.variable, "${BUNDLE_ID}"),
            Token(.string, "\""),
            Token(.punct, "\\"),
            Token(.attribute, "-d"),
            Token(.string, #"'{"aps":{}}'"#),
            Token(.string, "\"https://api.push.apple.com/3/device/"),
            Token(.variable, "$TOKEN"),
            Token(.string, "\""),
            Token(.call, "jq"),
        ])
    }

    /// Keywords, assignments and command substitution.
    @Test func shellKeywordsAssignmentsAndSubstitution() {
        let tokens = HighlightTestSupport.marked("export TOKEN=\"$(cat t.txt)\"\nif [ -n \"$1\" ]; then echo ok; fi", "sh")
        #expect(tokens.contains(Token(.keyword, "export")))
        #expect(tokens.contains(Token(.variable, "TOKEN")))
        #expect(tokens.contains(Token(.call, "cat")))
        #expect(tokens.contains(Token(.keyword, "if")))
        #expect(tokens.contains(Token(.variable, "$1")))
        #expect(tokens.contains(Token(.keyword, "then")))
        #expect(tokens.contains(Token(.call, "echo")))
        #expect(tokens.contains(Token(.keyword, "fi")))
    }

    /// `#` inside a word is not a comment.
    @Test func shellHashInsideWordIsNotAComment() {
        #expect(!HighlightTestSupport.marked("echo a#b", "shell").contains { $0.kind == .comment })
    }

    /// In a console session, prompts are marked and output lines stay plain.
    @Test func consolePromptsAreMarkedAndOutputIsPlain() {
        let code = "$ pushbook lint payload.json\npayload.json:3:5: error: \"quoted\n$ echo done"
        let tokens = HighlightTestSupport.marked(code, "console")
        #expect(tokens == [
            Token(.punct, "$"), Token(.call, "pushbook"),
            Token(.punct, "$"), Token(.call, "echo"),
        ])
    }

    /// Dart: keywords, annotations, and both kinds of interpolation.
    @Test func dartInterpolationAndAsyncAwait() {
        let code = "@pragma('vm:entry-point')\nFuture<void> f(RemoteMessage m) async {\n  final t = await get();\n  print('Token: $t ${m.data[\"id\"]}');\n  var r = r'raw $x';\n}"
        let tokens = HighlightTestSupport.marked(code, "dart")
        #expect(tokens.contains(Token(.attribute, "@pragma")))
        #expect(tokens.contains(Token(.keyword, "async")))
        #expect(tokens.contains(Token(.keyword, "await")))
        #expect(tokens.contains(Token(.type, "Future")))
        #expect(tokens.contains(Token(.string, "'Token: ")))
        #expect(tokens.contains(Token(.variable, "$t")))
        #expect(tokens.contains(Token(.variable, "${")))
        #expect(tokens.contains(Token(.string, "\"id\"")))
        #expect(tokens.contains(Token(.string, "r'raw $x'")))
    }

    /// Python: decorators, triple-quoted strings, prefixed strings, f-string fields, literals.
    @Test func pythonDecoratorsTripleQuotesAndFStrings() {
        let code = "@app.route(\"/send\")\ndef send(token):\n    \"\"\"Send 'it'.\n    Really.\"\"\"\n    m = f\"Hi {user['name']} {{x}}\"\n    return rb'\\x00' if token is None else True"
        let tokens = HighlightTestSupport.marked(code, "python")
        #expect(tokens.contains(Token(.attribute, "@app.route")))
        #expect(tokens.contains(Token(.keyword, "def")))
        #expect(tokens.contains(Token(.call, "send")))
        #expect(tokens.contains(Token(.string, "\"\"\"Send 'it'.\n    Really.\"\"\"")))
        #expect(tokens.contains(Token(.string, "f\"Hi {")))
        #expect(tokens.contains(Token(.string, "'name'")))
        #expect(tokens.contains(Token(.string, "} {{x}}\"")))
        #expect(tokens.contains(Token(.string, "rb'\\x00'")))
        #expect(tokens.contains(Token(.literal, "None")))
        #expect(tokens.contains(Token(.literal, "True")))
    }

    /// `@` in the middle of an expression is matrix multiplication, not a decorator.
    @Test func pythonAtOperatorIsNotADecorator() {
        #expect(!HighlightTestSupport.marked("x = a @ b", "py").contains { $0.kind == .attribute })
    }
}
