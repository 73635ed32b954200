import Foundation

/// An action that lets the user type a reply (Apple's `UNTextInputNotificationAction`).
@available(iOS 10.0, *)
open class UNTextInputNotificationAction: UNNotificationAction, @unchecked Sendable {
    /// The title of the send button.
    open private(set) var textInputButtonTitle: String
    /// The placeholder of the text field.
    open private(set) var textInputPlaceholder: String

    init(checkedIdentifier: String, title: String, options: UNNotificationActionOptions, icon: UNNotificationActionIcon?,
         buttonTitle: String, placeholder: String) {
        self.textInputButtonTitle = buttonTitle
        self.textInputPlaceholder = placeholder
        super.init(checkedIdentifier: checkedIdentifier, title: title, options: options, icon: icon)
    }

    /// Creates a text input action.
    public convenience init(identifier: String, title: String, options: UNNotificationActionOptions = [],
                            textInputButtonTitle: String, textInputPlaceholder: String) {
        self.init(checkedIdentifier: identifier, title: title, options: options, icon: nil,
                  buttonTitle: textInputButtonTitle, placeholder: textInputPlaceholder)
    }

    /// Creates a text input action with an icon.
    @available(iOS 15.0, *)
    public convenience init(identifier: String, title: String, options: UNNotificationActionOptions = [], icon: UNNotificationActionIcon?,
                            textInputButtonTitle: String, textInputPlaceholder: String) {
        self.init(checkedIdentifier: identifier, title: title, options: options, icon: icon,
                  buttonTitle: textInputButtonTitle, placeholder: textInputPlaceholder)
    }
}
