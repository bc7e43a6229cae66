import XCTest
import NibScriptBenchmarks

/// The benchmark is not a test of speed (nothing here reads a time); this runs a small bench
/// so its workloads, generators and table never rot.
final class BenchmarkTests: XCTestCase {
    func testQuickBenchRunsEveryFigure() {
        let table = Benchmark.run(.init(quick: true, runs: 1, executable: nil))
        for section in ["engine API loop", "run --quiet", "full trace to /dev/null", "lex + parse + check",
                        "nib block", ".xib", "chain released at once", "full trace of a cascade", "report -o", "graph --format svg"] {
            XCTAssertTrue(table.contains(section), "the table has a row for \(section):\n\(table)")
        }
        XCTAssertFalse(table.contains("failed to run"), table)
    }

    /// Every generated input is a script that compiles and whose expectations hold (the
    /// workload checks both and exits otherwise), at a size where that is quick.
    func testGeneratedInputsRun() throws {
        let dir = NSTemporaryDirectory() + "nibscript-bench-test-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for w in ScriptWorkload.allCases {
            let path = try w.prepare(size: 50, in: dir)
            let m = w.run(path: path)
            if w == .compile { XCTAssertGreaterThan(m.bytes, 0, w.rawValue) } else { XCTAssertGreaterThan(m.events, 0, w.rawValue) }
            if w == .report || w == .graph { XCTAssertGreaterThan(m.bytes, 1000, "\(w.rawValue): what it wrote") }
            // Processor time is measured beside the wall time, for growth on a shared machine.
            XCTAssertNotNil(m.cpuSeconds, w.rawValue)
            XCTAssertGreaterThanOrEqual(m.cpuSeconds ?? -1, 0, w.rawValue)
        }
    }

    /// The deep cascade's trace is linear in its events: the depth past the indentation cap
    /// is a number, not more spaces.
    func testCascadeTraceBytesPerEventStayFlat() throws {
        let dir = NSTemporaryDirectory() + "nibscript-bench-trace-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let small = ScriptWorkload.deepTrace.run(path: try ScriptWorkload.deepTrace.prepare(size: 200, in: dir))
        let large = ScriptWorkload.deepTrace.run(path: try ScriptWorkload.deepTrace.prepare(size: 2_000, in: dir))
        let perEventSmall = Double(small.bytes) / Double(small.events)
        let perEventLarge = Double(large.bytes) / Double(large.events)
        XCTAssertLessThan(perEventLarge, perEventSmall * 1.1, "bytes per event grow with depth: \(perEventSmall) → \(perEventLarge)")
    }
}
