@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Testing

// This file does not import BoxKitAwait. The target enables MemberImportVisibility, so the async overloads
// another file of it imports do not reach here: this async function calls the synchronous `resolve`
// without `await`, as code written before BoxKitAwait does. Were the overloads visible, each `resolve` line
// below would be an error ("expression is 'async' but is not marked with 'await'").

@Suite("Files that do not import BoxKitAwait")
struct PlainResolveTests {
    @Test("an async function calls the synchronous resolve without await", arguments: backends)
    func asyncFunctionCallsSynchronousResolve(backend: Box.Backend) async throws {
        let box = Box(backend: backend)
        box.register { Clock(name: "plain") }
        box.register(key: "BMW", life: .permanent) { Clock(name: "BMW") }
        await Task.yield()
        let clock = box.resolve() as Clock
        let keyed: Clock = box.resolve(key: "BMW")
        let tried = try box.tryResolve(Clock.self, key: "BMW")
        let all = box.resolveAll(Clock.self)
        #expect(clock.name == "plain" && keyed.name == "BMW" && tried === keyed)
        #expect(all.map(\.name) == ["plain", "BMW"])
    }
}
