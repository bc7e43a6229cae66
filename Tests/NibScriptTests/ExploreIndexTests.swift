import Foundation
import XCTest
@testable import NibScript
@testable import CocoaSimulator
@testable import NibScriptInterpreter
@testable import NibScriptExplore
@testable import NibScriptReports
@testable import NibAudit
@testable import NibScriptCommandLine
import NibScriptSyntax
import OwnershipEngine

/// What explore keeps as indexes instead of scanning at each statement: which container
/// holds a controller, whether a view is in the window, and the digests of the state hash.
/// At every run-loop turn of every scenario of the examples, each must agree with a scan.
final class ExploreIndexTests: XCTestCase {
    /// The scan `container(of:)` replaced: the first live, visible object, in id order, whose
    /// viewControllers list holds `c`.
    private func scannedContainer(_ run: ScenarioRun, _ c: ObjectID) -> ObjectID? {
        for o in run.engine.liveVisibleObjects {
            guard let slot = run.runtimeClass(of: o).list("viewControllers") else { continue }
            if run.engine.list(SlotRef(o, slot)).contains(c) { return o }
        }
        return nil
    }

    /// The walk `isInWindow` replaced: down from the key window through live views' subviews.
    private func scannedInWindow(_ run: ScenarioRun, _ view: ObjectID) -> Bool {
        guard let w = run.controllers.keyWindow, run.engine.isAlive(w) else { return false }
        var work = [w]
        var seen = Set<ObjectID>()
        while let v = work.popLast() {
            if v == view { return true }
            guard seen.insert(v).inserted, let r = run.subviewsRef(v) else { continue }
            work += run.engine.list(r)
        }
        return false
    }

    private func check(_ run: ScenarioRun, _ where_: String) -> Int {
        let e = run.engine
        let d = e.stateDigests
        XCTAssertEqual(d.kept, d.computed, "engine digest, \(where_)")
        let c = run.controllers
        XCTAssertEqual(c.appearance.digest, c.appearance.computedDigest, where_)
        XCTAssertEqual(c.viewObjects.digest, c.viewObjects.computedDigest, where_)
        XCTAssertEqual(c.trackedKeys.digest, c.trackedKeys.computedDigest, where_)
        XCTAssertEqual(c.selectedTab.digest, c.selectedTab.computedDigest, where_)
        XCTAssertEqual(c.everLoaded.digest, c.everLoaded.computedDigest, where_)
        XCTAssertEqual(c.macShown.digest, c.macShown.computedDigest, where_)
        XCTAssertEqual(run.nibNames.digest, run.nibNames.computedDigest, where_)
        XCTAssertEqual(run.sceneViewNibs.digest, run.sceneViewNibs.computedDigest, where_)
        var checked = 0
        for o in e.allObjects {
            XCTAssertEqual(run.world.container(of: o), scannedContainer(run, o), "container of \(o), \(where_)")
            XCTAssertEqual(run.isInWindow(o), scannedInWindow(run, o), "\(o) in the window, \(where_)")
            checked += 1
        }
        return checked
    }

    func testIndexesAgreeWithScansAtEveryTurnOfTheExamples() throws {
        let root = GoldenFileTests.root + "/examples"
        let paths = try XCTUnwrap(FileManager.default.subpathsOfDirectory(atPath: root))
            .filter { $0.hasSuffix(".nibscript") }.sorted()
        var scenarios = 0, checked = 0
        var sources = paths.map { path in (path, SourceFile(path: path, bytes: [UInt8](FileManager.default.contents(atPath: root + "/" + path) ?? Data()))) }
        sources.append(("bench", SourceFile(path: "<bench>", bytes: Array(ExploreBench.script(size: 8).utf8))))
        for (path, file) in sources {
            let (program, _) = Compiler.compile(file)
            guard let program else { continue }
            for s in program.scenarios {
                // The original run, and on iOS runs with a warning at an early decision point
                // (views unload, and reload as later commands need them), checked at every turn after it.
                let variants: [[Explore.Deviation]] = program.config.isIOS
                    ? [[], [Explore.Deviation(point: 1, option: 1)], [Explore.Deviation(point: 4, option: 1)]] : [[]]
                for deviations in variants {
                    let d = VariantDriver(budget: 2, reads: HistoryReads(s.body), seen: [:], base: [:])
                    d.replay = deviations
                    d.exploreAfterReplay = true
                    let run = ScenarioRun(program: program, scenario: s, config: program.config)
                    run.engine.maintainsStateDigest = true
                    let name = "\(path) \"\(s.title)\" \(deviations.map(\.point))"
                    var turn = 0
                    // Asked at the turns of the run loop whose node is looked up on all cores
                    // (a quarter, and the first after a deviation); nothing is seen, so the
                    // run goes on.
                    d.lookup = { (_: Explore.NodeKey, _: Int, _: Bool) -> UInt8? in
                        turn += 1
                        checked += self.check(run, "\(name) turn \(turn)")
                        return nil
                    }
                    run.runExplored(d)
                    checked += check(run, "\(name) at the end")
                }
                scenarios += 1
            }
        }
        XCTAssertGreaterThan(scenarios, 40)
        XCTAssertGreaterThan(checked, 1000)
    }
}
