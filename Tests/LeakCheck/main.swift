// A synchronous release executable for leak checkers (valgrind cannot follow async mains): it registers,
// resolves, replaces and clears 1,000,000 services across boxes and child boxes, then releases
// everything. `make valgrind` runs it with --errors-for-leak-kinds=definite.
import BoxKit

final class Payload {
    let id: Int
    let bytes: [UInt8]
    init(_ id: Int) {
        self.id = id
        bytes = [UInt8](repeating: UInt8(truncatingIfNeeded: id), count: 24)
    }
}

final class Holder {
    let payload: Payload
    init(_ payload: Payload) { self.payload = payload }
}

let rounds = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 4 : 4
let perRound = 250_000
var checksum = 0
for round in 0..<rounds {
    let box = Box()
    let child = box.newChildBox(forKey: "child")
    for index in 0..<perRound {
        let key = "service-\(round)-\(index)"
        box.register(key: key, life: index.isMultiple(of: 2) ? .permanent : .transient) { Payload(index) }
        if index.isMultiple(of: 10) {
            child.register(key: key) { r in Holder(r.resolve(key: key)) }
        }
    }
    for index in stride(from: 0, to: perRound, by: 3) {
        checksum &+= (box.resolve(key: "service-\(round)-\(index)") as Payload).id
    }
    for index in stride(from: 0, to: perRound, by: 10) {
        checksum &+= (child.resolve(key: "service-\(round)-\(index)") as Holder).payload.id
    }
    for index in stride(from: 0, to: perRound, by: 2) {
        box.register(key: "service-\(round)-\(index)", life: .permanent) { Payload(-index) }
    }
    for index in stride(from: 0, to: perRound, by: 4) {
        checksum &+= (box.resolve(key: "service-\(round)-\(index)") as Payload).id
    }
    if round.isMultiple(of: 2) { box.clearAll() } else { child.clear() }
}
print("leakcheck: \(rounds * perRound) registrations, checksum \(checksum)")
