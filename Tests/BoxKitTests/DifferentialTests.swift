@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Foundation
import Testing

// A seeded differential test: random sequences of register / replace / resolve / clear / clearAll /
// child-box operations applied to `Box` and to `ReferenceBox`, a model built on a Swift `Dictionary`
// keyed by (type, key), must give identical observable results.

/// What a resolve produced: which registration made it, and (for permanents) which instance.
final class Made {
    let registration: Int
    init(registration: Int) { self.registration = registration }
}

final class OtherMade {
    let registration: Int
    init(registration: Int) { self.registration = registration }
}

/// The model: per box, a dictionary from (type, key) to (registration number, lifetime, instance).
final class ReferenceBox {
    struct Key: Hashable {
        let type: ObjectIdentifier
        let key: String?
    }
    struct Entry {
        let registration: Int
        let life: LifeType
        var instance: AnyObject?
    }
    var entries: [Key: Entry] = [:]
    weak var parent: ReferenceBox?
    var children: [String: ReferenceBox] = [:]

    /// The entry that a resolve from this box reaches, and the box that holds it.
    func lookup(_ key: Key) -> (ReferenceBox, Entry)? {
        if let entry = entries[key] { return (self, entry) }
        return parent?.lookup(key)
    }

    var childServiceCount: Int { entries.count + children.values.reduce(0) { $0 + $1.childServiceCount } }
    func clearAll() {
        entries = [:]
        for child in children.values { child.clearAll() }
    }
}

@StressTestThread @Suite("Differential against a Dictionary model")
struct DifferentialTests {
    static let keys: [String?] = [
        nil, "", "BMW", "a\u{0}b", "a\u{0}c", "caf\u{E9}", "cafe\u{301}", "\u{301}", "👩‍👩‍👧‍👦",
        "a-key-longer-than-seven-bytes", String(repeating: "k", count: 300),
    ]

    @Test("random operation sequences match the model", arguments: backends, [0x5EED_0001, 0x5EED_0002] as [UInt64])
    func matchesModel(backend: Box.Backend, seed: UInt64) {
        let operations = 50_000
        var random = SeededGenerator(seed: seed)
        var boxes: [(Box, ReferenceBox)] = [(Box(backend: backend), ReferenceBox())]
        var nextRegistration = 0
        var mismatches = 0
        func check(_ condition: Bool, _ what: @autoclosure () -> String, step: Int) {
            guard !condition else { return }
            mismatches += 1
            if mismatches <= 5 {
                Issue.record("seed \(seed) (\(backend)), step \(step): \(what())")
            }
        }
        for step in 0..<operations {
            let (box, model) = boxes[Int.random(in: 0..<boxes.count, using: &random)]
            let key = Self.keys[Int.random(in: 0..<Self.keys.count, using: &random)]
            let isOther = Bool.random(using: &random)
            let typeID = ObjectIdentifier(isOther ? OtherMade.self : Made.self)
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<35:
                nextRegistration += 1
                let number = nextRegistration
                let life: LifeType = Bool.random(using: &random) ? .permanent : .transient
                if isOther {
                    box.register(OtherMade.self, key: key, life: life) { OtherMade(registration: number) }
                } else {
                    box.register(Made.self, key: key, life: life) { Made(registration: number) }
                }
                model.entries[.init(type: typeID, key: key)] = .init(registration: number, life: life)
            case 35..<90:
                let expected = model.lookup(.init(type: typeID, key: key))
                let registration: Int?
                let instance: AnyObject?
                if isOther {
                    let made = try? box.tryResolve(OtherMade.self, key: key)
                    (registration, instance) = (made?.registration, made)
                } else {
                    let made = try? box.tryResolve(Made.self, key: key)
                    (registration, instance) = (made?.registration, made)
                }
                check(
                    registration == expected?.1.registration,
                    "resolve \(isOther ? "OtherMade" : "Made")[\(String(describing: key))] gave "
                        + "\(String(describing: registration)), model \(String(describing: expected?.1.registration))",
                    step: step)
                if let (holder, entry) = expected, entry.life == .permanent, let instance {
                    let modelKey = ReferenceBox.Key(type: typeID, key: key)
                    if let previous = entry.instance {
                        check(previous === instance, "a permanent resolved to a second instance", step: step)
                    } else {
                        holder.entries[modelKey]?.instance = instance
                    }
                }
            case 90..<93:
                box.clear()
                model.entries = [:]
            case 93..<94:
                box.clearAll()
                model.clearAll()
            case 94..<97 where boxes.count < 12:
                let name = "child-\(Int.random(in: 0..<4, using: &random))"
                let child = box.newChildBox(forKey: name)
                let childModel = ReferenceBox()
                childModel.parent = model
                // A replaced child leaves its parent's children in both, and stays usable in both.
                model.children[name] = childModel
                boxes.append((child, childModel))
            default:
                check(box.registeredServiceCount == model.entries.count, "registeredServiceCount", step: step)
                check(box.childServiceCount == model.childServiceCount, "childServiceCount", step: step)
            }
        }
        #expect(mismatches == 0, "seed \(seed) (\(backend)): \(mismatches) mismatches")
    }
}
