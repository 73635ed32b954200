import Foundation
import Testing
import Payloads

/// `NAME:VALUE` header options read the same in the CLI and in the WebAssembly module.
@Suite struct HeaderOptionTests {
    /// How the CLI read `--header` with Foundation before the parsing moved into Payloads (names are
    /// now lowercased in ASCII only, as HTTP compares them).
    static func foundationReading(_ text: String) -> (name: String, value: String)? {
        let parts = text.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, !parts[0].isEmpty else { return nil }
        let name = String(parts[0].unicodeScalars.map { ("A"..."Z").contains($0) ? Character(Unicode.Scalar($0.value + 32)!) : Character($0) })
        return (name, parts[1])
    }

    @Test("a header option is split at the first colon and trimmed as the CLI always did, its name lowercased in ASCII")
    func optionsReadAsBefore() {
        let cases = ["apns-push-type:background", "  APNS-Priority :  5 ", "apns-id::x", ":value", "name:", "name: ",
                     " :x", "::x", "no colon", "", "a\t:\tb", "x-header:v a l u e", "\u{00A0}a\u{3000}:\u{200B}b\u{205F}",
                     " \u{0301}a:b", "a:b\u{00A0}\u{0301}", "É:é", "\u{212A}EY:v"]
        for text in cases {
            let mine = APNsHeaders.option(text), foundation = Self.foundationReading(text)
            #expect(mine?.name == foundation?.name && mine?.value == foundation?.value, "\(text.debugDescription)")
        }
    }

    @Test("every scalar of the first two Unicode planes is white space to the header reader exactly when it is to Foundation")
    func whitespaceIsFoundationsSet() {
        // Planes 0 and 1 hold every space separator Unicode assigns; the rest would only slow the test.
        var differing: [UInt32] = []
        for value in UInt32(0)...0x1FFFF {
            guard let scalar = Unicode.Scalar(value), value != 0x3A else { continue }
            let text = "\(scalar)n\(scalar):\(scalar)v\(scalar)"
            let mine = APNsHeaders.option(text), foundation = Self.foundationReading(text)
            if mine?.name != foundation?.name || mine?.value != foundation?.value { differing.append(value) }
        }
        #expect(differing.isEmpty, "\(differing.prefix(20).map { String($0, radix: 16) })")
    }
}
