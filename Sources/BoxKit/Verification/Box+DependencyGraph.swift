extension Box {
    /// The dependencies recorded between the services this box can reach: which service's creation
    /// resolved which.
    ///
    /// BoxKit records what each registration's first creation resolves (its factory and its hooks), and
    /// what a failed resolve asked for in vain. So the graph shows what has run: resolve the services you
    /// want drawn first, or call ``verify()``, which resolves every registration.
    ///
    /// ```swift
    /// box.register(life: .permanent) { Engine() }
    /// box.register { r in Car(engine: r.resolve()) }
    /// _ = box.verify()
    /// print(box.dependencyGraph().mermaid)
    /// ```
    ///
    /// The nodes are the registrations of this box, then of its ancestors (those not shadowed by a nearer
    /// box), then every dependency that nothing provided. A factory whose resolves depend on the resolver it
    /// receives (a child box, say) records what it resolved the first time. An auto-registered initializer
    /// (``autoregister(_:as:key:life:)``) has its edges from the start: its parameter types.
    ///
    /// - Returns: The graph, with ``DependencyGraph/dot`` and ``DependencyGraph/mermaid`` renderings.
    /// - Complexity: O(*n* log *n*) in the registrations of this box and its ancestors, plus their recorded
    ///   dependencies; it lists registrations under each box's writer lock.
    public func dependencyGraph() -> DependencyGraph {
        var nodes: [DependencyGraph.Node] = []
        var edges: [DependencyGraph.Edge] = []
        var named: Set<String> = []
        var seenEdges: Set<DependencyGraph.Edge> = []
        var missing: [String] = []
        for registry in _lineage {
            for registration in registry.storage.registrations.sorted(by: { $0.sequence < $1.sequence })
            where named.insert(registration.graphName).inserted {
                nodes.append(DependencyGraph.Node(name: registration.graphName, life: registration.life))
                let declared = registration.declaredDependencies.map {
                    _Dependency(declared: $0, isRegistered: _isRegistered)
                }
                for dependency in declared + registration.recordedDependencies {
                    let edge = DependencyGraph.Edge(from: registration.graphName, to: dependency.graphName)
                    if seenEdges.insert(edge).inserted { edges.append(edge) }
                    if dependency.missing { missing.append(dependency.graphName) }
                }
            }
        }
        for name in missing where named.insert(name).inserted {
            nodes.append(DependencyGraph.Node(name: name, life: nil))
        }
        return DependencyGraph(nodes: nodes, edges: edges)
    }
}
