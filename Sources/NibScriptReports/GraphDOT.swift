import CocoaSimulator
import NibScriptInterpreter
import NibScriptExplore
/// An object graph as Graphviz DOT. Nodes are labelled `Class name#n` and `count N`; edges
/// with the slot and its kind. Roots have a double border, leaked objects are red, abandoned
/// ones orange, deallocated ones grey and dashed, dangling references red and dashed. Each
/// node and edge also carries `class="…"` (its kind and marks), which Graphviz copies into
/// SVG output and which tools can read back.
public enum GraphDOT {
    public static func render(_ g: ObjectGraph) -> String { render(g, note: nil) }

    /// `note`: what a focused graph (`ObjectGraph.focused`) left out, under the caption.
    package static func render(_ g: ObjectGraph, note: String?) -> String {
        var out = "digraph \(quote(g.title)) {\n"
        out += "  graph [rankdir=TB, labelloc=t, fontname=\"Helvetica\", label=\(quote(caption(g) + (note.map { "\n" + $0 } ?? "")))];\n"
        out += "  node [shape=box, style=\"rounded\", fontname=\"Helvetica\", fontsize=11];\n"
        out += "  edge [fontname=\"Helvetica\", fontsize=9];\n"
        for n in g.nodes {
            out += "  \(n.id) [\(attributes(node: n).map { "\($0.0)=\($0.1)" }.joined(separator: ", "))];\n"
        }
        for e in g.edges {
            out += "  \(e.from) -> \(e.to) [\(attributes(edge: e).map { "\($0.0)=\($0.1)" }.joined(separator: ", "))];\n"
        }
        out += "}\n"
        return out
    }

    /// `file: scenario "title" (ios 5.1, mrc), after line 12`.
    public static func caption(_ g: ObjectGraph) -> String {
        var s = "\(g.file): scenario \"\(g.title)\" (\(g.configuration)), "
        s += g.afterLine.map { "after line \($0)" } ?? "at its end"
        if let c = g.crash { s += "; crashed at \(c)" }
        return s
    }

    /// The lines of a node's label.
    public static func labelLines(_ n: ObjectGraph.Node) -> [String] {
        switch n.kind {
        case .variables, .pool: return [n.name]
        case .object:
            var lines = ["\(n.className) \(n.name)"]
            if n.marks.contains(.deallocated) {
                lines.append("DEALLOCATED" + (n.deallocLine.map { " at line \($0)" } ?? ""))
            } else {
                lines.append("count \(n.count ?? 0)")
            }
            if n.marks.contains(.leaked) { lines.append("LEAKED") }
            if n.marks.contains(.abandoned) { lines.append("ABANDONED") }
            if let r = n.rootReason { lines.append("root: \(r)") }
            return lines
        }
    }

    /// The lines of an edge's label: the slot, then the kind (with the claims it owns past one).
    public static func labelLines(_ e: ObjectGraph.Edge) -> [String] {
        var kind = ObjectGraph.label(e.kind)
        if e.claims > 1 && e.kind != .pool { kind += " +\(e.claims)" }
        if e.dangling { kind += ", DANGLING" }
        return e.kind == .pool ? [e.slot] : [e.slot, kind]
    }

    /// The CSS-like classes of a node: its kind, then its marks.
    public static func classes(_ n: ObjectGraph.Node) -> String {
        ([n.kind.rawValue] + n.marks.names).joined(separator: " ")
    }

    public static func classes(_ e: ObjectGraph.Edge) -> String {
        ([e.kind.rawValue] + (e.dangling ? ["dangling"] : [])).joined(separator: " ")
    }

    package static func attributes(node n: ObjectGraph.Node) -> [(String, String)] {
        var a: [(String, String)] = [("label", quote(labelLines(n).joined(separator: "\n"))), ("class", quote(classes(n)))]
        var style = ["rounded"]
        switch n.kind {
        case .variables: a.append(("shape", "folder"))
        case .pool: a.append(("shape", "cylinder"))
        case .object: break
        }
        if n.marks.contains(.root) { a.append(("peripheries", "2")); a.append(("penwidth", "1.5")) }
        if n.marks.contains(.leaked) {
            style.append("filled"); a.append(("color", "red")); a.append(("fillcolor", quote("#ffe0e0")))
            a.append(("fontcolor", "red"))
        } else if n.marks.contains(.abandoned) {
            style.append("filled"); a.append(("color", "darkorange")); a.append(("fillcolor", quote("#fff0d0")))
        } else if n.marks.contains(.deallocated) {
            style.append("dashed"); a.append(("color", "gray50")); a.append(("fontcolor", "gray50"))
        }
        a.insert(("style", quote(style.joined(separator: ","))), at: 1)
        return a
    }

    package static func attributes(edge e: ObjectGraph.Edge) -> [(String, String)] {
        var a: [(String, String)] = [("label", quote(labelLines(e).joined(separator: "\n"))), ("class", quote(classes(e)))]
        switch e.kind {
        case .strong: a.append(("penwidth", "2"))
        case .assign: a.append(("style", "dashed"))
        case .weak: a.append(("style", "dotted"))
        case .retainedIvar: a.append(("penwidth", "2")); a.append(("color", "blue"))
        case .subview, .list, .adopted: break
        case .pool: a.append(("style", "dashed")); a.append(("color", "gray50"))
        }
        if e.dangling {
            a.removeAll { $0.0 == "color" || $0.0 == "style" }
            a.append(("color", "red")); a.append(("fontcolor", "red")); a.append(("style", "dashed"))
        }
        return a
    }

    /// A DOT string: quotes, backslashes and line breaks escaped (`\n` centres a line), other
    /// control characters made visible (`\\u{1B}`: Graphviz shows the backslash). By Unicode
    /// scalars, not characters: a `"` joined to its neighbour in one grapheme cluster (a U+0600
    /// before it, a U+0301 after it) is still a quote to Graphviz, which reads bytes.
    package static func quote(_ s: String) -> String {
        var out = "\""
        out.reserveCapacity(s.utf8.count + 2)
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default:
                if VisibleText.isHidden(u.value) { out += "\\" + VisibleText.escape(u.value) } else { out.unicodeScalars.append(u) }
            }
        }
        return out + "\""
    }
}
