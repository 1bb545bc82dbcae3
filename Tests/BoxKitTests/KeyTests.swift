@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Testing

@Suite("Keys")
struct KeyTests {
    @Test("keyed and unkeyed registrations of one type are distinct", arguments: backends)
    func keyedAndUnkeyedAreDistinct(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Car(name: "plain") }
        box.register(key: "BMW") { Car(name: "BMW") }
        box.register(key: "Mercedes") { Car(name: "Mercedes") }
        #expect((box.resolve() as Car).name == "plain")
        #expect((box.resolve(key: "BMW") as Car).name == "BMW")
        #expect(box.resolve(Car.self, key: "Mercedes").name == "Mercedes")
    }

    @Test("the empty key differs from no key", arguments: backends)
    func emptyKeyDiffersFromNoKey(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Car(name: "no key") }
        box.register(key: "") { Car(name: "empty key") }
        #expect((box.resolve() as Car).name == "no key")
        #expect((box.resolve(key: "") as Car).name == "empty key")
        #expect(box.registeredServiceCount == 2)
    }

    @Test("canonically equivalent keys are one key", arguments: backends)
    func canonicallyEquivalentKeys(backend: Box.Backend) {
        let box = Box(backend: backend)
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        #expect(composed == decomposed)
        box.register(key: composed) { Car(name: "composed") }
        #expect((box.resolve(key: decomposed) as Car).name == "composed")
        box.register(key: decomposed) { Car(name: "decomposed") }
        #expect(box.registeredServiceCount == 1)
        #expect((box.resolve(key: composed) as Car).name == "decomposed")
    }

    @Test(
        "unusual keys are stored and found exactly",
        arguments: [
            "a\u{0}b", "a\u{0}c", "a", "\u{0}", "seven77", "eight888", "👩‍👩‍👧‍👦", "\u{301}", "ﬁ", "fi", "İ", "i\u{307}",
            String(repeating: "long-key-", count: 11_112),
        ])
    func unusualKeys(key: String) {
        for backend in backends {
            let box = Box(backend: backend)
            let others = ["a\u{0}b", "a\u{0}c", "a", "\u{0}", "fi", "i\u{307}"].filter { $0 != key }
            for other in others { box.register(key: other) { Car(name: "other") } }
            box.register(key: key) { Car(name: key) }
            #expect((box.resolve(key: key) as Car).name == key, "\(backend)")
            #expect(box.registeredServiceCount == others.count + 1, "\(backend)")
        }
    }

    @Test(
        "a short ASCII key is one key whether its string holds the bytes inline or in storage",
        arguments: backends)
    func shortKeyInlineOrInStorage(backend: Box.Backend) {
        let box = Box(backend: backend)
        for length in 0...9 {
            let inline = String(repeating: "k", count: length)
            box.register(key: inline) { Car(name: "inline \(length)") }
            #expect((try? box.tryResolve(Car.self, key: inStorage(inline)))?.name == "inline \(length)")
            let stored = inStorage(String(repeating: "s", count: length))
            box.register(key: stored) { Car(name: "stored \(length)") }
            let storedAsInline = String(repeating: "s", count: length)
            #expect((try? box.tryResolve(Car.self, key: storedAsInline))?.name == "stored \(length)")
            guard length > 0 else { continue }
            let lastDiffers = String(repeating: "k", count: length - 1) + "j"
            #expect(throws: BoxError.self) { try box.tryResolve(Car.self, key: lastDiffers) }
            #expect(throws: BoxError.self) { try box.tryResolve(Car.self, key: inStorage(lastDiffers)) }
        }
    }

    @Test("keys differing only by an embedded NUL are distinct", arguments: backends)
    func embeddedNulKeys(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(key: "a\u{0}b") { Car(name: "1") }
        box.register(key: "a\u{0}c") { Car(name: "2") }
        box.register(key: "a") { Car(name: "3") }
        #expect((box.resolve(key: "a\u{0}b") as Car).name == "1")
        #expect((box.resolve(key: "a\u{0}c") as Car).name == "2")
        #expect((box.resolve(key: "a") as Car).name == "3")
        #expect(throws: BoxError.self) { try box.tryResolve(Car.self, key: "a\u{0}") }
    }

    @Test("a 1 MiB key works, and one differing only in its last byte is another key", arguments: backends)
    func oneMebibyteKey(backend: Box.Backend) {
        let box = Box(backend: backend)
        let key = String(repeating: "ä", count: 1 << 19)  // 2 bytes each in UTF-8: 1 MiB
        #expect(key.utf8.count == 1 << 20)
        box.register(key: key) { Car(name: "1 MiB") }
        box.register(key: String(key.dropLast()) + "a") { Car(name: "other") }
        #expect((box.resolve(key: key) as Car).name == "1 MiB")
        #expect((box.resolve(key: String(key.dropLast()) + "a") as Car).name == "other")
        #expect(box.registeredServiceCount == 2)
    }

    @Test("a 100,000-byte key works", arguments: backends)
    func veryLongKey(backend: Box.Backend) {
        let box = Box(backend: backend)
        let key = String(repeating: "x", count: 100_000)
        box.register(key: key) { Car(name: "long") }
        #expect((box.resolve(key: key) as Car).name == "long")
        #expect(throws: BoxError.self) { try box.tryResolve(Car.self, key: key + "y") }
    }

    @Test(
        "a decomposed accent finds the precomposed key wherever it sits, in keys of every length up to 24",
        arguments: backends)
    func equivalenceAtEveryLengthAndPosition(backend: Box.Backend) {
        let box = Box(backend: backend)
        for length in 1...24 {
            for position in 0..<length {
                let padding = String(repeating: "a", count: length - 1)
                let index = padding.index(padding.startIndex, offsetBy: position)
                var precomposed = padding
                precomposed.insert("\u{E9}", at: index)
                var decomposed = padding
                decomposed.insert(
                    contentsOf: "e\u{301}", at: decomposed.index(decomposed.startIndex, offsetBy: position))
                box.register(key: precomposed) { Car(name: precomposed) }
                #expect(
                    (try? box.tryResolve(Car.self, key: decomposed))?.name == precomposed,
                    "length \(length), accent at \(position)")
            }
        }
    }

    @Test("a key string changed in place after a resolve finds the registration for its new bytes", arguments: backends)
    func keyChangedInPlace(backend: Box.Backend) {
        let box = Box(backend: backend)
        let length = 40  // long enough to live in heap storage, which can change in place
        box.register(key: String(repeating: "a", count: length)) { Car(name: "a") }
        box.register(key: "b" + String(repeating: "a", count: length - 1)) { Car(name: "b") }
        box.register(key: "\u{E9}" + String(repeating: "a", count: length - 1)) { Car(name: "e-acute") }
        var probe = String(repeating: "a", count: length)
        #expect((box.resolve(key: probe) as Car).name == "a")
        probe.replaceSubrange(probe.startIndex...probe.startIndex, with: "b")  // the same length
        #expect((box.resolve(key: probe) as Car).name == "b")
        probe.replaceSubrange(probe.startIndex...probe.startIndex, with: "e\u{301}")  // not NFC any more
        #expect((box.resolve(key: probe) as Car).name == "e-acute")
        probe.removeFirst()
        probe.insert("c", at: probe.startIndex)
        #expect(throws: BoxError.self) { try box.tryResolve(Car.self, key: probe) }
    }

    @Test(
        "a long key resolves through the string it was registered with, an equal copy, and after replacement",
        arguments: backends)
    func longKeyThroughRegisteredString(backend: Box.Backend) {
        let box = Box(backend: backend)
        let key = "a-forty-byte-key-registered-and-reused!!"
        box.register(key: key) { Car(name: "first") }
        #expect((box.resolve(key: key) as Car).name == "first")
        let copy = String(key.utf8.map { Character(Unicode.Scalar($0)) })
        #expect((box.resolve(key: copy) as Car).name == "first")
        box.register(key: copy) { Car(name: "second") }
        #expect((box.resolve(key: key) as Car).name == "second")
        box.unregister(Car.self, key: copy)
        #expect(throws: BoxError.self) { try box.tryResolve(Car.self, key: key) }
        let child = box.newChildBox(forKey: "child")
        box.register(key: key) { Car(name: "parent") }
        #expect((child.resolve(key: key) as Car).name == "parent")
    }
}
