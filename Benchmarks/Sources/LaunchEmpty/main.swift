import LaunchSupport

// LaunchEmpty: what every launch executable does besides its container: start, load Foundation, read the
// size it was asked for, and exit. BoxKitReport subtracts its time from the others' (see LaunchSuite).
//
//     LaunchEmpty 300|3000

_ = AppSize.requested()
