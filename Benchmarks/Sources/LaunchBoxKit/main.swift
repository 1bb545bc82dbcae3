import AppGraphBoxKit300
import AppGraphBoxKit3000
import BoxKit
import LaunchSupport

// LaunchBoxKit: the app graph's launch on BoxKit's C hash table (`Box()`), in a fresh process: register every
// service into a new box, then resolve every top once.
//
//     LaunchBoxKit 300|3000

let box = Box()
switch AppSize.requested() {
case .small:
    registerApp300(in: box)
    resolveTops300(from: box)
case .large:
    registerApp3000(in: box)
    resolveTops3000(from: box)
}
