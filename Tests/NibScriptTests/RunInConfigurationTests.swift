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

/// `run --config NAME` runs one matrix column with the full trace: each scenario's outcome
/// must be the matrix cell's.
final class RunInConfigurationTests: XCTestCase {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples")

    /// One scenario's part of `run --config` output.
    struct Printed {
        var notApplicable: String?
        var passed = 0, failed = 0
        var leaks: [String] = []
        var crash: String?
        var traced = false
    }

    static func parse(_ out: String) -> [String: Printed] {
        var result: [String: Printed] = [:]
        for block in out.components(separatedBy: "\nscenario \"").dropFirst() {
            let title = String(block.prefix { $0 != "\"" })
            var p = Printed()
            var section = ""
            for line in block.components(separatedBy: "\n").dropFirst() {
                if line.hasPrefix("  n/a: ") { p.notApplicable = String(line.dropFirst(7)) }
                if let m = line.range(of: #"^  (\d+) passed, (\d+) failed$"#, options: .regularExpression) {
                    let parts = line[m].split(separator: " ")
                    p.passed = Int(parts[0])!; p.failed = Int(parts[2])!
                }
                if line.hasPrefix("    ") && line.count > 14 && line.dropFirst(4).first != " " {
                    section = String(line.dropFirst(4).prefix(10)).trimmingCharacters(in: .whitespaces)
                }
                if line.range(of: #"^ *\d+  \S"#, options: .regularExpression) != nil { p.traced = true }
                guard line.hasPrefix("    "), line.count > 14 else { continue }
                let item = String(line.dropFirst(14))
                if section == "leaks", item != "none" { p.leaks.append(item) }
                if section == "crash", item != "none" { p.crash = item }
            }
            result[title] = p
        }
        return result
    }

    func testEveryCellOfTheMatrixExamplesMatchesItsRun() throws {
        for name in ["matrix/mike-ash-table.nibscript", "matrix/memory-warning-platforms.nibscript",
                     "nibs/ios-assign-outlet-toplevel.nibscript", "controllers/mac-controllers.nibscript"] {
            let path = Self.examples.appendingPathComponent(name).path
            let file = SourceFile(path: path, bytes: [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: path))))
            let program = try XCTUnwrap(Compiler.compile(file).0)
            let m = Matrix.run(file, program: program)
            for (column, config) in m.configs.enumerated() {
                let r = Driver.main(["run", "--config", config.columnName, path])
                XCTAssertNotEqual(r.status, 2, "\(name) \(config.columnName): \(r.stderr)")
                XCTAssert(r.stdout.hasPrefix("configuration \(config.columnName) (\(config)); the script's own is \(program.config)\n"))
                let printed = Self.parse(r.stdout)
                XCTAssertEqual(printed.count, m.rows.count, "\(name) \(config.columnName)")
                for row in m.rows {
                    let cell = row.cells[column]
                    let where_ = "\(name), \"\(row.title)\" under \(config.columnName)"
                    let p = try XCTUnwrap(printed[row.title], where_)
                    XCTAssertEqual(p.notApplicable, cell.notApplicable, where_)
                    guard cell.ran else { continue }
                    XCTAssert(p.traced, "no trace: \(where_)")
                    XCTAssertEqual(p.passed, cell.passed, where_)
                    XCTAssertEqual(p.failed, cell.failedLines.count, where_)
                    // The summary names `Class name#n`; the cell only the name.
                    XCTAssertEqual(p.leaks.map { $0.split(separator: " ")[1].split(separator: "#")[0] }.map(String.init),
                                   cell.leaks, where_)
                    XCTAssertEqual(p.crash != nil, cell.crash != nil, where_)
                }
                XCTAssertEqual(r.status, m.rows.contains { $0.cells[column].failed } ? 1 : 0, "\(name) \(config.columnName)")
            }
        }
    }

    func testTheRewritesAreSaid() {
        let path = Self.examples.appendingPathComponent("matrix/memory-warning-platforms.nibscript").path
        let r = Driver.main(["run", "--config", "mac arc", path])
        XCTAssert(r.stdout.contains("\n  the script's UIKit classes run as their AppKit twins\n"), r.stdout)
        XCTAssert(r.stdout.contains("\n  rewritten for ARC: each explicit 'release x' runs as 'x = nil'"), r.stdout)
        let own = Driver.main(["run", "--config", "ios 5.1 mrc", path])
        XCTAssertFalse(own.stdout.contains("twins"))
        XCTAssertFalse(own.stdout.contains("rewritten"))
    }

    func testConfigurationNames() {
        XCTAssertEqual(RunInConfiguration.configuration(named: "Mac  ARC")?.columnName, "mac arc")
        XCTAssertEqual(RunInConfiguration.configuration(named: "ios 6 mrc")?.columnName, "ios 6.0 mrc")
        XCTAssertNil(RunInConfiguration.configuration(named: "ios 7.0 arc"))
        let r = Driver.main(["run", "--config", "ios 7.0 arc", "x.nibscript"])
        XCTAssertEqual(r.status, 2)
        XCTAssert(r.stderr.contains("unknown configuration 'ios 7.0 arc'; the configurations are mac mrc, mac arc, ios 5.1 mrc, ios 5.1 arc, ios 6.0 mrc, ios 6.0 arc"), r.stderr)
        XCTAssertEqual(Driver.main(["run", "--config"]).status, 2)
    }
}
