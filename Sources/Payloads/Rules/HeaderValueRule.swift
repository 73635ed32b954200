/// `apns.header-value`: a request header's value holds CR, LF, NUL or another control character,
/// or starts or ends with white space. HTTP/2 makes such a request malformed (RFC 9113 §8.2.1;
/// RFC 9110 §5.5 allows only visible characters, spaces and tabs), so it never reaches APNs, and a
/// value copied into a shell command could start a new line of it. Applies to `--header` values and
/// to FCM's `apns.headers` alike.
struct HeaderValueRule: PayloadRule {
    /// The catalogue entry.
    public static let description = RuleDescription(
        id: "apns.header-value", severity: .error,
        summary: "A request header value holds only visible characters, spaces and tabs, with no white space at either end: CR, LF, NUL and other control characters make the HTTP/2 request malformed (RFC 9113 §8.2.1, RFC 9110 §5.5), so APNs never gets it.",
        source: RuleSource.rfc9113FieldValidity, confidence: .apple, refusesRequest: true,
        example: "apns-collapse-id: a line feed inside the value")
    /// Creates the rule.
    public init() {}

    /// Reports each header whose value breaks the rule, in name order.
    public func check(_ input: LintContext, into diagnostics: inout [Diagnostic]) {
        guard input.headersApply else { return }
        for name in input.request.headers.keys.sorted() {
            guard let value = input.request.headers[name], let problem = Self.problem(in: value) else { continue }
            diagnostics.append(input.diagnostic(Self.description,
                "the value of \(name) \(problem); HTTP/2 refuses such a field value (RFC 9113 §8.2.1), so the request is malformed and never reaches APNs",
                header: name))
        }
    }

    /// What is wrong with `value`, in words, or nil when it is a valid field value.
    static func problem(in value: String) -> String? {
        var position = 0
        for scalar in value.unicodeScalars {
            position += 1
            let v = scalar.value
            if v < 0x20 && v != 0x09 || v == 0x7F {
                return "holds \(name(of: v)) at character \(position)"
            }
        }
        if let first = value.unicodeScalars.first, first == " " || first == "\t" { return "starts with white space" }
        if let last = value.unicodeScalars.last, last == " " || last == "\t" { return "ends with white space" }
        return nil
    }

    /// `a line feed (U+000A)`, `a carriage return (U+000D)`, `NUL (U+0000)`, `a control character (U+001B)`.
    private static func name(of value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        switch value {
        case 0x0A: return "a line feed (\(code))"
        case 0x0D: return "a carriage return (\(code))"
        case 0x00: return "NUL (\(code))"
        default: return "a control character (\(code))"
        }
    }
}
