import BoxKit
import GarageServices

// Registers the garage, resolves it synchronously and from async code, and checks the box.
let box = Box()
registerGarage(in: box)
let problems = box.verify()
guard problems.isEmpty else { fatalError("garage: \(problems)") }
let garage: Garage = box.resolve()
let awaited = await resolveGarage(from: box)
print("garage: \(garage.workshop.name) workshop, \(awaited.workshop.name) from async code")
