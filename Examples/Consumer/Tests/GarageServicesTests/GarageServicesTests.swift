import BoxKit
import BoxKitTesting
import GarageServices
import Testing

/// A workshop for tests.
struct TestWorkshop: Workshop {
    let name = "test"
}

@Suite(.box { registerGarage(in: $0) })
struct GarageServicesTests {
    @Test func aGarageUsesTheRegisteredWorkshop() {
        let garage: Garage = Box.shared.resolve()
        #expect(garage.workshop.name == "main")
    }

    @Test(.box { $0.register { TestWorkshop() as any Workshop } })
    func aTestOverridesTheWorkshopInItsOwnBox() {
        let garage: Garage = Box.shared.resolve()
        #expect(garage.workshop.name == "test")
    }
}
