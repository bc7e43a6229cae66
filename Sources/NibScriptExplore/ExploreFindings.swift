import Dispatch
import Foundation
import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator
import NibScriptInterpreter

extension Explore {
    // MARK: Findings

    /// The best variant found so far for each new outcome. Only these are kept: a finished
    /// variant leaves nothing else behind, so memory is bounded by the findings and the frontier.
    package struct FindingCollector {
        package struct Candidate {
            var key: String
            var deviations: [Deviation]
            var steps: Int
            var warnings: Int
            var variantIndex: Int
            var order: (Int, Int, Int) { (steps, warnings, variantIndex) }
        }
        var original = Outcome()
        var best: [String: Candidate] = [:]
        var order: [String] = []

        mutating func add(_ o: Outcome, of r: RunResult, index: Int) {
            guard index > 0, let (key, _, _) = Explore.newOutcome(o, base: original) else { return }
            add(Candidate(key: key, deviations: r.deviations, steps: r.steps, warnings: r.warningsUsed, variantIndex: index))
        }

        mutating func add(_ c: Candidate) {
            if let old = best[c.key] {
                if c.order < old.order { best[c.key] = c }
            } else {
                best[c.key] = c
                order.append(c.key)
            }
        }

        /// The findings in report order.
        var chosen: [Candidate] { order.map { best[$0]! }.sorted { $0.order < $1.order } }
    }

    /// Runs a variant from the start with its path recorded as steps (the only place a
    /// path's text is built), and its outcome.
    package static func render(_ deviations: [Deviation], program: Program, scenario: ScenarioDecl, budget: Int,
                       reads: HistoryReads) -> ([Step], Outcome) {
        let d = VariantDriver(budget: budget, reads: reads, seen: [:], base: [:])
        d.replay = deviations
        d.steps = []
        let run = ScenarioRun(program: program, scenario: scenario, config: program.config)
        run.runExplored(d)
        return (d.steps ?? [], run.exploreOutcome())
    }

    /// What is new in outcome `o` compared with the original's: (key, summary, details), or
    /// nil when nothing is.
    package static func newOutcome(_ o: Outcome, base: Outcome) -> (String, String, [String])? {
        let baseFailed = Set(base.failed.map(\.line))
        let baseLeaks = Set(base.leaks)
        let baseErrors = Set(base.errors)
        var details: [String] = []
        if let c = o.crash, base.crash.map({ $0.line != c.line || $0.message != c.message }) ?? true {
            if !o.zombies.isEmpty { details.append("zombie message to " + o.zombies.joined(separator: ", ")) }
            return ("crash|\(c.line)|\(c.message)", "crash at line \(c.line): \(c.message)", details)
        }
        if o.crash != nil { return nil }   // the original's own crash
        var atoms: [String] = []
        let leaks = o.leaks.filter { !baseLeaks.contains($0) }
        if !leaks.isEmpty { atoms.append("leak|" + leaks.joined(separator: ",")); details.append("leaks " + leaks.joined(separator: ", ")) }
        for f in o.failed where !baseFailed.contains(f.line) {
            atoms.append("fail|\(f.line)")
            details.append("line \(f.line): \(f.text) fails" + (f.detail.map { " — " + $0 } ?? ""))
        }
        for e in o.errors where !baseErrors.contains(e) { atoms.append("error|" + e); details.append("error: " + e) }
        if atoms.isEmpty { return nil }
        var kinds: [String] = []
        if !leaks.isEmpty { kinds.append("new leak") }
        if o.failed.contains(where: { !baseFailed.contains($0.line) }) { kinds.append("failed expectation") }
        if o.errors.contains(where: { !baseErrors.contains($0) }) { kinds.append("error") }
        return (atoms.joined(separator: " "), kinds.joined(separator: ", "), details)
    }
}
