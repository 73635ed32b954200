import Foundation

extension NSString {
    /// A string for a notification, localized from the app's `Localizable.strings` (Apple declares it
    /// for UserNotifications): in a simulation, the entry for `key` with `arguments` filled in as
    /// `%@` and `%n$@` take them, or `key` itself when the strings lack it, as Apple documents.
    /// Apple resolves it when the notification is presented; the model resolves it at once, from the
    /// one strings file it is given (a modelling choice).
    @available(iOS 10.0, *)
    public class func localizedUserNotificationString(forKey key: String, arguments: [Any]?) -> String {
        guard let format = SimulationContext.current?.strings?.value(forKey: key) else { return key }
        return AlertLocalizer.format(format, args: (arguments ?? []).map { "\($0)" }).text
    }
}
