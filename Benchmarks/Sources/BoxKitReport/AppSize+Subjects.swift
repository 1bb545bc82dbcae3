import AppGraphBoxKit300
import AppGraphBoxKit3000
import AppGraphFloor300
import AppGraphFloor3000
import AppGraphSwinject300
import AppGraphSwinject3000
import BoxKit
import LaunchSupport
import Swinject

/// The generated app-graph code of one size, for each subject: the functions a launch executable calls.
extension AppSize {
    /// Registers this size's app graph in `box`, as an app would (BoxKit and the Dictionary baseline).
    func register(in box: Box) {
        switch self {
        case .small: registerApp300(in: box)
        case .large: registerApp3000(in: box)
        }
    }

    /// Registers this size's app graph in `container`: `.container` scope for permanents, `.transient` else.
    func register(in container: Container) {
        switch self {
        case .small: registerApp300(in: container)
        case .large: registerApp3000(in: container)
        }
    }

    /// The registration floor: appends one closure per service to `factories`.
    func register(in factories: inout [() -> AnyObject]) {
        switch self {
        case .small: registerApp300(in: &factories)
        case .large: registerApp3000(in: &factories)
        }
    }

    /// Resolves every top of this size's app graph once from `box`.
    func resolveTops(from box: Box) {
        switch self {
        case .small: resolveTops300(from: box)
        case .large: resolveTops3000(from: box)
        }
    }

    /// Resolves every top of this size's app graph once from `container`.
    func resolveTops(from container: Container) {
        switch self {
        case .small: resolveTops300(from: container)
        case .large: resolveTops3000(from: container)
        }
    }

    /// The resolve floor: a fresh hand build, returned as a pass that builds every top once with it.
    ///
    /// The first call of the pass makes the permanent services it needs; later calls share them, as a
    /// container's second pass does.
    func handBuild() -> () -> Void {
        switch self {
        case .small:
            let build = HandBuild300()
            return { resolveTops300(from: build) }
        case .large:
            let build = HandBuild3000()
            return { resolveTops3000(from: build) }
        }
    }
}
