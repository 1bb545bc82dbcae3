import BoxKit
import Testing

final class SCar { let engine: SEngine?; init(engine: SEngine?) { self.engine = engine } }
final class SEngine {}

@Test(arguments: Box.Backend.allCases) func smoke(_ backend: Box.Backend) throws {
    let box = Box(backend: backend)
    box.register(life: .permanent) { SEngine() }
    box.register { r in SCar(engine: r.resolve() as SEngine) }
    box.register(key: "BMW") { SCar(engine: nil) }
    let a = box.resolve() as SCar
    let b = box.resolve() as SCar
    #expect(a !== b)
    #expect(a.engine === b.engine)
    let bmw: SCar = box.resolve(key: "BMW")
    #expect(bmw.engine == nil)
    #expect(box.registeredServiceCount == 3)
    #expect(throws: BoxError.self) { try box.tryResolve(SCar.self, key: "Audi") }
    do { _ = try box.tryResolve(SCar.self, key: "Audi") } catch { print(error) }
}
