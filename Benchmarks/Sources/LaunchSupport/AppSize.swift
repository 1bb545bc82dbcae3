import Foundation

/// The two sizes of the generated app graph (`Benchmarks/Generator/generate_app_graph.py`).
///
/// Each launch executable takes the size as its one argument, and the report passes it:
///
/// ```swift
/// switch AppSize.requested() {
/// case .small: registerApp300(in: box)
/// case .large: registerApp3000(in: box)
/// }
/// ```
public enum AppSize: Int, CaseIterable, Sendable {
    /// 300 services, `G300S0` ... `G300S299`.
    case small = 300
    /// 3,000 services, `G3000S0` ... `G3000S2999`.
    case large = 3_000

    /// The argument that asks a launch executable for this size.
    public var argument: String { String(rawValue) }

    /// The size this process was asked for: its one argument, `300` or `3000`; exits with status 2 otherwise.
    ///
    /// It reads the arguments through Foundation's `ProcessInfo`, so every launch executable loads and touches
    /// Foundation, as every app does: the empty executable's time then includes Foundation's, and subtracting
    /// it charges no subject for loading Foundation.
    public static func requested() -> AppSize {
        let arguments = ProcessInfo.processInfo.arguments.dropFirst()
        guard arguments.count == 1, let size = arguments.first.flatMap(Int.init).flatMap(AppSize.init) else {
            FileHandle.standardError.write(Data("usage: \(ProcessInfo.processInfo.processName) 300|3000\n".utf8))
            exit(2)
        }
        return size
    }
}
