import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Named moments of a build at which the crash-safety tests kill it: with
/// `PUSHBOOK_TEST_KILL_AT=NAME` in its environment, a build ends itself by SIGKILL when it reaches
/// `NAME`, so that each moment is tested once, deterministically, instead of by killing at random times.
/// `PUSHBOOK_TEST_KILL_SIGNAL=INT` (or `TERM`) sends that signal instead, as Ctrl-C would at that moment.
enum KillPoint: String, CaseIterable, Sendable {
    /// The process's temporary folder and its marker exist; the signal thread is not started yet.
    case temporaryFolderMade
    /// The output folder's lock is held; nothing is staged yet.
    case locked
    /// Every recipe's files are in the staging folder (from the cache or a worker).
    case recipesStaged
    /// The site's own pages are written too; the manifest is not.
    case pagesWritten
    /// The staging folder's manifest is written; the swap has not happened.
    case beforeSwap
    /// The new site is in place; the old one sits beside it, not yet removed.
    case afterSwap
    /// One entry of a folder the build owns has been removed, the rest not.
    case removing
    /// The replaced site's files are removed and its folders kept; its manifest is still the site's.
    case keepingFolders

    /// The point named in the environment, read once.
    private static let armed: KillPoint? = ProcessInfo.processInfo.environment["PUSHBOOK_TEST_KILL_AT"].flatMap(KillPoint.init(rawValue:))

    /// The signal the armed point sends, read once.
    private static let signal: Int32 = switch ProcessInfo.processInfo.environment["PUSHBOOK_TEST_KILL_SIGNAL"] {
    case "INT": SIGINT
    case "TERM": SIGTERM
    default: SIGKILL
    }

    /// Sends the signal (SIGKILL unless the environment names another) when this is the armed point.
    func reached() {
        if Self.armed == self { kill(getpid(), Self.signal) }
    }
}
