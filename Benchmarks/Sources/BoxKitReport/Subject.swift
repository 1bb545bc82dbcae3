/// What a measurement runs on: the same work without a container, or one of three containers.
enum Subject: String, CaseIterable, Sendable, Comparable {
    /// The same work without a container: a stored reference, a stored closure, a graph built by hand. In the
    /// launch rows it also stands for the empty executable, whose time every launch is measured net of.
    case floor
    /// BoxKit's `Box()`, the C hash table.
    case boxKit
    /// BoxKit's `Box(backend: .dictionary)`, the pure-Swift Dictionary baseline behind the same facade.
    case dictionary
    /// Swinject 2.10.0's `Container`.
    case swinject

    /// The name tables and the chart show.
    var label: String {
        switch self {
        case .floor: "floor"
        case .boxKit: "BoxKit"
        case .dictionary: "Dictionary"
        case .swinject: "Swinject"
        }
    }

    /// The bar colour in the chart.
    var colour: String {
        switch self {
        case .floor: "#9e9e9e"
        case .boxKit: "#1f77b4"
        case .dictionary: "#ff7f0e"
        case .swinject: "#d62728"
        }
    }

    static func < (lhs: Subject, rhs: Subject) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
