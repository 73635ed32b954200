import Foundation

/// The shared containers of the app's App Groups on one simulated device: folders the app and its
/// extension both reach through `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)`,
/// kept for a whole sequence of pushes (`DeviceSession`) and removed with it.
///
/// Each container is a fresh folder under the process's temporary directory, made on first use;
/// no record or page names it, so the runs stay deterministic.
final class AppGroupContainers: @unchecked Sendable {
    private let root = FileManager.default.temporaryDirectory.appendingPathComponent("pushbook-app-groups-\(UUID().uuidString)", isDirectory: true)
    private let made = Locked<[String: URL]>([:])

    /// The container of `group`, made on first use; nil when it cannot be made.
    func container(_ group: String) -> URL? {
        made.withLock { made in
            if let url = made[group] { return url }
            // The folder's name is the group's, made plain: a group identifier is reverse-DNS text.
            let name = String(group.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" }.prefix(120))
            let url = root.appendingPathComponent(name.isEmpty ? "_" : name, isDirectory: true)
            do {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            } catch {
                return nil
            }
            made[group] = url
            return url
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }
}
