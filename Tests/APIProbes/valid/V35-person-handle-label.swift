// Apple: https://developer.apple.com/documentation/intents/inpersonhandle/init(value:type:label:)
import Intents

enum V35 {
    static let mobile = INPersonHandle(value: "+15550100", type: .phoneNumber, label: .mobile)
    static let work = INPersonHandle(value: "jun@example.com", type: .emailAddress, label: INPersonHandleLabel(rawValue: "work"))
    static let plain = INPersonHandle(value: nil, type: .unknown)
}
