import AppGraphFloor300
import AppGraphFloor3000
import LaunchSupport
import ReportSink

// LaunchFloor: the app graph's launch without a container, in a fresh process: one closure per service
// appended to a reserved array, then every top built by hand (each permanent made once, as a container would).
//
//     LaunchFloor 300|3000

let size = AppSize.requested()
var factories: [() -> AnyObject] = []
factories.reserveCapacity(size.rawValue)
switch size {
case .small:
    registerApp300(in: &factories)
    resolveTops300(from: HandBuild300())
case .large:
    registerApp3000(in: &factories)
    resolveTops3000(from: HandBuild3000())
}
blackHole(value: factories)
