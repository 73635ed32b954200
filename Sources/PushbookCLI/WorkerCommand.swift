import Foundation
import Cookbook

/// `pushbook worker` (internal): builds recipe artifacts for `pushbook build`, one frame per request (`FrameChannel`).
enum WorkerCommand {
    /// Serves requests from standard input until it closes, and never outlives the build that
    /// started it. Anything recipe code prints goes to standard error, so the protocol's channel
    /// carries only artifacts.
    static func run(entryPoints: EntryPoints) -> Never {
        WorkerTether.bind()
        // A folder inside the build's: what a worker the build kills leaves goes with the build's.
        ProcessTemporaryFolder.claim()
        let channel = dup(STDOUT_FILENO)
        dup2(STDERR_FILENO, STDOUT_FILENO)
        let project = CookbookProject(recipesFolder: URL(fileURLWithPath: "."), displayRoot: ".", entryPoints: entryPoints)
        project.serveWorker(input: STDIN_FILENO, output: channel)
        exit(0)
    }
}
