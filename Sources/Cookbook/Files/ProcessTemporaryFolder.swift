import Foundation
import NotificationSimulator
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary folder of one `pushbook` process: nothing a process writes there outlives it.
///
/// Recipe code uses `FileManager.default.temporaryDirectory` exactly as in Xcode (a download moved
/// into `tmp/UUID/`, Firebase's helper saving its image there), and on iOS that is the extension's
/// own container, which the system clears. Here it would be the machine's shared `/tmp`, where
/// every run, every worker and every test run left its files. So each `pushbook` process (a build,
/// each of its workers, `simulate`, `check`, `lint`, …) first makes a folder of its own with
/// `mkdtemp` in the temporary folder it was given, `pushbook-PID-XXXXXX`, and points `TMPDIR` at it
/// (Foundation reads `TMPDIR` on every call of `temporaryDirectory`, on Linux and on Apple
/// platforms). The folder is removed when the process ends: a normal exit (`atexit`), or SIGINT,
/// SIGTERM or SIGHUP (`Interruption`). A worker makes its folder inside its build's, so workers a
/// build kills with SIGKILL leave nothing once the build ends. A process killed with SIGKILL
/// cannot clean up: the next `pushbook` process that claims a folder in the same place removes
/// the folders of processes that are gone (`reclaimLeftovers`), and only folders it can tell it
/// made: mode 0700 (as `mkdtemp` makes them) with the marker file `marker` inside.
///
/// A temporary folder that is, or is inside, a folder the command reads or replaces (`--recipes`,
/// `--out`, the cache) would be taken for a recipe or for a foreign file in the site, and the
/// workers' files would land in what is being hashed; there the process uses `/tmp` instead and
/// says so on standard error.
public enum ProcessTemporaryFolder {
    /// The prefix of every process's folder name: `pushbook-PID-XXXXXX`.
    static let prefix = "pushbook-"

    /// The file inside every process's folder that says `pushbook` made it.
    static let marker = ".pushbook-temporary-folder"

    /// The folder claimed by this process, if any.
    private static let claimed = Locked<String?>(nil)

    /// This process's folder, once claimed.
    public static var path: String? { claimed.current }

    /// Makes this process's folder and points `TMPDIR` at it, never inside one of `avoiding` (the
    /// folders the command reads or replaces). Call it first, before any thread is started
    /// (`setenv` is not safe while other threads read the environment). Without a usable
    /// temporary folder it leaves `TMPDIR` as it was.
    public static func claim(avoiding: [String] = []) {
        guard claimed.current == nil else { return }
        // Held off from the start: a Ctrl-C between making the folder and starting the signal thread
        // waits for that thread, which removes the folder, instead of ending the process with it left.
        var signals = Interruption.signalSet()
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        var base = baseFolder()
        if let inside = containing(base, avoiding) {
            FileHandle.standardError.write(Data("note: the temporary folder '\(base)' is inside '\(inside)', which this command reads or replaces; pushbook's temporary files go in /tmp instead\n".utf8))
            base = "/tmp"
        }
        reclaimLeftovers(in: base)
        var template = Array("\(base)/\(prefix)\(getpid())-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { return }
        let path = String(cString: made)
        let markerFile = open(path + "/" + marker, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        if markerFile >= 0 { close(markerFile) }
        KillPoint.temporaryFolderMade.reached()
        // The folder holds a lock for the life of the process: a later process removes it only when
        // the lock is free and the process named in it is gone (see `reclaimLeftovers`).
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if descriptor >= 0 { _ = flock(descriptor, LOCK_EX | LOCK_NB) }
        claimed.withLock { $0 = path }
        setenv("TMPDIR", path, 1)
        atexit { ProcessTemporaryFolder.removeClaimed() }
        // Registered before the signal thread starts: a signal already pending is taken by that thread
        // at once, and must find the folder on its list.
        Interruption.uninterrupted { $0.remove(onSignal: path, announced: false) }
        Interruption.install()
    }

    /// Removes this process's folder (at exit).
    static func removeClaimed() {
        guard let path = claimed.withLock({ path -> String? in defer { path = nil }; return path }) else { return }
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The first of `folders` that is `base` or holds it (compared as real paths), or nil.
    static func containing(_ base: String, _ folders: [String]) -> String? {
        guard let real = realpath(base, nil) else { return nil }
        defer { free(real) }
        let basePath = String(cString: real)
        return folders.first { folder in
            guard let resolved = realpath(folder, nil) else { return false }
            defer { free(resolved) }
            let path = String(cString: resolved)
            return basePath == path || basePath.hasPrefix(path == "/" ? "/" : path + "/")
        }
    }

    /// The temporary folder this process was given: `TMPDIR` when it names a folder, else `/tmp`.
    private static func baseFolder() -> String {
        var base = ProcessInfo.processInfo.environment["TMPDIR"] ?? ""
        if !base.isEmpty && !base.hasPrefix("/") { base = FileManager.default.currentDirectoryPath + "/" + base }
        while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
        var isDirectory: ObjCBool = false
        guard !base.isEmpty, FileManager.default.fileExists(atPath: base, isDirectory: &isDirectory), isDirectory.boolValue else { return "/tmp" }
        return base
    }

    /// Removes the folders in `base` that `pushbook` processes made and left when they were killed
    /// with SIGKILL: a name `pushbook-PID-XXXXXX`, a real folder of this user with mode 0700 and the
    /// marker file inside, no process `PID`, and its lock free. (A live process's folder has a live process id and a held lock, so it is
    /// never taken; a folder whose process id was reused waits for that process to end.)
    static func reclaimLeftovers(in base: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: base) else { return }
        for name in names {
            guard let pid = leftoverProcess(name), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            let path = base + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, info.st_mode & 0o7777 == 0o700, info.st_uid == getuid() else { continue }
            let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            var markerInfo = stat()
            guard fstatat(descriptor, marker, &markerInfo, AT_SYMLINK_NOFOLLOW) == 0, markerInfo.st_mode & S_IFMT == S_IFREG else { continue }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { continue }
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// The process id in a folder name `pushbook-PID-XXXXXX`, or nil for any other name.
    static func leftoverProcess(_ name: String) -> pid_t? {
        guard name.hasPrefix(prefix) else { return nil }
        let parts = name.dropFirst(prefix.count).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 6, parts[1].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
              !parts[0].isEmpty, parts[0].allSatisfy({ $0.isASCII && $0.isNumber }), let pid = pid_t(parts[0]), pid > 0 else { return nil }
        return pid
    }
}
