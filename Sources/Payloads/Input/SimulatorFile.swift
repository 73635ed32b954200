/// An Xcode Simulator `.apns` file: an APNs payload plus the top-level `"Simulator Target Bundle"` key.
///
/// The Simulator uses the bundle key to pick the app and strips it: the device sees the rest.
public struct SimulatorFile: Sendable, Equatable {
    /// The key naming the target app's bundle id.
    public static let targetBundleKey = "Simulator Target Bundle"

    /// The target bundle id, when it is a string.
    public var targetBundle: String?
    /// The file as read.
    public var json: JSONValue

    /// Reads a Simulator file, or nil when it is not an object with the bundle key.
    public init?(json: JSONValue) {
        guard let members = json.members, let bundle = members.first(where: { $0.key == Self.targetBundleKey }) else { return nil }
        self.json = json
        targetBundle = bundle.value.stringValue
    }

    /// The payload that reaches the device: the file without `"Simulator Target Bundle"`.
    public var devicePayload: JSONValue {
        guard case .object(let members, let location) = json else { return json }
        return .object(members.filter { $0.key != Self.targetBundleKey }, location)
    }

    /// The typed payload that reaches the device.
    public var payload: APNsPayload { APNsPayload(json: devicePayload) }
}
