@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Testing

@Suite("Dependency graph")
struct DependencyGraphTests {
    /// A workshop over a transient car over a permanent engine.
    private func workshopBox(_ backend: Box.Backend) -> Box {
        let box = Box(backend: backend)
        box.register(life: .permanent) { Engine() }
        box.register { r in Car(engine: r.resolve()) }
        box.register { r in Workshop(car: r.resolve()) }
        return box
    }

    @Test("before anything is resolved, the graph lists the registrations and no edges", arguments: backends)
    func nodesBeforeResolving(backend: Box.Backend) {
        let graph = workshopBox(backend).dependencyGraph()
        #expect(
            graph.nodes == [
                .init(name: "BoxKitTests.Engine", life: .permanent), .init(name: "BoxKitTests.Car", life: .transient),
                .init(name: "BoxKitTests.Workshop", life: .transient),
            ])
        #expect(graph.edges.isEmpty)
    }

    @Test("a resolve records which service resolved which", arguments: backends)
    func resolveRecordsEdges(backend: Box.Backend) {
        let box = workshopBox(backend)
        _ = box.resolve() as Workshop
        #expect(
            box.dependencyGraph().edges == [
                .init(from: "BoxKitTests.Car", to: "BoxKitTests.Engine"),
                .init(from: "BoxKitTests.Workshop", to: "BoxKitTests.Car"),
            ])
    }

    /// A provider of a permanent engine in a box of its own, called twice, so that its calls now return the
    /// instance it cached.
    private func cachedEngineProvider(_ backend: Box.Backend) -> ServiceProvider<Engine> {
        let engines = Box(backend: backend)
        engines.register(life: .permanent) { Engine() }
        let makeEngine = engines.provider(Engine.self)
        _ = makeEngine()
        _ = makeEngine()
        return makeEngine
    }

    @Test("a provider called inside a factory is recorded, also once it returns a cached instance", arguments: backends)
    func providerCallsAreRecorded(backend: Box.Backend) {
        let makeEngine = cachedEngineProvider(backend)
        let box = Box(backend: backend)
        box.register { Car(engine: makeEngine()) }
        _ = box.resolve() as Car
        #expect(box.dependencyGraph().edges == [.init(from: "BoxKitTests.Car", to: "BoxKitTests.Engine")])
    }

    @Test(
        "a provider called after a nested first creation ended is still recorded for the creation around it",
        arguments: backends)
    func providerCallsAfterANestedCreationAreRecorded(backend: Box.Backend) {
        let makeEngine = cachedEngineProvider(backend)
        let box = Box(backend: backend)
        box.register { Car() }
        box.register { r in
            let car: Car = r.resolve()  // a first creation of its own, nested in this one, that ends here
            _ = makeEngine()
            return Workshop(car: car)
        }
        _ = box.resolve() as Workshop
        #expect(box.dependencyGraph().edges == edgesOfAWorkshopThatResolvedACarThenAnEngine)
    }

    @Test("verify records the edges of every registration, and missing dependencies as nodes", arguments: backends)
    func verifyRecordsMissing(backend: Box.Backend) {
        let box = workshopBox(backend)
        box.register { r in Wash(r.resolve(Engine.self, key: "V12")) }
        _ = box.verify()
        let graph = box.dependencyGraph()
        #expect(graph.edges.contains(.init(from: "BoxKitTests.Wash", to: #"BoxKitTests.Engine[key: "V12"]"#)))
        #expect(graph.nodes.last == .init(name: #"BoxKitTests.Engine[key: "V12"]"#, life: nil))
        #expect(graph.nodes.last?.isMissing == true)
    }

    @Test("what a hook resolves is recorded as a dependency", arguments: backends)
    func hookResolvesAreRecorded(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(Parent.self) { Parent() }.onInitialised { r, service in
            (service as! Parent).child = r.resolve() as Child
        }
        box.register { Child() }
        _ = box.resolve() as Parent
        #expect(box.dependencyGraph().edges == [.init(from: "BoxKitTests.Parent", to: "BoxKitTests.Child")])
    }

    @Test("the graph includes the ancestors' registrations a child box reaches", arguments: backends)
    func includesAncestors(backend: Box.Backend) {
        let box = workshopBox(backend)
        let child = box.newChildBox(forKey: "child")
        child.register(key: "spare") { Engine() }
        _ = child.resolve() as Car
        let graph = child.dependencyGraph()
        #expect(graph.nodes.map(\.name).first == #"BoxKitTests.Engine[key: "spare"]"#)
        #expect(graph.nodes.count == 4)
        #expect(graph.edges == [.init(from: "BoxKitTests.Car", to: "BoxKitTests.Engine")])
    }

    @Test("a registration with arguments is its own node, named with its argument types", arguments: backends)
    func argumentRegistrationNode(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(OrderedCar.self) { (_: Resolver, colour: String) in OrderedCar(colour: colour) }
        box.register { r in Buyer(name: r.resolve(OrderedCar.self, arguments: "red").colour) }
        _ = box.resolve() as Buyer
        let graph = box.dependencyGraph()
        let carNode = "BoxKitTests.OrderedCar[arguments: (Swift.String)]"
        #expect(graph.nodes.map(\.name) == [carNode, "BoxKitTests.Buyer"])
        #expect(graph.edges == [.init(from: "BoxKitTests.Buyer", to: carNode)])
    }

    @Test("the DOT rendering labels lifetimes and marks missing services", arguments: backends)
    func dotRendering(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { r in Car(engine: r.resolve(Engine.self, key: "V8")) }
        _ = box.verify()
        #expect(
            box.dependencyGraph().dot == """
                digraph BoxKit {
                    rankdir=LR;
                    node [shape=box];
                    "BoxKitTests.Car" [label="BoxKitTests.Car\\n(transient)"];
                    "BoxKitTests.Engine[key: \\"V8\\"]" [label="BoxKitTests.Engine[key: \\"V8\\"]\\n(missing)", \
                style=dashed, color=red];
                    "BoxKitTests.Car" -> "BoxKitTests.Engine[key: \\"V8\\"]";
                }

                """)
    }

    @Test("the Mermaid rendering numbers nodes, escapes quotes and classes missing services", arguments: backends)
    func mermaidRendering(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { r in Car(engine: r.resolve(Engine.self, key: "V8")) }
        _ = box.verify()
        #expect(
            box.dependencyGraph().mermaid == """
                flowchart LR
                    n0["BoxKitTests.Car (transient)"]
                    n1["BoxKitTests.Engine[key: #quot;V8#quot;] (missing)"]
                    n0 --> n1
                    classDef missing stroke:#d00,stroke-dasharray:4
                    class n1 missing

                """)
    }

    @Test("keys with backslashes, line breaks and hashes are escaped in both renderings", arguments: backends)
    func escaping(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(key: "a\\b\nc#d") { Engine() }
        let graph = box.dependencyGraph()
        #expect(graph.dot.contains(#""BoxKitTests.Engine[key: \"a\\\\b\\nc#d\"]""#))
        #expect(graph.mermaid.contains(#"n0["BoxKitTests.Engine[key: #quot;a\\b\nc#35;d#quot;] (transient)"]"#))
    }
}
