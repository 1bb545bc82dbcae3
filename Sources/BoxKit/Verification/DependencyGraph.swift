/// Which service resolved which, as recorded by a box: its nodes and edges, and renderings for Graphviz and
/// Mermaid.
///
/// Get one from ``Box/dependencyGraph()``, after resolving (or ``Box/verify()``-ing) what you want drawn:
///
/// ```swift
/// _ = box.verify()
/// let graph = box.dependencyGraph()
/// print(graph.dot)       // paste into Graphviz: dot -Tsvg
/// print(graph.mermaid)   // paste into a Markdown file that renders Mermaid
/// ```
public struct DependencyGraph: Sendable, Equatable, CustomStringConvertible {
    /// A service in the graph: a registration, or a dependency nothing provides.
    public struct Node: Sendable, Hashable {
        /// The service as BoxKit's messages name it: `MyApp.Car` or `MyApp.Car[key: "BMW"]`.
        public let name: String
        /// The registration's lifetime; `nil` when nothing is registered for the service.
        public let life: LifeType?

        /// Whether a factory asked for this service and nothing was registered for it.
        public var isMissing: Bool { life == nil }

        /// Creates a node.
        ///
        /// - Parameters:
        ///   - name: The service's name.
        ///   - life: Its lifetime, or `nil` when nothing provides it.
        public init(name: String, life: LifeType?) {
            self.name = name
            self.life = life
        }
    }

    /// A dependency: creating `from` resolved `to`.
    public struct Edge: Sendable, Hashable {
        /// The name of the service whose factory (or hook) resolved the other.
        public let from: String
        /// The name of the service it resolved.
        public let to: String

        /// Creates an edge.
        ///
        /// - Parameters:
        ///   - from: The name of the service that resolved the other.
        ///   - to: The name of the service it resolved.
        public init(from: String, to: String) {
            self.from = from
            self.to = to
        }
    }

    /// Every registration the box can reach, then every missing dependency, each once.
    public let nodes: [Node]
    /// Every recorded dependency, in the order recorded per registration, each once.
    public let edges: [Edge]

    /// Creates a graph.
    ///
    /// - Parameters:
    ///   - nodes: The services.
    ///   - edges: The dependencies between them.
    public init(nodes: [Node], edges: [Edge]) {
        self.nodes = nodes
        self.edges = edges
    }

    /// The graph as Graphviz DOT text: boxes labelled with name and lifetime, missing services dashed and
    /// red.
    ///
    /// ```
    /// digraph BoxKit {
    ///     rankdir=LR;
    ///     node [shape=box];
    ///     "MyApp.Car" [label="MyApp.Car\n(transient)"];
    ///     "MyApp.Engine" [label="MyApp.Engine\n(permanent)"];
    ///     "MyApp.Car" -> "MyApp.Engine";
    /// }
    /// ```
    public var dot: String {
        var lines = ["digraph BoxKit {", "    rankdir=LR;", "    node [shape=box];"]
        for node in nodes {
            let name = Self.dotQuoted(node.name)
            if let life = node.life {
                lines.append("    \(name) [label=\(Self.dotQuoted("\(node.name)\n(\(life))"))];")
            } else {
                let label = Self.dotQuoted("\(node.name)\n(missing)")
                lines.append("    \(name) [label=\(label), style=dashed, color=red];")
            }
        }
        for edge in edges { lines.append("    \(Self.dotQuoted(edge.from)) -> \(Self.dotQuoted(edge.to));") }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The graph as a Mermaid flowchart: nodes labelled with name and lifetime, missing services styled as
    /// such.
    ///
    /// ```
    /// flowchart LR
    ///     n0["MyApp.Car (transient)"]
    ///     n1["MyApp.Engine (permanent)"]
    ///     n0 --> n1
    /// ```
    public var mermaid: String {
        var ids: [String: String] = [:]
        var lines = ["flowchart LR"]
        for (index, node) in nodes.enumerated() {
            ids[node.name] = "n\(index)"
            let label = Self.mermaidQuoted("\(node.name) (\(node.life.map(\.description) ?? "missing"))")
            lines.append("    n\(index)[\(label)]")
        }
        for edge in edges {
            guard let from = ids[edge.from], let to = ids[edge.to] else { continue }
            lines.append("    \(from) --> \(to)")
        }
        let missing = nodes.indices.filter { nodes[$0].isMissing }.map { "n\($0)" }
        if !missing.isEmpty {
            lines.append("    classDef missing stroke:#d00,stroke-dasharray:4")
            lines.append("    class \(missing.joined(separator: ",")) missing")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The DOT text.
    public var description: String { dot }

    /// A DOT string literal: quotes and backslashes escaped, line breaks as `\n`.
    static func dotQuoted(_ text: String) -> String {
        quoted(text) { ["\"": "\\\"", "\\": "\\\\", "\n": "\\n"][$0] }
    }

    /// A Mermaid quoted label: quotes as the `#quot;` entity (Mermaid has no backslash escapes), and the
    /// entity introducer `#` itself escaped.
    static func mermaidQuoted(_ text: String) -> String {
        quoted(text) { ["\"": "#quot;", "#": "#35;"][$0] }
    }

    /// `text` in double quotes, each character that `escape` maps replaced by what it maps to.
    private static func quoted(_ text: String, escape: (Character) -> String?) -> String {
        var quoted = "\""
        for character in text {
            if let escaped = escape(character) { quoted += escaped } else { quoted.append(character) }
        }
        return quoted + "\""
    }
}
