/// The linter's rules, in the order they run (every rule runs on every readable input).
public enum PayloadRules {
    /// All rules: input, JSON, APNs payload, iOS extension gate, APNs headers, FCM.
    ///
    /// To add a rule: write a `PayloadRule` type in its own file under `Rules/`, then list it here
    /// where it belongs in the run order. Its catalogue entry joins the rules page by itself.
    public static let all: [AnyPayloadRule] = [
        AnyPayloadRule(JSONSyntaxRule()),
        AnyPayloadRule(DuplicateKeyRule()),
        AnyPayloadRule(LoneSurrogateRule()),
        AnyPayloadRule(InputKindRule()),
        AnyPayloadRule(SimulatorTargetBundleRule()),
        AnyPayloadRule(PayloadTooLargeRule()),
        AnyPayloadRule(APSShapeRule()),
        AnyPayloadRule(APSKeyTypeRule()),
        AnyPayloadRule(CustomKeyInAPSRule()),
        AnyPayloadRule(FlagOutsideAPSRule()),
        AnyPayloadRule(SnakeCaseFlagRule()),
        AnyPayloadRule(FlagIsBooleanRule()),
        AnyPayloadRule(FlagValueRule()),
        AnyPayloadRule(ExtensionNeedsAlertRule()),
        AnyPayloadRule(ExtensionLocKeyOnlyRule()),
        AnyPayloadRule(InterruptionLevelValueRule()),
        AnyPayloadRule(RelevanceScoreRangeRule()),
        AnyPayloadRule(CriticalSoundVolumeRule()),
        AnyPayloadRule(LocArgsWithoutLocKeyRule()),
        AnyPayloadRule(CustomValueNullRule()),
        AnyPayloadRule(BadgeValueRule()),
        AnyPayloadRule(LiveActivityKeyRule()),
        AnyPayloadRule(BackgroundPushShapeRule()),
        AnyPayloadRule(BackgroundPriorityRule()),
        AnyPayloadRule(BackgroundPushTypeRule()),
        AnyPayloadRule(HeaderValueRule()),
        AnyPayloadRule(CollapseIDTooLongRule()),
        AnyPayloadRule(PriorityValueRule()),
        AnyPayloadRule(PushTypeValueRule()),
        AnyPayloadRule(TopicPushTypeRule()),
        AnyPayloadRule(TopicMissingRule()),
        AnyPayloadRule(PushTypePriorityRule()),
        AnyPayloadRule(PushTypePayloadRule()),
        AnyPayloadRule(ExpirationValueRule()),
        AnyPayloadRule(APNsIDFormatRule()),
        AnyPayloadRule(FCMFieldTypeRule()),
        AnyPayloadRule(FCMUnknownFieldRule()),
        AnyPayloadRule(FCMTargetCountRule()),
        AnyPayloadRule(FCMDataValueNotStringRule()),
        AnyPayloadRule(FCMReservedDataKeyRule()),
        AnyPayloadRule(FCMDataOnlyPriorityRule()),
        AnyPayloadRule(FCMPushTypeRule()),
        AnyPayloadRule(FCMTopicPrefixRule()),
        AnyPayloadRule(FCMTopicNameRule()),
        AnyPayloadRule(FCMPayloadTooLargeRule()),
        AnyPayloadRule(FCMTopicPayloadSizeRule()),
        AnyPayloadRule(FCMAlertOverriddenRule()),
        AnyPayloadRule(FCMDataKeyCollisionRule()),
        AnyPayloadRule(FCMImageNeedsMutableContentRule()),
        AnyPayloadRule(FCMValidateOnlyRule()),
    ]

    /// The catalogue entries of all rules, in run order.
    public static var descriptions: [RuleDescription] { all.map { $0.description } }
}
