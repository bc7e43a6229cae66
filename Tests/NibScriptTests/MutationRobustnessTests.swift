import Foundation
import NibScriptSyntax
import XCTest
@testable import NibScript
@testable import CocoaSimulator
@testable import NibScriptInterpreter
@testable import NibScriptExplore
@testable import NibScriptReports
@testable import NibAudit
@testable import NibScriptCommandLine
import TestSupport

/// Scripts that are almost right are the common kind of bad input: every example, with
/// lines deleted, duplicated or swapped, must give diagnostics or a run — never a trap or a
/// hang. Seeded, so a failure reproduces.
final class MutationRobustnessTests: XCTestCase {
    func testMutatedExamplesNeverTrapTheInterpreter() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        var rng = SplitMix64(seed: 0x5DEECE66D)
        var runs = 0
        for path in GoldenTests.scripts(under: root + "/examples") {
            let lines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
            for _ in 0..<12 {
                var m = lines
                switch rng.below(3) {
                case 0: m.remove(at: rng.below(m.count))
                case 1: let i = rng.below(m.count); m.insert(m[i], at: i)
                default: m.swapAt(rng.below(m.count), rng.below(m.count))
                }
                // Keep the script's folder so Interface Builder files still resolve.
                let r = Driver.runSource(SourceFile(path: path, text: m.joined(separator: "\n")))
                XCTAssert([0, 1, 2].contains(r.status), path)
                runs += 1
            }
        }
        XCTAssertGreaterThan(runs, 300)
    }
}
