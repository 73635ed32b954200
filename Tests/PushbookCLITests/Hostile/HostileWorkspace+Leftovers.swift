import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What builds left beside `out/`, and which processes still run in the workspace: what the safety
/// tests check after a build was stopped, and what they print when the check fails.
extension HostileWorkspace {
    /// What a build keeps beside `out/` on purpose: the lock, and the folders of the site it
    /// replaced for the next build's staging, when they hold no file but their manifest (the rest
    /// of its state is in the cache folder).
    static func keptBesideOut(_ name: String, in folder: URL) -> Bool {
        guard name == ".out.pushbook-folders" else { return name == ".out.pushbook-lock" }
        let kept = folder.appendingPathComponent(name).path
        let walker = FileManager.default.enumerator(atPath: kept)
        while let path = walker?.nextObject() as? String {
            var info = stat()
            guard path == ".pushbook-manifest" || (lstat(kept + "/" + path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR) else { return false }
        }
        return true
    }

    /// The names beside `out/` in `folder` that a build left there but does not keep (see `keptBesideOut`).
    static func leftovers(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasPrefix(".out.") && !keptBesideOut($0, in: folder) }.sorted()
    }

    /// Leftovers next to `out/`: staging, set-aside or trash folders (`.out.ROLE-PID`).
    func leftovers() -> [String] {
        Self.leftovers(in: root)
    }

    /// Processes still alive (not zombies) whose working folder is the workspace: builds and their
    /// workers. Each as `pid (parent pid) command line`.
    func processes() -> [String] {
        let folder = root.resolvingSymlinksInPath().path
        return ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { pid in
            guard pid.allSatisfy(\.isNumber), let cwd = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/cwd"),
                  cwd == folder, let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 1, fields[0] != "Z" else { return nil }
            let command = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline")))
                .map { String(decoding: $0, as: UTF8.self).replacingOccurrences(of: "\0", with: " ") } ?? "?"
            return "\(pid) (parent \(fields[1])) \(command.split(separator: "/").last ?? "")"
        }.sorted()
    }

    /// Waits until no process runs in the workspace any more (the builds there have exited and
    /// their workers with them), for at most `seconds`; returns those still running then.
    func processesAfterExit(waitingAtMost seconds: Double = 5) -> [String] {
        let deadline = Date().addingTimeInterval(seconds)
        var running = processes()
        while !running.isEmpty && Date() < deadline {
            usleep(20_000)
            running = processes()
        }
        return running
    }

    /// Says what each leftover holds (every entry, with its age), whether the process its name
    /// names is alive, and which processes still run in the workspace.
    func describeLeftovers() -> String {
        var lines: [String] = []
        for name in leftovers() {
            let owner = name.split(separator: "-").last.map(String.init) ?? ""
            let alive = !owner.isEmpty && kill(pid_t(owner) ?? 0, 0) == 0
            lines.append("\(name) (process \(owner) \(alive ? "alive" : "gone")):")
            let folder = root.appendingPathComponent(name).path
            let walker = FileManager.default.enumerator(atPath: folder)
            var entries: [String] = []
            while let path = walker?.nextObject() as? String {
                var info = stat()
                let age = lstat(folder + "/" + path, &info) == 0
                    ? String(format: "%.3f s ago", Date().timeIntervalSince1970 - (Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9))
                    : "gone"
                entries.append("  \(path) (\(info.st_mode & S_IFMT == S_IFDIR ? "folder" : "\(info.st_size) bytes"), \(age))")
            }
            lines += entries.isEmpty ? ["  (empty)"] : entries
        }
        let running = processes()
        lines.append("processes in the workspace: " + (running.isEmpty ? "none" : running.joined(separator: "; ")))
        return lines.joined(separator: "\n")
    }
}
