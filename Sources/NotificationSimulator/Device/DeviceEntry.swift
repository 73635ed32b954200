import Foundation
import Payloads

/// What the device runs for one input, decided once from the input and the recipe's code: a push
/// (FCM, APNs or Simulator file) to an extension or to an app in the foreground, or app code that adds
/// local notifications. `ExampleRunner` and `pushbook simulate` both decide with it; they only run it
/// and word its refusals.
public enum DeviceEntry: @unchecked Sendable {
    /// A push, and the code that runs when it arrives.
    case push(PushHandlers)
    /// App code that adds local notifications, with the example's arguments.
    case local(LocalSchedule)

    /// Why an input and a recipe's code do not go together.
    public enum Mismatch: Error, Sendable, Equatable {
        /// A `{"local": …}` input (its `local` value written at `location`) for code that takes pushes.
        case localInputForPushCode(location: SourceLocation)
        /// A push for code that only adds local notifications.
        case pushForLocalCode
    }

    /// Decides what runs for `input` (the parsed example, nil when it is not JSON or is a push) with
    /// `code`: `{"local": …}` goes to local-notification code, anything else is a push. For a service
    /// extension, `stock` runs in place of the recipe's; `withoutExtension` runs no extension and no
    /// message handler (the foreground app still sets itself up).
    public static func decide(input: JSONValue?, code: RecipeEntryPoint, stock: StockExtension? = nil,
                              withoutExtension: Bool = false) -> Result<DeviceEntry, Mismatch> {
        if let local = input?["local"] {
            guard case .localNotifications(let schedule) = code else { return .failure(.localInputForPushCode(location: local.location)) }
            return .success(.local(LocalSchedule(schedule: schedule, arguments: (local.foundationValue as? [String: Any]) ?? [:])))
        }
        switch code {
        case .serviceExtension(let make):
            let chosen: () -> UNNotificationServiceExtension = stock.map { stock in { stock.make() } } ?? make
            return .success(.push(PushHandlers(makeExtension: withoutExtension ? nil : chosen)))
        case .foregroundApp(let setUp, let didReceive):
            return .success(.push(PushHandlers(appSetUp: setUp, onMessage: withoutExtension ? nil : didReceive)))
        case .app(let launch, let make, let backgroundPush):
            let chosen: (() -> UNNotificationServiceExtension)? = stock.map { stock in { stock.make() } } ?? make
            return .success(.push(PushHandlers(makeExtension: withoutExtension ? nil : chosen, appLaunch: launch,
                                               backgroundPush: withoutExtension ? nil : backgroundPush)))
        case .localNotifications:
            return .failure(.pushForLocalCode)
        }
    }
}
