import AppGraphSwinject300
import AppGraphSwinject3000
import LaunchSupport
import Swinject

// LaunchSwinject: the app graph's launch on Swinject 2.10.0, in a fresh process: register every service into
// a new `Container` (`.container` scope for permanents, `.transient` for the rest), then resolve every top once.
//
//     LaunchSwinject 300|3000

let container = Container()
switch AppSize.requested() {
case .small:
    registerApp300(in: container)
    resolveTops300(from: container)
case .large:
    registerApp3000(in: container)
    resolveTops3000(from: container)
}
