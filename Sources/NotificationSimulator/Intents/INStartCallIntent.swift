import Foundation

/// A call (Apple's `INStartCallIntent`): what a communication notification for a call is made from.
@available(iOS 13.0, *)
open class INStartCallIntent: INIntent, @unchecked Sendable {
    /// The call history filter, if any.
    @available(iOS 14.0, *)
    @NSCopying open private(set) var callRecordFilter: INCallRecordFilter?
    /// The call to call back, if any.
    @available(iOS 14.0, *)
    @NSCopying open private(set) var callRecordToCallBack: INCallRecord?
    /// The audio route.
    open private(set) var audioRoute: INCallAudioRoute
    /// The kind of call.
    open private(set) var destinationType: INCallDestinationType
    /// The people in the call: the caller of an incoming call, never the current user.
    open private(set) var contacts: [INPerson]?
    /// Audio or video.
    open private(set) var callCapability: INCallCapability

    /// Creates a call intent.
    @available(iOS 14.0, *)
    public init(callRecordFilter: INCallRecordFilter?, callRecordToCallBack: INCallRecord?, audioRoute: INCallAudioRoute,
                destinationType: INCallDestinationType, contacts: [INPerson]?, callCapability: INCallCapability) {
        self.callRecordFilter = callRecordFilter
        self.callRecordToCallBack = callRecordToCallBack
        self.audioRoute = audioRoute
        self.destinationType = destinationType
        self.contacts = contacts
        self.callCapability = callCapability
        super.init()
    }

    /// Maps key paths to the parameters' Objective-C names.
    override func parameterName(for keyPath: AnyKeyPath) -> String? {
        switch keyPath {
        case \INStartCallIntent.contacts: "contacts"
        case \INStartCallIntent.callRecordToCallBack: "callRecordToCallBack"
        case \INStartCallIntent.callRecordFilter: "callRecordFilter"
        case \INStartCallIntent.audioRoute: "audioRoute"
        case \INStartCallIntent.destinationType: "destinationType"
        case \INStartCallIntent.callCapability: "callCapability"
        default: nil
        }
    }
}

@available(iOS 15.0, *)
extension INStartCallIntent: UNNotificationContentProviding {}

/// A filter of the call history (Apple's `INCallRecordFilter`); its members are not modelled.
@available(iOS 14.0, *)
open class INCallRecordFilter: NSObject, NSCopying, @unchecked Sendable {
    override init() { super.init() }
    /// A copy is the same object.
    open func copy(with zone: NSZone? = nil) -> Any { self }
}

/// A call in the history (Apple's `INCallRecord`); its members are not modelled.
@available(iOS 11.0, *)
open class INCallRecord: NSObject, NSCopying, @unchecked Sendable {
    override init() { super.init() }
    /// A copy is the same object.
    open func copy(with zone: NSZone? = nil) -> Any { self }
}

/// Where the call's audio goes.
@available(iOS 13.0, *)
public enum INCallAudioRoute: Int, @unchecked Sendable {
    /// Unknown.
    case unknown = 0
    /// The speakerphone.
    case speakerphoneAudioRoute = 1
    /// A Bluetooth device.
    case bluetoothAudioRoute = 2
}

/// The kind of call.
@available(iOS 10.0, *)
public enum INCallDestinationType: Int, @unchecked Sendable {
    /// Unknown.
    case unknown = 0
    /// A normal call.
    case normal = 1
    /// An emergency call.
    case emergency = 2
    /// Voicemail.
    case voicemail = 3
    /// A redial.
    case redial = 4
    /// A call back.
    @available(iOS 13.0, *)
    case callBack = 5
}

/// Audio or video.
@available(iOS 10.0, *)
public enum INCallCapability: Int, @unchecked Sendable {
    /// Unknown.
    case unknown = 0
    /// An audio call.
    case audioCall = 1
    /// A video call.
    case videoCall = 2
}
