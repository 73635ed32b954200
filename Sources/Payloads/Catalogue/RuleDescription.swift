/// One entry of the rule catalogue: a check of the linter or a behaviour of the simulated device.
///
/// The site's rules page is generated from these entries, so the documentation cannot drift from the code.
public struct RuleDescription: Sendable, Hashable, Identifiable {
    /// The stable id, for example `apns.payload-too-large` or `ios.extension-gate`.
    public var id: String
    /// The severity of the diagnostics the rule reports (device behaviours use `.note`).
    public var severity: Severity
    /// One sentence: what the rule checks or what the device does.
    public var summary: String
    /// Where the rule comes from: a URL, or a short citation when there is no URL.
    public var source: String
    /// How sure we are, from the reference's confidence marks.
    public var confidence: Confidence
    /// True when APNs or FCM refuses a request that breaks the rule (then nothing is delivered).
    public var refusesRequest: Bool
    /// A short example that breaks the rule (a JSON fragment or a sentence), for the rules page.
    public var example: String

    /// Creates a catalogue entry.
    public init(id: String, severity: Severity, summary: String, source: String, confidence: Confidence,
                refusesRequest: Bool = false, example: String = "") {
        self.id = id
        self.severity = severity
        self.summary = summary
        self.source = source
        self.confidence = confidence
        self.refusesRequest = refusesRequest
        self.example = example
    }

    /// True when no vendor documents the behaviour: our modelling choice, labelled as such.
    public var isModellingChoice: Bool { confidence == .inference || confidence == .notFound }
}

/// How a rule is known, after the confidence marks of the domain reference.
public enum Confidence: String, Sendable, Hashable, CaseIterable {
    /// Documented by Apple.
    case apple = "A"
    /// Documented by Google / Firebase.
    case google = "G"
    /// Observed in SDK source code (Google's or others'), which is not a specification.
    case sdk = "SDK"
    /// Reported by the community: issues, forums, blogs.
    case community = "C"
    /// Our inference from the sources: a modelling choice.
    case inference = "I"
    /// No citable source: a modelling choice.
    case notFound = "NOT FOUND"

    /// A few words for the page: "Apple documentation", "modelling choice", ….
    public var label: String {
        switch self {
        case .apple: "Apple documentation"
        case .google: "Firebase documentation"
        case .sdk: "observed in SDK source"
        case .community: "community reports"
        case .inference: "modelling choice (inferred)"
        case .notFound: "modelling choice (no source found)"
        }
    }
}
