@_spi(Reflection) import Swift
import Testing

@_spi(Baseline) @testable import BoxKit

/// Where a registration's fields lie in its object (`_AnyRegistration`'s doc comment): a resolve reads the
/// 56 bytes after the object's header (the two words it reads, the flags and a class service's factory), and
/// a first creation's recording the service type, declared next, so that a resolve touches at most two of the
/// registration's cache lines, and one for a quarter of the objects (those that start 48 bytes into a line).
/// Moving or growing one of those fields changes no behaviour, only the cache misses of every first resolve,
/// which valgrind's cache simulation sees and these specs name.
@Suite("Registration layout")
struct RegistrationLayoutTests {
    /// The header of every Swift object: its metadata pointer and its reference counts.
    static let header = 16
    /// The bytes after the header that a resolve reads.
    static let resolveSpan = 56
    /// The fields of one byte each, after the words, that a resolve reads to decide (`life` among them for
    /// the rules of `make`).
    static let flags = [
        "life", "isAsync", "isSyncTransient", "mayThrow", "hasPlainIdentity", "makesObjects", "isForward",
    ]
    /// The two shapes of a class service's factory.
    static let factories = ["objectFactory", "objectResolvingFactory"]
    /// What a resolve reads off its common path (an isolated factory's actor in `extras`, a kept instance
    /// that is not one reference in `instance`, the hooks after a flag says there are some), once per first
    /// creation (the dependencies, at its hand-over) or never (`key`, `sequence`, the scope).
    static let coldFields = ["_coldWordStorage", "extras", "key", "sequence", "instance"]

    /// The byte offset of each stored property of `type`, its superclasses' included, by name. (The option
    /// for a class type is the standard library's `.classType`, spelt by its raw value because that static
    /// is a `var`, which strict concurrency checking refuses to read.)
    static func offsets(of type: AnyClass) -> [String: Int] {
        var offsets: [String: Int] = [:]
        _ = _forEachField(of: type, options: _EachFieldOptions(rawValue: 1 << 0)) { name, offset, _, _ in
            offsets[String(cString: name)] = offset
            return true
        }
        return offsets
    }

    let offsets = Self.offsets(of: _AnyRegistration.self)

    @Test("the atomic words a resolve reads start right after the object's header, as their address assumes")
    func wordsFollowTheHeader() {
        #expect(offsets["_wordStorage"] == Self.header)
        #expect(MemoryLayout<(UInt64, UInt64)>.size == 16)
    }

    @Test("the other atomic words are where their address assumes")
    func coldWordsAreAtTheirOffset() {
        #expect(offsets["_coldWordStorage"] == Self.header + _AnyRegistration.coldWordsOffset)
    }

    @Test("the flags follow the words, each one byte")
    func flagsFollowTheWords() {
        #expect(MemoryLayout<LifeType>.size == 1)
        for flag in Self.flags {
            let offset = offsets[flag]
            #expect(
                offset.map { (Self.header + 16..<Self.header + 24).contains($0) } == true,
                "\(flag) is at \(String(describing: offset))")
        }
    }

    @Test("a class service's factory, in either shape, follows the flags and ends within the resolve's span")
    func factoriesEndWithinTheResolveSpan() {
        #expect(MemoryLayout<(() -> AnyObject)?>.size == 16)
        #expect(MemoryLayout<((Resolver) -> AnyObject)?>.size == 16)
        for factory in Self.factories {
            let offset = offsets[factory]
            #expect(
                offset.map { $0 >= Self.header + 24 && $0 + 16 <= Self.header + Self.resolveSpan } == true,
                "\(factory) is at \(String(describing: offset))")
        }
    }

    @Test("the service type, which a first creation's recording reads, comes right after the factories")
    func serviceTypeFollowsTheFactories() {
        #expect(offsets["serviceType"] == Self.header + Self.resolveSpan)
    }

    @Test("the fields a resolve reads off its common path come after all of those")
    func coldFieldsComeLast() {
        for field in Self.coldFields {
            let offset = offsets[field]
            #expect(
                offset.map { $0 >= Self.header + Self.resolveSpan + 8 } == true,
                "\(field) is at \(String(describing: offset))")
        }
    }

    @Test("a registration for classes adds no field of its own")
    func objectRegistrationKeepsTheLayout() {
        #expect(Self.offsets(of: _ObjectRegistration.self) == offsets)
    }
}
