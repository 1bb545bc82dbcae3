import AppGraphBoxKit300
import AppGraphBoxKit3000
@_spi(Baseline) import BoxKit
import LaunchSupport

// LaunchDictionary: the app graph's launch on BoxKit's Dictionary baseline (`Box(backend: .dictionary)`), in
// a fresh process: register every service into a new box, then resolve every top once.
//
//     LaunchDictionary 300|3000

let box = Box(backend: .dictionary)
switch AppSize.requested() {
case .small:
    registerApp300(in: box)
    resolveTops300(from: box)
case .large:
    registerApp3000(in: box)
    resolveTops3000(from: box)
}
