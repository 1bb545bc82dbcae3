@_spi(Reflection) import Swift
import Testing

@_spi(Baseline) @testable import BoxKit

/// Where a registration's fields lie in its object (`_AnyRegistration`'s doc comment): a resolve reads the
/// 80 bytes after the object's header (the atomic words, the flags and a class service's factory), and a
/// first creation's recording reads the service type, declared next, so that a resolve that records nothing
/// touches at most two of the registration's cache lines. Moving or growing one of those fields changes no behaviour, only the
/// cache misses of every first resolve, which valgrind's cache simulation sees and these specs name.
@Suite("Registration layout")
struct RegistrationLayoutTests {
    /// The header of every Swift object: its metadata pointer and its reference counts.
    static let header = 16
    /// The bytes after the header that a resolve reads.
    static let resolveSpan = 80
    /// The fields of one byte each, after the words, that a resolve reads to decide (`life` among them for
    /// the rules of `make`).
    static let flags = ["life", "isAsync", "isSyncTransient", "mayThrow", "hasPlainIdentity", "makesObjects"]
    /// The two shapes of a class service's factory.
    static let factories = ["objectFactory", "objectResolvingFactory"]
    /// What a resolve reads off its common path (an isolated factory's actor in `extras`, a kept instance
    /// that is not one reference in `instance`) or never (`key`, `sequence`).
    static let coldFields = ["extras", "key", "sequence", "instance"]

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

    @Test("the atomic words start right after the object's header, as the words' address assumes")
    func wordsFollowTheHeader() {
        #expect(offsets["_wordStorage"] == Self.header)
        #expect(MemoryLayout<(UInt64, UInt64, UInt64, UInt64, UInt64)>.size == 40)
    }

    @Test("the flags follow the words within the object's first 64 bytes, each one byte")
    func flagsShareTheFirstLine() {
        #expect(MemoryLayout<LifeType>.size == 1)
        for flag in Self.flags {
            let offset = offsets[flag]
            #expect(
                offset.map { (Self.header + 40..<64).contains($0) } == true,
                "\(flag) is at \(String(describing: offset))")
        }
    }

    @Test("a class service's factory, in either shape, ends within the 80 bytes after the header")
    func factoriesEndWithinTheResolveSpan() {
        #expect(MemoryLayout<(() -> AnyObject)?>.size == 16)
        #expect(MemoryLayout<((Resolver) -> AnyObject)?>.size == 16)
        for factory in Self.factories {
            let offset = offsets[factory]
            #expect(
                offset.map { $0 >= 64 && $0 + 16 <= Self.header + Self.resolveSpan } == true,
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
