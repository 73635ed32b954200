/// The rules a recipe folder must follow so that nothing in it can reach outside it, collide, or
/// turn into something a reader runs: the safety rules, each printed with its error
/// (`file:line:column: error: … [recipe.symlink]`) and listed in the README's "Safety" section.
extension ToolRule {
    /// No symbolic link anywhere in a recipe folder (nor the folder itself), so no file outside it
    /// is ever read into a page, a download or a diff, and the cache key covers every input.
    public static let symlink = ToolRule(id: "recipe.symlink",
        summary: "A recipe folder holds regular files and folders only: no symbolic link, not even one pointing inside it.")
    /// No FIFO, socket or device in a recipe folder (reading one could block or never end).
    public static let fileKind = ToolRule(id: "recipe.file-kind",
        summary: "A recipe folder holds no FIFO, socket or device.")
    /// File names are UTF-8, so every file can be named in messages and opened by that name.
    public static let fileName = ToolRule(id: "recipe.file-name",
        summary: "Every file and folder name in a recipe is valid UTF-8.")
    /// Example names are plain, so they are file names, URL segments, anchors and shell words as they are.
    public static let exampleName = ToolRule(id: "recipe.example-name",
        summary: "An example's name (its file name without .json) is 1 to \(PlainName.maximumLength) ASCII letters, digits, '-', '_' and '.', not starting with '.'.")
    /// Two examples never write one download file.
    public static let downloadCollision = ToolRule(id: "recipe.download-collision",
        summary: "No two examples write the same download: names may not differ only in case, and 'NAME.fcm' is taken by the FCM body of example 'NAME'.")
    /// Front matter holds text, not control characters.
    public static let controlCharacter = ToolRule(id: "recipe.control-character",
        summary: "The front matter holds no control characters (NUL, ESC, …) other than tabs.")

    /// Prose embeds nothing from the network.
    public static let remoteResource = ToolRule(id: "recipe.remote-resource",
        summary: "An image in the prose is never loaded from the network (http:, https:, //host, other schemes, data: other than PNG, GIF, JPEG or WebP): put the file in the recipe folder. Links to the web stay allowed.")
    /// A prose image is a plain file of the recipe.
    public static let localImage = ToolRule(id: "recipe.local-image",
        summary: "An image in the prose names a PNG, JPEG, GIF or WebP file of the recipe by a plain relative path (at most 10 MiB); it is copied into the site under media/ID/.")

    /// Every safety rule, in the README's order.
    public static let safety: [ToolRule] = [symlink, fileKind, fileName, exampleName, downloadCollision, controlCharacter, remoteResource, localImage]
}
