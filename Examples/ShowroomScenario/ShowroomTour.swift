import BoxKit

/// Builds the showroom with ``makeShowroomBox()``, resolves everything in it, and describes what it got,
/// one line per fact: what `swift run showroom` prints.
///
/// ```swift
/// for line in showroomTour() { print(line) }
/// ```
///
/// - Returns: The lines, in order: each manufacturer's showroom and its two cars, whether the engine is
///   shared, the crash-test pair, the error for a car nobody registered, and every box's registrations.
public func showroomTour() -> [String] {
    let root = makeShowroomBox()
    var lines: [String] = []

    var familyCars: [Car] = []
    for make in ["BMW", "Mercedes"] {
        guard let box = root.childBox(forKey: make) else {
            lines.append("\(make) showroom: no such child box")
            continue
        }
        let showroom = box.resolve() as CarShowroom
        familyCars.append(showroom.familyCar)
        lines.append("\(make) showroom")
        lines.append("  family car: \(showroom.familyCar)")
        lines.append("  sports car: \(showroom.sportsCar)")
    }

    let shared = familyCars.count == 2 && familyCars[0].engine === familyCars[1].engine
    let sameAsRoot = familyCars.first.map { $0.engine === root.resolve(Transmission.self) } ?? false
    lines.append("Both family cars share the root box's one engine: \(shared && sameAsRoot)")

    let dummy = root.resolve() as CrashTestDummy
    let seated = dummy.car.dummy === dummy
    lines.append("Crash test: the dummy \(dummy.name) sits in a safety car whose driver is that same dummy: \(seated)")

    if let bmw = root.childBox(forKey: "BMW") {
        do {
            let cabriolet = try bmw.tryResolve(Car.self, key: "cabriolet")
            lines.append("Asking BMW for a cabriolet: \(cabriolet)")
        } catch {
            lines.append("Asking BMW for a cabriolet: \(error)")
        }
    }

    lines.append("\(root.childServiceCount) registrations in all; the root box: \(root)")
    lines += root.debugDescription.split(separator: "\n").map(String.init)
    return lines
}
