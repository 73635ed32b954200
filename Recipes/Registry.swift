import NotificationSimulator

/// The recipes' code, by the entry-point name each recipe's front matter gives as `service:`.
public enum RecipeRegistry {
    /// Every entry point.
    public static let entryPoints: [String: RecipeEntryPoint] = [
        "FCMImageService": .serviceExtension { FCMImageService() },
        "ChatAvatarService": .serviceExtension { ChatAvatarService() },
        "DeadlineImageService": .serviceExtension { DeadlineImageService() },
        "ExtensionProbeService": .serviceExtension { ExtensionProbeService() },
        "AvatarAndImageService": .serviceExtension { AvatarAndImageService() },
        "GroupChatService": .serviceExtension { GroupChatService() },
        "ForegroundChatApp": ForegroundChatApp.entryPoint,
        "ChatActionsApp": ChatActionsApp.entryPoint,
        "MessageSyncApp": MessageSyncApp.entryPoint,
        "ConversationThreadService": .serviceExtension { ConversationThreadService() },
        "ReadElsewhereFilterService": .serviceExtension { ReadElsewhereFilterService() },
        "MediaAttachmentService": .serviceExtension { MediaAttachmentService() },
        "BadgeResetApp": BadgeResetApp.entryPoint,
        "UrgencyService": .serviceExtension { UrgencyService() },
        "DeepLinkApp": DeepLinkApp.entryPoint,
        "InboxSyncApp": InboxSyncApp.entryPoint,
        "QuietStartApp": QuietStartApp.entryPoint,
        "LocalizedDataService": .serviceExtension { LocalizedDataService() },
        "OrderUpdateService": .serviceExtension { OrderUpdateService() },
        "LocalAvatarNotifier": .localNotifications { arguments, center in LocalAvatarNotifier.runExample(arguments, center: center) },
    ]
}
