@_spi(Baseline) import BoxKit
import Foundation
import ShowroomScenario
import Testing

import func BoxKitTestSupport.builtExecutable
import func BoxKitTestSupport.standardOutput

// The Showroom example (`swift run showroom`): what it builds, and what the executable prints.

@Suite("Showroom example")
struct ShowroomTests {
    @Test("each manufacturer's showroom is stocked from its own child box, by key")
    func showroomsByManufacturer() {
        let lines = showroomTour()
        let expected = [
            "BMW showroom",
            "  family car: BMW X3, 5 doors, 210 km/h, Volkswagen EA888 engine (7 gears)",
            "  sports car: BMW Z4 Roadster, 2 doors, 250 km/h, Volkswagen EA888 engine (7 gears)",
            "Mercedes showroom",
            "  family car: Mercedes-Benz GLC, 5 doors, 219 km/h, Volkswagen EA888 engine (7 gears)",
            "  sports car: Mercedes-AMG GT, 2 doors, 315 km/h, Mercedes-AMG M177 engine (9 gears)",
        ]
        #expect(Array(lines.prefix(expected.count)) == expected)
    }

    @Test("the engine is shared from the root box and the crash-test pair is closed")
    func sharedEngineAndCrashTest() {
        let lines = showroomTour()
        #expect(lines.contains("Both family cars share the root box's one engine: true"))
        #expect(
            lines.contains("Crash test: the dummy Crash sits in a safety car whose driver is that same dummy: true"))
    }

    @Test("a missing car is reported with its key and the registrations nearby")
    func missingCar() {
        let lines = showroomTour()
        let error = lines.first { $0.hasPrefix("Asking BMW for a cabriolet: ") }
        #expect(error?.contains(#"no registration for ShowroomScenario.Car[key: "cabriolet"]"#) == true)
        let nearby =
            #"Registered nearby: ShowroomScenario.Car[key: "familyCar"], "#
            + #"ShowroomScenario.Car[key: "sportsCar"]."#
        #expect(error?.contains(nearby) == true)
    }

    @Test("the boxes hold what the tour says they hold")
    func boxes() throws {
        let root = makeShowroomBox()
        let bmw = try #require(root.childBox(forKey: "BMW"))
        let mercedes = try #require(root.childBox(forKey: "Mercedes"))
        #expect(root.registeredServiceCount == 4)
        #expect(bmw.registeredServiceCount == 2)
        #expect(mercedes.registeredServiceCount == 3)
        #expect(root.childServiceCount == 9)
        let bmwFamily: Car = bmw.resolve(key: "familyCar")
        let mercedesSports: Car = mercedes.resolve(key: "sportsCar")
        #expect(bmwFamily.engine === root.resolve(Transmission.self))
        #expect(mercedesSports.engine === mercedes.resolve(Transmission.self, key: "AMG"))
        #expect(!root.isRegistered(Car.self, key: "familyCar"))
        let lines = showroomTour()
        #expect(lines.contains("9 registrations in all; the root box: Box(4 registrations, 2 children)"))
        #expect(lines.contains(#"    child "Mercedes": Box(hashTable) {"#))
    }

    @Test("swift run showroom prints the tour")
    func executablePrintsTheTour() throws {
        let executable = try #require(
            builtExecutable(named: "showroom"), "the showroom executable was not built next to the tests")
        let (printed, status) = try standardOutput(ofRunning: executable)
        #expect(status == 0)
        #expect(printed == showroomTour().joined(separator: "\n") + "\n")
    }
}
