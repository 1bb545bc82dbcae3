import BoxKit

/// Builds the boxes of the SwincyBox README's virtual showroom: a root box and two child boxes, one per
/// manufacturer.
///
/// - The root box holds what every manufacturer shares: one permanent Volkswagen engine registered under
///   its protocol, ``Transmission``; the ``CarShowroom`` factory, which resolves a family car and a sports
///   car by key; and the permanent crash-test pair, whose circular reference an `onInitialised` hook closes.
/// - The child box `"BMW"` registers the BMW cars under the keys `"familyCar"` and `"sportsCar"`.
/// - The child box `"Mercedes"` registers the Mercedes cars, and an AMG engine under the key `"AMG"` that
///   only its sports car uses.
///
/// The showroom factory lives in the root box but is transient, so it receives the box the resolve started
/// from: resolving a ``CarShowroom`` from the BMW box stocks BMW cars, from the Mercedes box Mercedes cars.
///
/// ```swift
/// let root = makeShowroomBox()
/// let bmw = root.childBox(forKey: "BMW")!.resolve() as CarShowroom
/// ```
///
/// - Returns: The root box; its children are stored under `"BMW"` and `"Mercedes"`.
public func makeShowroomBox() -> Box {
    let root = Box()

    // One engine for every family car, whoever builds it: registered once, under its protocol, made once.
    root.register(Transmission.self, life: .permanent) { Engine(make: "Volkswagen", model: "EA888", gears: 7) }
    // The showroom knows its cars only by key; the box it is resolved from decides which cars those are.
    root.register { r in
        CarShowroom(familyCar: r.resolve(key: "familyCar"), sportsCar: r.resolve(key: "sportsCar"))
    }
    // The crash-test pair points both ways: the dummy is made with its car, then the hook seats it.
    root.register(life: .permanent) { SafetyTestCar() }
    root.register(CrashTestDummy.self, life: .permanent) { r in CrashTestDummy(name: "Crash", car: r.resolve()) }
        .onInitialised { _, service in
            let dummy = service as! CrashTestDummy
            dummy.car.dummy = dummy
        }

    let bmw = root.newChildBox(forKey: "BMW")
    bmw.register(Car.self, key: "familyCar") { r in
        Car(make: "BMW", model: "X3", topSpeed: 210, doors: 5, engine: r.resolve())
    }
    bmw.register(Car.self, key: "sportsCar") { r in
        Car(make: "BMW", model: "Z4 Roadster", topSpeed: 250, doors: 2, engine: r.resolve())
    }

    let mercedes = root.newChildBox(forKey: "Mercedes")
    mercedes.register(Transmission.self, key: "AMG", life: .permanent) {
        Engine(make: "Mercedes-AMG", model: "M177", gears: 9)
    }
    mercedes.register(Car.self, key: "familyCar") { r in
        Car(make: "Mercedes-Benz", model: "GLC", topSpeed: 219, doors: 5, engine: r.resolve())
    }
    mercedes.register(Car.self, key: "sportsCar") { r in
        Car(make: "Mercedes-AMG", model: "GT", topSpeed: 315, doors: 2, engine: r.resolve(key: "AMG"))
    }
    return root
}
