import Foundation

/// An intent and its direction, donated to the system (Apple's `INInteraction`).
@available(iOS 10.0, *)
open class INInteraction: NSObject, NSCopying, @unchecked Sendable {
    /// The intent.
    @NSCopying open private(set) var intent: INIntent
    /// The response, if any.
    @NSCopying open private(set) var intentResponse: INIntentResponse?
    /// Incoming for a received message.
    open var direction: INInteractionDirection = .unspecified
    /// When the interaction happened.
    open var dateInterval: DateInterval?
    /// The interaction's identifier: a new UUID unless the app sets one.
    open var identifier: String = UUID().uuidString
    /// The group the interaction belongs to, for deleting related donations together.
    open var groupIdentifier: String?

    /// Creates an interaction.
    public init(intent: INIntent, response: INIntentResponse?) {
        self.intent = intent
        self.intentResponse = response
        super.init()
    }

    /// Interactions are copied by reference here.
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// Donates the interaction; the completion runs later, with nil on success.
    ///
    /// A donation whose sender image has no data fails, as iOS fails to persist it: an
    /// `INImage(url:)` of a remote URL (domain-rules §4.1, community reports), or an `INImage(named:)`
    /// of a name the extension's bundle does not have.
    open func donate(completion: (@Sendable ((any Error)?) -> Void)? = nil) {
        let failure = DonationFailure(intent: intent)
        SimulationContext.current?.recordDonation(self, failure: failure)
        let error: (any Error)? = failure.map { _ in NSError(domain: "IntentsErrorDomain", code: 1901, userInfo: [NSLocalizedDescriptionKey: "No valid data to store for image"]) }
        guard let completion else { return }
        if let context = SimulationContext.current {
            context.scheduler.schedule(at: context.clock.now, label: "donation") { completion(error) }
        } else {
            completion(error)
        }
    }

    /// Donates the interaction and waits for the result.
    open func donate() async throws {
        let error: (any Error)? = await withCheckedContinuation { continuation in
            donate { continuation.resume(returning: $0) }
        }
        if let error { throw error }
    }

    /// Deletes the app's donations with these identifiers.
    open class func delete(with identifiers: [String], completion: (@Sendable ((any Error)?) -> Void)? = nil) {
        SimulationContext.current?.deleteDonations { identifiers.contains($0.identifier) }
        finish(completion)
    }

    /// Deletes the app's donations with these identifiers.
    open class func delete(with identifiers: [String]) async throws {
        SimulationContext.current?.deleteDonations { identifiers.contains($0.identifier) }
    }

    /// Deletes the app's donations of a group.
    open class func delete(with groupIdentifier: String, completion: (@Sendable ((any Error)?) -> Void)? = nil) {
        SimulationContext.current?.deleteDonations { $0.groupIdentifier == groupIdentifier }
        finish(completion)
    }

    /// Deletes the app's donations of a group.
    open class func delete(with groupIdentifier: String) async throws {
        SimulationContext.current?.deleteDonations { $0.groupIdentifier == groupIdentifier }
    }

    /// Deletes all of the app's donations.
    open class func deleteAll(completion: (@Sendable ((any Error)?) -> Void)? = nil) {
        SimulationContext.current?.deleteDonations { _ in true }
        finish(completion)
    }

    /// Deletes all of the app's donations.
    open class func deleteAll() async throws {
        SimulationContext.current?.deleteDonations { _ in true }
    }

    private class func finish(_ completion: (@Sendable ((any Error)?) -> Void)?) {
        guard let completion else { return }
        if let context = SimulationContext.current {
            context.scheduler.schedule(at: context.clock.now, label: "donation-delete") { completion(nil) }
        } else {
            completion(nil)
        }
    }
}

/// Why iOS could not persist a donation: the image it would store has no data.
struct DonationFailure: Sendable, Equatable {
    /// The parameter whose image failed (`sender`, `speakableGroupName`, …).
    var parameter: String
    /// How the image was made.
    var source: INImage.Source

    /// The failure of donating `intent`, or nil when every image it carries has data.
    init?(intent: INIntent) {
        var images: [(String, INImage)] = []
        if let message = intent as? INSendMessageIntent {
            if let image = message.__image(forParameterNamed: "sender") ?? message.sender?.image { images.append(("sender", image)) }
            if let image = message.__image(forParameterNamed: "speakableGroupName") { images.append(("speakableGroupName", image)) }
        } else if let call = intent as? INStartCallIntent {
            if let image = call.contacts?.first?.image { images.append(("contacts", image)) }
        }
        guard let failed = images.first(where: { !$0.1.hasData }) else { return nil }
        parameter = failed.0
        source = failed.1.source
    }

    /// The cause, in words, for the delivery record.
    var cause: String {
        switch source {
        case .remoteURL(let url):
            "the \(parameter) image is INImage(url:) with the remote URL \(url), which holds no data (INImage(url:) is for files on the device)"
        case .named(let name):
            "the \(parameter) image is INImage(named: \"\(name)\"), and the extension's bundle has no image of that name"
        case .data, .file, .system:
            "the \(parameter) image holds no data"
        }
    }
}

/// The direction of an interaction.
@available(iOS 10.0, *)
public enum INInteractionDirection: Int, @unchecked Sendable {
    /// Not said.
    case unspecified = 0
    /// Sent by the user.
    case outgoing = 1
    /// Received by the user.
    case incoming = 2
}

/// The base of intent responses (Apple's `INIntentResponse`); its members are not modelled.
@available(iOS 10.0, *)
open class INIntentResponse: NSObject, NSCopying, @unchecked Sendable {
    override init() { super.init() }
    /// A copy is the same object.
    open func copy(with zone: NSZone? = nil) -> Any { self }
}
