import Foundation

extension FileManager {
    /// The shared container of an App Group, as Foundation declares it on Apple's platforms: in a
    /// simulation, a folder of the simulated device that the app and its extension share for the
    /// whole sequence of pushes. Nil, as on iOS, when the app's entitlements do not list
    /// `groupIdentifier` under `com.apple.security.application-groups`, and outside a simulation.
    @available(iOS 7.0, *)
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
        guard let context = SimulationContext.current, context.appGroupIdentifiers.contains(groupIdentifier) else { return nil }
        return context.appGroups.container(groupIdentifier)
    }
}
