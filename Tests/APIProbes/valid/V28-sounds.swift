// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationsound
import UserNotifications

enum V28 {
    static func sounds() -> [UNNotificationSound] {
        var sounds: [UNNotificationSound] = [.default, UNNotificationSound(named: UNNotificationSoundName("ping.caf")),
                                             UNNotificationSound(named: UNNotificationSoundName(rawValue: "chime.aiff"))]
        sounds += [.defaultCritical, UNNotificationSound.criticalSoundNamed(UNNotificationSoundName("alarm.caf")),
                   UNNotificationSound.criticalSoundNamed(UNNotificationSoundName("alarm.caf"), withAudioVolume: 0.8),
                   UNNotificationSound.defaultCriticalSound(withAudioVolume: 0.5)]
        if #available(iOS 15.2, *) {
            sounds += [.defaultRingtone, UNNotificationSound.ringtoneSoundNamed(UNNotificationSoundName("ring.caf"))]
        }
        return sounds
    }
}
