import Foundation
import Testing

/// `pushbook simulate --extension`: the stock extensions, declared once in the option table.
@Suite("simulate --extension")
struct StockExtensionSimulateTests {
    static let fixtures = "Recipes/fcm-image/fixtures/manifest.json"

    @Test("--extension firebase runs Firebase's helper: an extension-less URL served as application/octet-stream loses its image, where the recipe keeps it")
    func firebaseLosesTheUntypedImage() throws {
        let input = "Recipes/fcm-image/examples/untyped-cdn-url.json"
        let stock = try CommandRunner.run(["simulate", "--extension", "firebase", "--fixtures", Self.fixtures, input])
        #expect(stock.status == 0, "\(stock.stderr)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(stock.stdout.utf8)) as? [String: Any])
        let delivered = try #require(record["delivered"] as? [String: Any])
        #expect((delivered["attachments"] as? [Any])?.isEmpty == true)
        let rules = (record["diagnostics"] as? [[String: Any]])?.compactMap { $0["rule"] as? String } ?? []
        #expect(rules == ["ios.attachment-type", "firebase.helper-logged-error"])
        let recipe = try CommandRunner.run(["simulate", "--recipe", "fcm-image", input])
        #expect(recipe.stdout.contains("\"type\": \"public.png\""))
    }

    @Test("--extension firebase attaches the image of a .jpg URL, and its record is the same on every run")
    func firebaseAttachesAJPEG() throws {
        let arguments = ["simulate", "--extension=firebase", "--fixtures", Self.fixtures, "Recipes/fcm-image/examples/jpeg-image.json"]
        let first = try CommandRunner.run(arguments)
        let second = try CommandRunner.run(arguments)
        #expect(first.status == 0)
        #expect(first.stdout == second.stdout)
        #expect(first.stdout.contains("\"type\": \"public.jpeg\""))
    }

    @Test("passthrough stays the default: no --extension and --extension passthrough print the same record")
    func passthroughIsTheDefault() throws {
        let push = Data(#"{"aps": {"alert": "Hi", "mutable-content": 1}, "fcm_options": {"image": "https://images.example.com/sunset.jpg"}}"#.utf8)
        let plain = try CommandRunner.run(["simulate", "--fixtures", Self.fixtures, "-"], stdin: push)
        let named = try CommandRunner.run(["simulate", "--extension", "passthrough", "--fixtures", Self.fixtures, "-"], stdin: push)
        #expect(plain.status == 0)
        #expect(plain.stdout == named.stdout)
        #expect(plain.stdout.contains("\"fetches\": []"))
    }

    @Test("an unknown extension and --extension with --recipe are usage errors (exit 2) that name the choices")
    func badExtensionIsAUsageError() throws {
        let unknown = try CommandRunner.run(["simulate", "--extension", "onesignal", "Recipes/fcm-image/examples/jpeg-image.json"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("passthrough or firebase"))
        let both = try CommandRunner.run(["simulate", "--recipe", "fcm-image", "--extension", "firebase", "Recipes/fcm-image/examples/jpeg-image.json"])
        #expect(both.status == 2)
        #expect(both.stderr.contains("not both"))
    }

    @Test("simulate --help lists every stock extension from its declaration, with the default")
    func helpListsTheExtensions() throws {
        let help = try CommandRunner.run(["simulate", "--help"])
        #expect(help.status == 0)
        let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.stdout.contains("[--extension NAME]"))
        #expect(text.contains("passthrough (calls the content handler with the content unchanged)"))
        #expect(text.contains("firebase (runs Firebase's helper, Messaging.serviceExtension().populateNotificationContent(_:withContentHandler:)"))
        #expect(text.contains("(default: passthrough)"))
    }
}
