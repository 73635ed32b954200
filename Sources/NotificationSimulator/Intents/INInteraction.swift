import Foundation

/// An intent and its direction, donated to the system (Apple's `INInteraction`).
open class INInteraction: NSObject, @unchecked Sendable {
    /// The intent.
    public let intent: INIntent
    /// The response, if any.
    public let intentResponse: NSObject?
    /// Incoming for a received message.
    open var direction: INInteractionDirection = .unspecified
    /// An identifier for the interaction.
    open var identifier: String = ""

    /// Creates an interaction.
    public init(intent: INIntent, response: NSObject?) {
        self.intent = intent
        self.intentResponse = response
        super.init()
    }

    /// Donates the interaction; the completion runs later, with nil on success.
    ///
    /// A donation whose sender image has no data (an `INImage(url:)` of a remote URL) fails, as iOS
    /// fails to persist it (domain-rules §4.1, community reports).
    open func donate(completion: ((Error?) -> Void)? = nil) {
        var error: Error?
        if let message = intent as? INSendMessageIntent, let image = message.sender?.image, !image.hasData {
            error = INDonationError(description: "No valid data to store for image")
        }
        SimulationContext.current?.recordDonation(self, failed: error != nil)
        guard let completion else { return }
        if let context = SimulationContext.current {
            context.scheduler.schedule(at: context.clock.now, label: "donation") { completion(error) }
        } else {
            completion(error)
        }
    }

    /// Donates the interaction and waits for the result.
    open func donate() async throws {
        let error: Error? = await withCheckedContinuation { continuation in
            donate { continuation.resume(returning: $0) }
        }
        if let error { throw error }
    }
}

/// The direction of an interaction.
public enum INInteractionDirection: Int, Sendable {
    /// Not said.
    case unspecified = 0
    /// Sent by the user.
    case outgoing = 1
    /// Received by the user.
    case incoming = 2
}

/// The error of a donation that iOS could not persist.
public struct INDonationError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public let description: String
}
