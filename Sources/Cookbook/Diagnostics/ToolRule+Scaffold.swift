/// The rules of `pushbook new`: what a new recipe's id, the extension file it starts from and the
/// recipe registry must be. A broken one stops the command before it writes anything (exit 2).
extension ToolRule {
    /// The id names no recipe yet.
    public static let scaffoldExists = ToolRule(id: "new.exists",
        summary: "pushbook new makes a recipe whose id names no folder of the recipes folder yet (in any case).")
    /// The extension file is a Notification Service Extension in Swift.
    public static let scaffoldSource = ToolRule(id: "new.source",
        summary: "The file given to pushbook new --from is a readable UTF-8 .swift file with one class inheriting UNNotificationServiceExtension that imports only Foundation, UserNotifications and Intents.")
    /// The extension's names are free in the Recipes target.
    public static let scaffoldNameTaken = ToolRule(id: "new.name-taken",
        summary: "The types and the file name a new recipe's Swift file brings are not already used by another recipe, and its service is not registered yet (all recipes compile into one module).")
    /// The registry can take one more entry.
    public static let scaffoldRegistry = ToolRule(id: "new.registry",
        summary: "The recipes folder's Registry.swift holds the entryPoints dictionary literal pushbook new adds the service to.")
    /// The recipe can be written.
    public static let scaffoldWrite = ToolRule(id: "new.write",
        summary: "pushbook new can write the new recipe's folder and the registry; when it cannot, it leaves the recipes folder as it was.")

    /// Every rule of `pushbook new`.
    public static let scaffold: [ToolRule] = [scaffoldExists, scaffoldSource, scaffoldNameTaken, scaffoldRegistry, scaffoldWrite]
}
