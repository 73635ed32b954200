import Foundation
import Testing
@testable import Cookbook
import ToolchainSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite("The watch's folder watcher")
struct FolderWatcherTests {
    @Test("a write is a change of its file; a close without a write is not; every recipe folder and a top-level file are watched")
    func changesAreMetadataChanges() throws {
        try TemporaryFolder.with("pushbook-watcher") { root in
            for folder in ["a", "b"] {
                try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
                try FileWriter.save(Array("one".utf8), to: root.appendingPathComponent("\(folder)/recipe.md").path)
            }
            try FileWriter.save(Array("top".utf8), to: root.appendingPathComponent("README.md").path)
            usleep(20_000)
            let watcher = FolderWatcher(root: root)
            try FileWriter.save(Array("two".utf8), to: root.appendingPathComponent("a/recipe.md").path)
            #expect(watcher.next(timeout: 3) == ["a/recipe.md"])
            // Opened for writing and closed, nothing written: an event, but no change.
            let descriptor = open(root.appendingPathComponent("b/recipe.md").path, O_WRONLY)
            #expect(descriptor >= 0)
            close(descriptor)
            #expect(watcher.next(timeout: 0.5) == [])
            try FileWriter.save(Array("three".utf8), to: root.appendingPathComponent("b/recipe.md").path)
            #expect(watcher.next(timeout: 3) == ["b/recipe.md"])
            try FileWriter.save(Array("top, edited".utf8), to: root.appendingPathComponent("README.md").path)
            #expect(watcher.next(timeout: 3) == ["README.md"])
            try FileManager.default.createDirectory(at: root.appendingPathComponent("c"), withIntermediateDirectories: true)
            #expect(watcher.next(timeout: 3) == ["c"])
            try FileWriter.save(Array("new".utf8), to: root.appendingPathComponent("c/recipe.md").path)
            #expect(watcher.next(timeout: 3) == ["c/recipe.md"])
            // An editor's temporary file, come and gone: events, but the folder is as it was.
            try FileWriter.save(Array("tmp".utf8), to: root.appendingPathComponent("a/.recipe.md.swp").path)
            unlink(root.appendingPathComponent("a/.recipe.md.swp").path)
            #expect(watcher.next(timeout: 0.5) == [])
            try FileManager.default.removeItem(at: root.appendingPathComponent("c"))
            #expect(watcher.next(timeout: 3).contains("c"))
            try FileWriter.save(Array("four".utf8), to: root.appendingPathComponent("a/recipe.md").path)
            #expect(watcher.next(timeout: 3) == ["a/recipe.md"])
        }
    }

    @Test("the touched folders name every folder with an event, one that changed nothing included, and the last fingerprint walked again over them is the whole walk's")
    func touchedFoldersRewalkedAreTheWholeWalk() throws {
        try TemporaryFolder.with("pushbook-watcher-touched") { root in
            func write(_ path: String, _ text: String) throws {
                try FileManager.default.createDirectory(at: root.appendingPathComponent(path).deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileWriter.save(Array(text.utf8), to: root.appendingPathComponent(path).path)
            }
            for folder in ["a", "b", "c"] { try write("\(folder)/examples/x.json", folder) }
            try write("e/\u{301}marked/x.json", "a folder whose name starts with a combining mark")
            try write("README.md", "top")
            let watcher = FolderWatcher(root: root)
            #expect(watcher.takeTouched() == nil, "before its first answer the watcher cannot tell")
            usleep(TestWindow.racy)
            let last = try #require(FileFingerprint.of(root.path, skipHidden: true))
            #expect(last.whole.stable != nil)
            // An edit, a new recipe folder, a deleted one, a file at the top, and a temporary file come and gone.
            try write("a/examples/x.json", "a, edited")
            try write("d/recipe.md", "new")
            try FileManager.default.removeItem(at: root.appendingPathComponent("c"))
            try write("NOTES.md", "new at the top")
            try write("e/\u{301}marked/x.json", "edited")
            try write("b/.x.json.swp", "tmp")
            unlink(root.appendingPathComponent("b/.x.json.swp").path)
            _ = watcher.next(timeout: 3)
            let touched = try #require(watcher.takeTouched())
            #expect(touched.isSuperset(of: ["a", "b", "c", "d", "e", ""]), "\(touched)")
            #expect(touched.allSatisfy { !$0.utf8.contains(UInt8(ascii: "/")) }, "groups are first path components: \(touched)")
            #expect(watcher.takeTouched() == [], "taken once")
            let rewalked = try #require(last.rewalking(touched, under: root.path, skipHidden: true))
            #expect(rewalked == FileFingerprint.of(root.path, skipHidden: true))
            // A folder left out of the walk keeps its old digest: the watch's events are what vouch for it.
            try write("b/examples/x.json", "b, edited")
            let stale = try #require(rewalked.rewalking([], under: root.path, skipHidden: true))
            #expect(stale.groups["b"] == rewalked.groups["b"] && stale.groups["b"] != FileFingerprint.of(root.path, skipHidden: true)?.groups["b"])
            // A file with a second name outside the folder can change with no event in it: its group is walked every time.
            let outside = root.deletingLastPathComponent().appendingPathComponent("pushbook-watcher-link-\(UUID().uuidString)")
            defer { unlink(outside.path) }
            try #require(link(root.appendingPathComponent("a/examples/x.json").path, outside.path) == 0)
            usleep(TestWindow.racy)
            let linked = try #require(FileFingerprint.of(root.path, skipHidden: true))
            #expect(linked.shared == ["a"] && linked.groups["a"]?.stable != nil)
            // Written in place (the same inode), as an editor that keeps the file's links does.
            let other = open(outside.path, O_WRONLY | O_TRUNC)
            try #require(other >= 0)
            let text = Array("a, edited through its other name".utf8)
            #expect(Glibc.write(other, text, text.count) == text.count)
            close(other)
            let seen = try #require(linked.rewalking([], under: root.path, skipHidden: true))
            #expect(seen.groups["a"] == FileFingerprint.of(root.path, skipHidden: true)?.groups["a"] && seen.groups["a"] != linked.groups["a"])
        }
    }

    @Test("the fingerprint of some groups has the digests a walk of the whole folder gives them")
    func fingerprintOfSomeGroups() throws {
        try TemporaryFolder.with("pushbook-fingerprint-groups") { root in
            for folder in ["a", "b", "c"] {
                try FileManager.default.createDirectory(at: root.appendingPathComponent("\(folder)/examples"), withIntermediateDirectories: true)
                try FileWriter.save(Array(folder.utf8), to: root.appendingPathComponent("\(folder)/examples/x.json").path)
            }
            try FileWriter.save(Array("top".utf8), to: root.appendingPathComponent("README.md").path)
            let whole = try #require(FileFingerprint.of(root.path, racyCheck: false))
            let some = try #require(FileFingerprint.of(root.path, racyCheck: false, only: ["b", ""]))
            #expect(Set(some.groups.keys) == ["b", ""])
            #expect(some.groups["b"] == whole.groups["b"] && some.groups[""] == whole.groups[""])
            #expect(FileFingerprint.of(root.path, racyCheck: false, only: ["gone"])?.groups.isEmpty == true)
        }
    }
}
