import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator
import NibScriptInterpreter
import NibScriptExplore

/// The objects of a scenario at one moment and the references between them: what
/// `nibscript graph` draws. Built from the engine's public state and the run's roots, leaks
/// and abandoned objects; rendered by `GraphDOT` and `GraphSVG`. Everything is sorted, so
/// the same script gives the same graph on every run.
public struct ObjectGraph: Equatable {
    public enum NodeKind: String, Equatable {
        /// The scenario's variables (a hidden frame in the engine).
        case variables
        /// An autorelease pool with pending releases.
        case pool
        case object
    }

    /// How a node stands out. An object may be a root and abandoned, never a root and leaked.
    public struct Marks: OptionSet, Equatable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// A root of the leak search: the variables, the application, a window, a navigation
        /// stack, a pool.
        public static let root = Marks(rawValue: 1)
        /// Alive, and no root reaches it through owning references.
        public static let leaked = Marks(rawValue: 2)
        /// Alive and reachable only through controllers whose view is unloaded (O9, V7).
        public static let abandoned = Marks(rawValue: 4)
        /// Deallocated, but a reference still points at it.
        public static let deallocated = Marks(rawValue: 8)

        /// The marks' names in a fixed order: `root leaked abandoned deallocated`.
        public var names: [String] {
            [(Marks.root, "root"), (.leaked, "leaked"), (.abandoned, "abandoned"), (.deallocated, "deallocated")]
                .filter { contains($0.0) }.map(\.1)
        }
    }

    public struct Node: Equatable {
        /// A stable identifier: `vars`, `pool0`, `o12` (the engine's object id).
        public var id: String
        public var kind: NodeKind
        /// `UILabel`, or empty for the variables and pools.
        public var className: String
        /// The object's name and number (`title#3`), `scenario variables`, `autorelease pool 0`.
        public var name: String
        /// The retain count (nil for variables and pools, 0 once deallocated).
        public var count: Int?
        public var marks: Marks
        /// Why it is a root, when it is one: `variables`, `application`, `window or stack`, `pool`.
        public var rootReason: String?
        /// For a deallocated object: the line of its dealloc.
        public var deallocLine: Int?
    }

    public enum EdgeKind: String, Equatable, CaseIterable {
        /// An owning reference: a retain or copy property, a strong reference, an MRC
        /// variable that took over a +1.
        case strong
        /// A reference that owns nothing: an assign property, an MRC ivar or variable.
        case assign
        /// A zeroing weak reference.
        case weak
        /// An ivar that manages no memory by itself (an MRC ivar, an assign property's ivar)
        /// but holds a +1: Key-Value Coding's ivar path retained into it (N7), or it took
        /// over the +1 of a `new`.
        case retainedIvar = "retained-ivar"
        /// An element of a view's `subviews`.
        case subview
        /// An element of any other owned list (a navigation stack, an array, top-level objects).
        case list
        /// An object a holder keeps at +1 without a slot (File's Owner's top-level objects on
        /// the Mac, the main nib's objects kept by the application).
        case adopted
        /// A pending release in an autorelease pool.
        case pool
    }

    /// How a kind reads in a label.
    public static func label(_ k: EdgeKind) -> String {
        switch k {
        case .retainedIvar: return "retained ivar"
        case .adopted: return "kept at +1"
        case .pool: return "autorelease pool entry"
        default: return k.rawValue
        }
    }

    public struct Edge: Equatable {
        public var from: String
        public var to: String
        /// The slot's name (`label`, `subviews[0]`), or `pending ×2` for a pool entry.
        public var slot: String
        public var kind: EdgeKind
        /// How many +1s the reference owns.
        public var claims: Int
        /// The target is deallocated: the reference dangles.
        public var dangling: Bool
    }


    public var title: String
    public var file: String
    public var configuration: Configuration
    /// The last line that ran (nil: the end of the scenario).
    public var afterLine: Int?
    /// A crash stopped the run before that point.
    public var crash: String?
    public var nodes: [Node]
    public var edges: [Edge]
}

extension ScenarioRun {
    /// The graph of the engine's state now, after `run()`.
    package func objectGraph() -> ObjectGraph { objectGraph(leaked: Set(leakedObjects()), abandoned: Set(abandonedObjects()), only: nil) }

    /// The graph of the objects in `only` (all when nil), the variables and the pools that
    /// hold them, and the references between them (GraphFocus.swift chooses `only`).
    package func objectGraph(leaked: Set<ObjectID>, abandoned: Set<ObjectID>, only: Set<ObjectID>?) -> ObjectGraph {
        let e = engine
        func wanted(_ o: ObjectID) -> Bool { only?.contains(o) ?? true }
        var rootReasons: [ObjectID: String] = [:]
        for r in extraRoots where rootReasons[r] == nil { rootReasons[r] = "window or stack" }
        if let a = application { rootReasons[a] = "application" }
        let frame = scenarioFrame.object

        func id(_ o: ObjectID) -> String { o == frame ? "vars" : "o\(o.raw)" }
        // Objects drawn: the variables, every live visible object, and deallocated objects
        // something drawn still points at (added as the edges find them).
        var drawn = only.map { $0.filter { e.isAlive($0) && !e.isHidden($0) }.sorted() }
            ?? (0..<e.objectCount).map { ObjectID(Int32($0)) }.filter { e.isAlive($0) && !e.isHidden($0) }
        var deallocatedTargets = Set<ObjectID>()
        var edges: [ObjectGraph.Edge] = []
        for o in [frame] + drawn {
            let cls = e.classOf(o)
            for (k, info) in e.slots(of: cls).enumerated() {
                let r = SlotRef(o, k)
                if info.isList {
                    for (i, t) in e.list(r).enumerated() where wanted(t) {
                        edges.append(.init(from: id(o), to: id(t), slot: "\(info.name)[\(i)]",
                                           kind: info.name == "subviews" ? .subview : .list, claims: 1,
                                           dangling: !e.isAlive(t)))
                        if !e.isAlive(t) { deallocatedTargets.insert(t) }
                    }
                    continue
                }
                guard let t = e.read(r), wanted(t) else { continue }
                let claims = e.claims(r)
                edges.append(.init(from: id(o), to: id(t), slot: o == frame ? info.name : slotName(o, k),
                                   kind: edgeKind(o, k, claims: claims, isVariable: o == frame), claims: claims,
                                   dangling: !e.isAlive(t)))
                if !e.isAlive(t) { deallocatedTargets.insert(t) }
            }
            for t in e.adoptedObjects(o) where wanted(t) {
                edges.append(.init(from: id(o), to: id(t), slot: "adopted", kind: .adopted, claims: 1,
                                   dangling: !e.isAlive(t)))
                if !e.isAlive(t) { deallocatedTargets.insert(t) }
            }
        }
        drawn += deallocatedTargets.filter { !e.isHidden($0) }
        drawn.sort()
        // Pools with pending releases, one edge per object with how many releases it awaits.
        var poolNodes: [ObjectGraph.Node] = []
        for p in 0..<e.poolDepth {
            let pending = e.pendingReleases(inPool: p).filter(wanted)
            guard !pending.isEmpty else { continue }
            poolNodes.append(.init(id: "pool\(p)", kind: .pool, className: "", name: "autorelease pool \(p)",
                                   count: nil, marks: .root, rootReason: "pool", deallocLine: nil))
            var times: [ObjectID: Int] = [:]
            for o in pending { times[o, default: 0] += 1 }
            for (o, n) in times.sorted(by: { $0.key < $1.key }) {
                edges.append(.init(from: "pool\(p)", to: id(o), slot: n == 1 ? "pending" : "pending ×\(n)",
                                   kind: .pool, claims: n, dangling: !e.isAlive(o)))
            }
        }
        var nodes = [ObjectGraph.Node(id: "vars", kind: .variables, className: "", name: "scenario variables",
                                      count: nil, marks: .root, rootReason: "variables", deallocLine: nil)]
        nodes += poolNodes
        for o in drawn {
            var marks: ObjectGraph.Marks = []
            if rootReasons[o] != nil { marks.insert(.root) }
            if leaked.contains(o) { marks.insert(.leaked) }
            if abandoned.contains(o) { marks.insert(.abandoned) }
            let alive = e.isAlive(o)
            if !alive { marks.insert(.deallocated) }
            nodes.append(.init(id: id(o), kind: .object, className: e.className(e.classOf(o)),
                               name: "\(e.name(o))#\(e.number(o))", count: alive ? e.count(o) : 0, marks: marks,
                               rootReason: rootReasons[o], deallocLine: alive ? nil : deallocLine(o)))
        }
        // Edges in node order, then in the order of the holder's slots (as built).
        let order = Dictionary(uniqueKeysWithValues: nodes.enumerated().map { ($1.id, $0) })
        let sortedEdges = edges.enumerated().sorted { a, b in
            let (fa, fb) = (order[a.element.from] ?? 0, order[b.element.from] ?? 0)
            return fa != fb ? fa < fb : a.offset < b.offset
        }.map(\.element)
        return ObjectGraph(title: scenario.title, file: file.path, configuration: config,
                           afterLine: stopped ? stopAfterLine : nil,
                           crash: engine.crash.map { "line \(crashLine ?? 0): \($0.message)" },
                           nodes: nodes, edges: sortedEdges)
    }

    /// A property's name where it differs from its ivar's (`rootViewController`, not `_rootViewController`).
    private func slotName(_ o: ObjectID, _ k: Int) -> String {
        let slot = engine.slots(of: engine.classOf(o))[k].name
        guard let cls = classes[engine.className(engine.classOf(o))] else { return slot }
        if let p = cls.ancestors.lazy.compactMap({ $0.properties.first { $0.slot == k } }).first { return p.name }
        return slot
    }

    /// What kind of reference slot `k` of `o` is, from what it owns now and how it is declared.
    private func edgeKind(_ o: ObjectID, _ k: Int, claims: Int, isVariable: Bool) -> ObjectGraph.EdgeKind {
        if isVariable { return claims > 0 ? .strong : .assign }
        guard let cls = classes[engine.className(engine.classOf(o))] else { return claims > 0 ? .strong : .assign }
        let property = cls.ancestors.lazy.compactMap { $0.properties.first { $0.slot == k } }.first
        let ivar = cls.ancestors.lazy.compactMap { $0.ivars.first { $0.slot == k } }.first
        let declared = property?.ownership ?? ivar?.ownership ?? (claims > 0 ? .strong : .assign)
        // An ARC ivar that backs a property has the property's ownership.
        let ownership = (property == nil && ivar?.backsProperty != nil) ? (cls.property(ivar!.backsProperty!)?.ownership ?? declared) : declared
        switch ownership {
        case .weak: return .weak
        case .strong, .copy: return claims > 0 ? .strong : .assign
        case .assign, .none: return claims > 0 ? .retainedIvar : .assign
        }
    }
}
