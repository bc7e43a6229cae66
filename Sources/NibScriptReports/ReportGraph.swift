import OwnershipEngine
import CocoaSimulator
import NibScriptInterpreter
import NibScriptExplore

/// The plug-in point for the object graph `report` shows beside a line: given a running
/// scenario between two statements and the names its expectations mention (drawn first in a
/// large graph), an `<svg>` element of its objects as they stand. Each
/// object is drawn as an element with `class="node object …"` (what the report's tests
/// count; Graphviz's SVG does the same).
package typealias ObjectGraphRenderer = (_ run: ScenarioRun, _ named: Set<String>) -> String

/// The report's graph: `nibscript graph`'s own picture (`GraphSVG`, one renderer for both,
/// issue 28 item 2), narrower to fit the report's side panel at its natural size (text stays
/// 12 px: the panel scrolls rather than shrinks it), without the caption the panel has, and
/// past `ObjectGraph.reportLimit` objects the part around the objects that matter.
package enum ReportGraph {
    /// The drawing's width at most; the panel is as wide (HTMLReport's CSS).
    package static let maxWidth = 500.0

    package static func svg(of run: ScenarioRun, named: Set<String>) -> String {
        let (g, note) = run.objectGraph(limit: ObjectGraph.reportLimit, named: named)
        let alive = note == nil ? g.nodes.filter { $0.kind == .object && !$0.marks.contains(.deallocated) }.count : run.engine.liveVisibleObjects.count
        return GraphSVG.render(g, GraphLayout.Options(maxWidth: maxWidth, caption: false), standalone: false, note: note, alive: alive)
    }
}
