import Foundation
import XCTest
@testable import NibScriptCommandLine

/// Issue 28, item 4: the JSON of `run --format json`, `matrix`/`explore --format json` and
/// `audit --format json` is described by the Draft 2020-12 schemas in docs/schemas/, and
/// every example's output is valid against them, checked by a standard validator (python3's
/// `jsonschema`, through docs/schemas/validate.py; `.ci/run` installs it).
final class SchemaTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("nibscript-schemas-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    /// Runs docs/schemas/validate.py; skips, saying why, when python3 or jsonschema is missing.
    func validate(_ schema: String, _ files: [String]) throws -> (status: Int32, out: String) {
        guard let python = BuiltBinary.tool("python3") else { throw XCTSkip("python3 is not on the PATH: the JSON Schemas are not checked") }
        let r = try BuiltBinary.run(python, ["docs/schemas/validate.py", schema] + files)
        if r.status == 3 { throw XCTSkip("python3's jsonschema module is not installed: the JSON Schemas are not checked (\(r.stderrText))") }
        return (r.status, String(decoding: r.stdout, as: UTF8.self) + r.stderrText)
    }

    func write(_ text: String, _ name: String) throws -> String {
        let url = dir.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    func testEveryExamplesJSONIsValidAgainstItsSchema() throws {
        var files: [String: [String]] = [:]
        var k = 0
        for script in GoldenTests.scripts(under: "examples") {
            // Scripts whose golden is an audit or an import are not scripts to run.
            let first = (try? String(contentsOfFile: script, encoding: .utf8))?.prefix { $0 != "\n" } ?? ""
            if first.hasPrefix("# command: audit") || first.hasPrefix("# command: import") { continue }
            for command in ["run", "matrix", "explore"] {
                let r = Driver.main([command, "--format", "json", script], environment: [:])
                guard !r.stdout.isEmpty else { continue }  // a script that does not compile writes no JSON
                k += 1
                files[command, default: []].append(try write(r.stdout, "\(command)-\(k).json"))
            }
        }
        let audit = Driver.main(["audit", "--format", "json", "examples/audit/profile-app"], environment: [:])
        files["audit"] = [try write(audit.stdout, "audit.json")]
        XCTAssertGreaterThan(files["run"]?.count ?? 0, 50, "the examples were not found: run from the package root")
        XCTAssertEqual(files["matrix"]?.count, files["explore"]?.count)
        for schema in ["run", "matrix", "explore", "audit"] {
            let r = try validate(schema, files[schema] ?? [])
            XCTAssertEqual(r.status, 0, "\(schema): \(r.out.prefix(2000))")
        }
    }

    /// The check can fail: an object given as a string, a key the schema does not know, a
    /// kind it does not list, and a missing key are each reported.
    func testTheSchemasRejectWhatTheyDoNotDescribe() throws {
        let run = try write("""
        {"type":"file","version":2,"file":"f","scenarios":1}
        {"type":"event","scenario":"s","line":1,"column":1,"depth":1,"kind":"alloc","object":"NSObject o#1","count":1,"cause":null,"rules":[],"pool":null,"entries":null,"slot":null,"selector":null,"message":null}
        {"type":"expectation","scenario":"s","line":2,"text":"expect","passed":true,"detail":null,"observed":null,"extra":1}

        """, "bad-run.json")
        let r = try validate("run", [run])
        XCTAssertEqual(r.status, 1, r.out)
        XCTAssertFalse(r.out.contains("bad-run.json:1:"), r.out)
        XCTAssertTrue(r.out.contains("bad-run.json:2:"), r.out)
        XCTAssertTrue(r.out.contains("bad-run.json:3:"), r.out)

        var audit = Driver.main(["audit", "--format", "json", "examples/audit/profile-app"], environment: [:]).stdout
        XCTAssertEqual(try validate("audit", [try write(audit, "good-audit.json")]).status, 0)
        audit = audit.replacingOccurrences(of: "\"kind\": \"dangling\"", with: "\"kind\": \"dangle\"")
        let bad = try validate("audit", [try write(audit, "bad-audit.json")])
        XCTAssertEqual(bad.status, 1, bad.out)
        XCTAssertTrue(bad.out.contains("'dangle' is not one of"), bad.out)

        let matrix = try write("{\"command\": \"matrix\", \"file\": \"f\"}", "bad-matrix.json")
        let m = try validate("matrix", [matrix])
        XCTAssertEqual(m.status, 1, m.out)
        XCTAssertTrue(m.out.contains("'rows' is a required property"), m.out)
    }
}
