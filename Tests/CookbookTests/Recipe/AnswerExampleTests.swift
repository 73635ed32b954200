import Foundation
import Testing
import Payloads
import NotificationSimulator
import Recipes
@testable import Cookbook
import ToolchainSupport

/// Recipe examples that answer the notification they show: `tap`, `action=ID`, `reply="TEXT"` and
/// `not-running` in the front matter's examples list.
@Suite("Examples the user answers")
struct AnswerExampleTests {
    /// A recipe folder running the chat-actions app, with one example `message` and the examples list `items`.
    static func recipe(_ items: [String]) throws -> (root: URL, result: Result<Recipe, Diagnostic>) {
        let root = TemporaryFolder.root.appendingPathComponent("pushbook-answer-\(UUID().uuidString)", isDirectory: true)
        let folder = root.appendingPathComponent("r", isDirectory: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("examples"), withIntermediateDirectories: true)
        let front = "---\ntitle: T\nsummary: S\nservice: ChatActionsApp\nexamples:\n" + items.map { "  - \($0)\n" }.joined() + "---\nBody\n"
        try Data(front.utf8).write(to: folder.appendingPathComponent("recipe.md"))
        let push = #"{"aps": {"alert": {"title": "Mina", "body": "Tonight?"}, "category": "MESSAGE"}, "room": "r1", "messageId": "m-3"}"#
        try Data(push.utf8).write(to: folder.appendingPathComponent("examples/message.json"))
        let loader = RecipeLoader(root: root, displayRoot: "R")
        do {
            return (root, .success(try loader.loadRecipe(id: "r", folder: folder)))
        } catch {
            return (root, .failure(error))
        }
    }

    @Test("reply=\"TEXT\" keeps the spaces inside its quotes, and the caption after it is the caption")
    func replyKeepsItsWords() throws {
        let (root, result) = try Self.recipe([#"message reply="On my way, 10 minutes" not-running caption=A reply."#])
        defer { try? FileManager.default.removeItem(at: root) }
        let example = try #require(try result.get().examples.first)
        #expect(example.answer == .reply("On my way, 10 minutes", action: nil))
        #expect(example.notRunning)
        #expect(example.caption == "A reply.")
    }

    @Test("tap, action=ID, and reply with action=ID are read as the answers they name")
    func answersAreRead() throws {
        for (item, answer) in [("message tap", UserAnswer.tap), ("message action=MARK_READ", .action("MARK_READ")),
                               (#"message action=REPLY reply="ok""#, .reply("ok", action: "REPLY"))] {
            let (root, result) = try Self.recipe([item])
            defer { try? FileManager.default.removeItem(at: root) }
            #expect(try result.get().examples.first?.answer == answer, "\(item)")
        }
    }

    @Test("two answers, an unclosed reply, a reply without quotes (a quote with a combining mark on it is not one) and not-running without an answer are recipe.example-list errors")
    func badAnswersAreErrors() throws {
        for (item, message) in [
            ("message tap action=MARK_READ", "an example has one answer"),
            (#"message reply="never closed"#, "closing double quote is missing"),
            ("message reply=bare", "in double quotes"),
            ("message reply=\"\u{301}marked\"", "in double quotes"),
            ("message not-running", "give the answer too"),
            ("message foreground not-running tap", "not both"),
        ] {
            let (root, result) = try Self.recipe([item])
            defer { try? FileManager.default.removeItem(at: root) }
            guard case .failure(let diagnostic) = result else {
                Issue.record("\(item) loaded")
                continue
            }
            #expect(diagnostic.rule == ToolRule.exampleList.id, "\(item)")
            #expect(diagnostic.message.contains(message), "\(item): \(diagnostic.message)")
        }
    }

    @Test("an answered example's record carries the response; an answer iOS would not offer is an error naming the example")
    func runnerAnswers() throws {
        let (root, result) = try Self.recipe([#"message reply="Yes""#, "refused input=message action=ARCHIVE"])
        defer { try? FileManager.default.removeItem(at: root) }
        let recipe = try result.get()
        let runner = ExampleRunner(entryPoints: RecipeRegistry.entryPoints)
        let record = try runner.run(recipe.examples[0], of: recipe).record
        #expect(record.response?.userText == "Yes")
        #expect(record.response?.actionIdentifier == "REPLY")
        #expect(record.response?.app == .stayedInBackground)
        #expect(record.notificationCenter == nil)
        #expect(record.delivered?.actions.map(\.identifier) == ["REPLY", "MARK_READ"])
        do {
            _ = try runner.run(recipe.examples[1], of: recipe)
            Issue.record("the refused answer ran")
        } catch {
            #expect(error.rule == ToolRule.exampleList.id)
            #expect(error.message.contains("example 'refused'") && error.message.contains("no action 'ARCHIVE'"), "\(error.message)")
        }
    }

    @Test("after=NAME must name an example listed above it; the record of the later push holds Notification Center after both")
    func afterFollowsAnEarlierExample() throws {
        let (badRoot, bad) = try Self.recipe(["message after=later", "later input=message"])
        defer { try? FileManager.default.removeItem(at: badRoot) }
        guard case .failure(let diagnostic) = bad else {
            Issue.record("after= naming a later example loaded")
            return
        }
        #expect(diagnostic.rule == ToolRule.exampleList.id)
        #expect(diagnostic.message.contains("must be an example listed above this one"), "\(diagnostic.message)")

        let (root, result) = try Self.recipe(["message", "again input=message after=message", "third input=message after=again tap"])
        defer { try? FileManager.default.removeItem(at: root) }
        let recipe = try result.get()
        let runner = ExampleRunner(entryPoints: RecipeRegistry.entryPoints)
        #expect(try runner.run(recipe.examples[0], of: recipe).record.notificationCenter == nil)
        let second = try runner.run(recipe.examples[1], of: recipe).record
        #expect(second.notificationCenter?.notifications.map(\.identifier) == ["push-2", "push-1"])
        // The third push follows the chain of two; the user then taps it, and it leaves Notification Center.
        let third = try runner.run(recipe.examples[2], of: recipe).record
        #expect(third.notificationCenter?.notifications.map(\.identifier) == ["push-3", "push-2", "push-1"])
        #expect(third.response?.notification == "push-3")
        #expect(third.response?.notificationCenter.notifications.map(\.identifier) == ["push-2", "push-1"])
    }
}
