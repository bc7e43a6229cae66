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
import TestSupport

/// `nibscript explore`: the 001 crash and its path, nothing with the KVC cleanup, pruning,
/// determinism, `choose`, JSON.
final class ExploreTests: XCTestCase {
    static let root = GoldenFileTests.root

    func explore(_ path: String, warnings: Int = 1, parallel: Bool = true) throws -> Explore.Result {
        let file = SourceFile(path: path, bytes: [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: Self.root + "/" + path))))
        return try explore(file, warnings: warnings, parallel: parallel)
    }

    func explore(_ file: SourceFile, warnings: Int = 1, parallel: Bool = true) throws -> Explore.Result {
        let (program, ds) = Compiler.compile(file)
        let p = try XCTUnwrap(program, ds.map(\.message).joined(separator: "; "))
        var o = Explore.Options()
        o.warnings = warnings
        o.parallel = parallel
        return Explore.explore(p, options: o)
    }

    func testFindsTheAssignOutletCrashWithItsPath() throws {
        let r = try explore("examples/explore/assign-outlet.nibscript")
        let s = r.scenarios[0]
        XCTAssertNil(s.original.crash)
        XCTAssertEqual(s.findings.count, 1)
        let f = s.findings[0]
        XCTAssertEqual(f.summary, "crash at line 52: *** -[UIButton setHidden:]: message sent to deallocated instance")
        let expected: [Explore.Step] = [
            .warning(afterLine: 50),
            .statement(line: 51, text: "release b"),
            .statement(line: 52, text: "send a.button setHidden:"),
        ]
        XCTAssertEqual(Array(f.steps.dropFirst(f.sharedPrefix)), expected)
        XCTAssertEqual(f.sharedPrefix, 7)
        XCTAssertEqual(r.status, 1)
    }

    func testFindsNothingWithTheKVCCleanup() throws {
        for k in [1, 2] {
            let r = try explore("examples/explore/assign-outlet-kvc-cleanup.nibscript", warnings: k)
            XCTAssertEqual(r.scenarios[0].findings.count, 0, "k=\(k)")
            XCTAssertEqual(r.status, 0)
            XCTAssertGreaterThan(r.scenarios[0].variants, 1)
        }
    }

    func testPruningCountsAndTheirInvariants() throws {
        let r = try explore("examples/explore/assign-outlet.nibscript")
        let s = r.scenarios[0]
        // 5 run-loop turns, one after each command and at the end (O3: a command ends its
        // event after it runs, not before): the original run plus one variant per turn.
        XCTAssertEqual(s.variants, 6)
        XCTAssertEqual(s.pruned, 4)
        XCTAssertEqual(s.states, 6)
        // More warnings never find fewer states; pruning keeps the search small.
        let r2 = try explore("examples/explore/assign-outlet.nibscript", warnings: 2)
        XCTAssertGreaterThanOrEqual(r2.scenarios[0].states, s.states)
        XCTAssertLessThan(r2.scenarios[0].variants, 10 * 10)
    }

    func testDeterministicAcrossRunsAndThreads() throws {
        let path = "examples/explore/choose-reuse-or-recreate.nibscript"
        let a = ExploreReport.text(try explore(path, warnings: 2), requested: 2)
        let b = ExploreReport.text(try explore(path, warnings: 2), requested: 2)
        let c = ExploreReport.text(try explore(path, warnings: 2, parallel: false), requested: 2)
        XCTAssertEqual(a, b)
        XCTAssertEqual(a, c)
    }

    /// Every example, explored on all cores, reports what one core does: with the first wave
    /// started while the original run runs (its children queued as it goes), and with so few
    /// snapshots that the original run thins them and queues the rest of its children at its
    /// end. (On a machine of one core both are the one-core search.)
    func testAllCoresReportWhatOneCoreDoesOnEveryExample() throws {
        let scripts = GoldenTests.scripts(under: Self.root + "/examples")
        XCTAssertGreaterThan(scripts.count, 20)
        for path in scripts {
            let file = SourceFile(path: path, bytes: [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: path))))
            guard let program = Compiler.compile(file).0 else { continue }
            assertAllCoresReportWhatOneCoreDoes(program, snapshots: [320, 2], path)
        }
        // The benchmark's script with more children of the original run than may start
        // before it ends (32 per worker), so it stops queueing them as it goes and queues the
        // rest at its end.
        // (About 1.5 variants per block since commands no longer open a turn before them.)
        let size = 24 * Explore.processors + 8
        let bench = SourceFile(path: "<bench>", bytes: Array(ExploreBench.script(size: size).utf8))
        let program = try XCTUnwrap(Compiler.compile(bench).0)
        var o = Explore.Options()
        o.warnings = 1
        XCTAssertGreaterThan(Explore.explore(program, options: o).scenarios[0].variants, 32 * Explore.processors + 1)
        assertAllCoresReportWhatOneCoreDoes(program, warnings: [1], snapshots: [320, 2], "bench \(size)")
    }

    /// Explores `program` with each number of warnings on one core, then on all cores with
    /// each number of snapshots, and compares the JSON reports; returns the one-core runs'
    /// pruned count.
    @discardableResult
    func assertAllCoresReportWhatOneCoreDoes(_ program: Program, warnings counts: [Int] = [1, 2], snapshots: [Int],
                                             _ what: String) -> Int {
        var pruned = 0
        for warnings in counts {
            var o = Explore.Options()
            o.warnings = warnings
            o.parallel = false
            let r = Explore.explore(program, options: o)
            pruned += r.scenarios.reduce(0) { $0 + $1.pruned }
            let one = ExploreReport.json(r, requested: warnings)
            o.parallel = true
            for forks in snapshots {
                o.maxForks = forks
                XCTAssertEqual(ExploreReport.json(Explore.explore(program, options: o), requested: warnings), one,
                               "\(what), \(warnings) warnings, \(forks) snapshots")
            }
        }
        return pruned
    }

    /// Generated scenarios whose variants do rejoin each other's states (a pop reloads the
    /// view a warning unloaded; a `choose` may end where its other branch does), explored on
    /// all cores and on one: the same report. The examples and the benchmark's script rarely
    /// let a running variant stop at a node an earlier one, still running, passes.
    func testAllCoresReportWhatOneCoreDoesOnGeneratedScenarios() throws {
        var rng = SplitMix64(state: 0x6578_706C_6F72_6521)
        XCTAssert(ExploreBench.script(size: 0).contains("    option cleanup kvc\n"), "half the scenarios go without it")
        var rejoined = 0
        for i in 0..<30 {
            let source = Self.generatedScenario(&rng)
            let file = SourceFile(path: "<generated \(i)>", bytes: Array(source.utf8))
            let (program, ds) = Compiler.compile(file)
            let p = try XCTUnwrap(program, "\(ds.map(\.message))\n\(source)")
            rejoined += assertAllCoresReportWhatOneCoreDoes(p, snapshots: [320, 3], source)
        }
        XCTAssertGreaterThan(rejoined, 30, "the generated scenarios should prune")
    }

    /// A scenario of pushes, pops, messages to the first controller's outlets and `choose`s
    /// over them, on the benchmark's controller class (an assign and a retained outlet), with
    /// or without its `cleanup kvc`.
    static func generatedScenario(_ rng: inout SplitMix64) -> String {
        // The benchmark's script without pushes, less its closing brace.
        var s = String(ExploreBench.script(size: 0).dropLast(2))
        if rng.chance(50) { s = s.replacingOccurrences(of: "    option cleanup kvc\n", with: "") }
        var depth = 1, made = 0
        func push() -> String {
            made += 1
            return "c\(made) = new A\n        push nav c\(made)\n        release c\(made)\n"
        }
        func send() -> String { rng.chance(50) ? "send first.button setHidden:\n" : "send first.label setHidden:\n" }
        for _ in 0..<(6 + rng.below(8)) {
            switch rng.below(4) {
            case 0:
                depth += 1
                s += "    " + push()
            case 1:
                if depth > 1 && rng.chance(50) { depth -= 1; s += "    pop nav\n" } else { s += "    " + send() }
            case 2: s += "    drain\n"
            default:
                // Each branch leaves the stack as it found it.
                func branch() -> String { rng.chance(50) ? push() + "        pop nav\n" : send() }
                s += "    choose {\n        " + branch() + "    } or {\n        " + branch() + "    }\n"
            }
        }
        return s + "}\n"
    }

    func testChooseBranchesAreExplored() throws {
        let text = """
        scenario "s" {
            o = new NSObject
            choose {
                release o
            } or {
                release o
                release o
            }
        }
        """
        let file = SourceFile(path: "c.nibscript", text: text)
        // `run` takes the first branch: no crash.
        XCTAssertEqual(Driver.runSource(file).status, 0)
        let r = try explore(file, warnings: 0)
        let f = try XCTUnwrap(r.scenarios[0].findings.first)
        XCTAssert(f.summary.hasPrefix("crash at line 7"), f.summary)
        XCTAssertEqual(f.steps.dropFirst(f.sharedPrefix).first, .branch(line: 3, index: 1, of: 2))
        XCTAssertEqual(r.scenarios[0].variants, 2)
    }

    func testMacScriptsGetNoWarnings() throws {
        let file = SourceFile(path: "m.nibscript", text: "platform mac 10.7\nscenario \"s\" {\n    o = new NSObject\n    release o\n}\n")
        let r = try explore(file, warnings: 2)
        XCTAssertEqual(r.warnings, 0)
        XCTAssertEqual(r.scenarios[0].variants, 1)
        XCTAssert(ExploreReport.text(r, requested: 2).contains("none on the Mac"))
    }

    func testJSONParsesWithTheDocumentedKeys() throws {
        let r = try explore("examples/explore/assign-outlet.nibscript")
        let json = ExploreReport.json(r, requested: 1)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual(Set(object.keys), ["command", "file", "configuration", "warnings", "scenarios", "totals", "status"])
        let scenarios = try XCTUnwrap(object["scenarios"] as? [[String: Any]])
        let outcomes = try XCTUnwrap(scenarios[0]["outcomes"] as? [[String: Any]])
        let steps = try XCTUnwrap(outcomes[0]["steps"] as? [[String: Any]])
        XCTAssertEqual(steps.map { $0["kind"] as? String }, ["memoryWarning", "statement", "statement"])
        XCTAssertEqual(steps.map { $0["line"] as? Int }, [50, 51, 52])
    }

    func testTheVariantLimitStopsTheSearchAndSaysSo() throws {
        let path = Self.root + "/examples/explore/assign-outlet.nibscript"
        let file = SourceFile(path: path, bytes: [UInt8](FileManager.default.contents(atPath: path)!))
        let (program, _) = Compiler.compile(file)
        var o = Explore.Options()
        o.maxVariants = 3
        let r = Explore.explore(try XCTUnwrap(program), options: o)
        XCTAssertEqual(r.scenarios[0].variants, 3)
        XCTAssertTrue(r.scenarios[0].truncated)
        let full = Explore.explore(try XCTUnwrap(program), options: Explore.Options())
        XCTAssertFalse(full.scenarios[0].truncated)
        XCTAssertGreaterThan(full.scenarios[0].variants, 3)
    }

    /// Cut in the first wave (the original run's children), in the second or not at all, a
    /// search on all cores reports what one on one core does.
    func testTheVariantLimitCutsAllCoresWhereOneCore() throws {
        let file = SourceFile(path: "<bench>", bytes: Array(ExploreBench.script(size: 12).utf8))
        let program = try XCTUnwrap(Compiler.compile(file).0)
        var o = Explore.Options()
        o.warnings = 2
        let whole = Explore.explore(program, options: o).scenarios[0]
        XCTAssertGreaterThan(whole.variants, 100)
        for limit in [2, 10, 40, 100, whole.variants] {
            o.maxVariants = limit
            o.parallel = false
            let one = ExploreReport.json(Explore.explore(program, options: o), requested: 2)
            o.parallel = true
            XCTAssertEqual(ExploreReport.json(Explore.explore(program, options: o), requested: 2), one, "limit \(limit)")
        }
    }

    /// The limit is for the whole run, not for each scenario (issue 14): two scenarios with
    /// a limit of 8 run 8 variants in all, and the second says it was stopped.
    func testTheVariantLimitIsPerRun() throws {
        let path = Self.root + "/examples/explore/assign-outlet.nibscript"
        let text = String(decoding: try XCTUnwrap(FileManager.default.contents(atPath: path)), as: UTF8.self)
        let scenario = try XCTUnwrap(text.range(of: "scenario \""))
        let twice = text + "\n" + text[scenario.lowerBound...].replacingOccurrences(of: "scenario \"", with: "scenario \"again: ")
        let (program, ds) = Compiler.compile(SourceFile(path: "twice.nibscript", text: twice))
        let p = try XCTUnwrap(program, ds.map(\.message).joined(separator: "; "))
        XCTAssertEqual(p.scenarios.count, 2)
        var o = Explore.Options()
        o.maxVariants = 8
        let r = Explore.explore(p, options: o)
        XCTAssertEqual(r.scenarios.map(\.variants), [6, 2])
        XCTAssertEqual(r.scenarios.map(\.truncated), [false, true])
        XCTAssertEqual(r.scenarios[0].findings.count, 1)
    }

    /// Forked variants behave as full replays: each finding's path, replayed from the start,
    /// has as many steps as the forked run counted, in every mode.
    func testForkedRunsMatchReplays() throws {
        for size in [6, 12] {
            let file = SourceFile(path: "<bench>", bytes: Array(ExploreBench.script(size: size).utf8))
            let one = ExploreReport.text(try explore(file, warnings: 2, parallel: false), requested: 2)
            for _ in 0..<3 { XCTAssertEqual(ExploreReport.text(try explore(file, warnings: 2, parallel: true), requested: 2), one) }
        }
        let r = try explore("examples/explore/choose-reuse-or-recreate.nibscript", warnings: 2)
        for f in r.scenarios[0].findings { XCTAssertEqual(f.steps.count, f.stepCount, f.summary) }
    }

    /// `--shard I/N` for every I, then `--merge`: the same report, byte for byte, as one
    /// unsharded run, for N = 1, 2, 3 and 7, on the examples and generated scripts (with more
    /// warnings, so the subtrees prune into each other), text and JSON.
    func testShardsMergeToTheUnshardedReport() throws {
        let dir = NSTemporaryDirectory() + "nibscript-shards-\(ProcessInfo.processInfo.processIdentifier)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let bench = dir + "/bench.nibscript"
        try ExploreBench.script(size: 7).write(toFile: bench, atomically: true, encoding: .utf8)
        let cases: [(String, Int)] = [
            (Self.root + "/examples/explore/assign-outlet.nibscript", 1),
            (Self.root + "/examples/explore/assign-outlet.nibscript", 3),
            (Self.root + "/examples/explore/assign-outlet-kvc-cleanup.nibscript", 2),
            (Self.root + "/examples/explore/choose-reuse-or-recreate.nibscript", 2),
            (Self.root + "/examples/explore/choose-reuse-or-recreate.nibscript", 3),
            (bench, 2),
        ]
        for (path, k) in cases {
            let whole = Driver.main(["explore", "--warnings", "\(k)", path])
            let wholeJSON = Driver.main(["explore", "--warnings", "\(k)", "--format", "json", path])
            for n in [1, 2, 3, 7] {
                var files: [String] = []
                for i in 1...n {
                    let r = Driver.main(["explore", "--warnings", "\(k)", "--shard", "\(i)/\(n)", path])
                    XCTAssertEqual(r.status, 0, r.stderr)
                    let f = dir + "/shard-\(i).json"
                    try r.stdout.write(toFile: f, atomically: true, encoding: .utf8)
                    files.append(f)
                }
                let merged = Driver.main(["explore", "--merge"] + files.reversed())
                XCTAssertEqual(merged.stdout, whole.stdout, "\(path) k=\(k) n=\(n)")
                XCTAssertEqual(merged.status, whole.status)
                XCTAssertEqual(Driver.main(["explore", "--merge", "--format", "json"] + files).stdout, wholeJSON.stdout)
                if n > 1 {
                    let missing = Driver.main(["explore", "--merge"] + files.dropLast())
                    XCTAssertEqual(missing.status, 2)
                    XCTAssert(missing.stderr.contains("each of the \(n) shards once"), missing.stderr)
                }
            }
        }
    }

    /// With few or no snapshots kept, variants replay their prefix instead of forking: the
    /// report is the same, whatever the number of cores.
    func testReplayingInsteadOfForkingChangesNothing() throws {
        let file = SourceFile(path: "<bench>", bytes: Array(ExploreBench.script(size: 6).utf8))
        let (program, _) = Compiler.compile(file)
        let p = try XCTUnwrap(program)
        let choose = try XCTUnwrap(Compiler.compile(SourceFile(path: Self.root + "/examples/explore/choose-reuse-or-recreate.nibscript",
            bytes: [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: Self.root + "/examples/explore/choose-reuse-or-recreate.nibscript"))))).0)
        for program in [p, choose] {
            var o = Explore.Options()
            o.warnings = 2
            let expected = ExploreReport.text(Explore.explore(program, options: o), requested: 2)
            for forks in [0, 1, 3] {
                for parallel in [false, true] {
                    o.maxForks = forks
                    o.parallel = parallel
                    XCTAssertEqual(ExploreReport.text(Explore.explore(program, options: o), requested: 2), expected, "forks=\(forks)")
                }
            }
        }
    }

    /// Children past the snapshot budget replay from the checkpoint before their fork (the
    /// checkpoints thin out as a run goes on): the same report as with a snapshot for every
    /// child, on one core and on all.
    func testReplayingFromCheckpointsChangesNothing() throws {
        let file = SourceFile(path: "<bench>", bytes: Array(ExploreBench.script(size: 12).utf8))
        let p = try XCTUnwrap(Compiler.compile(file).0)
        var o = Explore.Options()
        o.warnings = 2
        o.maxForks = 100_000
        o.parallel = false
        let expected = ExploreReport.text(Explore.explore(p, options: o), requested: 2)
        for forks in [2, 5, 16] {
            for parallel in [false, true] {
                o.maxForks = forks
                o.parallel = parallel
                XCTAssertEqual(ExploreReport.text(Explore.explore(p, options: o), requested: 2), expected, "forks=\(forks)")
            }
        }
    }

    func testCommandLine() {
        let r = Driver.main(["explore", "--warnings", "x", "f.nibscript"])
        XCTAssertEqual(r.status, 2)
        let m = Driver.main(["matrix"])
        XCTAssertEqual(m.status, 2)
        XCTAssert(Driver.help.contains("explore [--warnings K]"))
    }
}
