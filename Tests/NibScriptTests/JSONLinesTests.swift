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

/// `run --format json` tells the same story as the text trace: for every example, the
/// same events in the same order, at the same lines and depths, on the same objects, with
/// the same counts; the same expectations and summaries.
final class JSONLinesTests: XCTestCase {
    /// An event as both forms can give it.
    struct Seen: Equatable, CustomStringConvertible {
        var kind: String, line: Int, depth: Int, label: String?, count: Int?
        var description: String { "\(line) d\(depth) \(kind) \(label ?? "-") \(count.map(String.init) ?? "-")" }
    }

    static let objectVerbs: [String: String] = ["alloc": "alloc", "retain": "retain", "release": "release",
                                                "autorelease": "autorelease", "dealloc": "dealloc", "collected": "dealloc"]

    /// The events of a text trace (every scenario's, in order), read back from its lines.
    static func textEvents(_ text: String) -> (events: [Seen], passed: Int, failed: Int) {
        var events: [Seen] = []
        var line = 0, passed = 0, failed = 0
        var inTrace = false
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let l = String(raw)
            if l.hasPrefix("scenario \"") { inTrace = true; continue }
            if l == "  summary" { inTrace = false; continue }
            if !inTrace {
                let t = l.trimmingCharacters(in: .whitespaces)
                if t.hasSuffix(" failed"), t.contains(" passed, ") {
                    let parts = t.split(separator: " ")
                    passed += Int(parts[0])!
                    failed += Int(parts[2])!
                }
                continue
            }
            guard l.count > 7 else { continue }
            let number = l.prefix(7).trimmingCharacters(in: .whitespaces)
            if !number.isEmpty { line = Int(number)! }
            var rest = Substring(l.dropFirst(7))
            var depth = 0
            while rest.hasPrefix("  ") { depth += 1; rest = rest.dropFirst(2) }
            if rest.hasPrefix("[depth ") {
                let close = rest.firstIndex(of: "]")!
                depth = Int(rest[rest.index(rest.startIndex, offsetBy: 7)..<close])!
                rest = rest[rest.index(close, offsetBy: 2)...]
            }
            let s = String(rest)
            func label(_ from: Substring) -> String? {
                guard let hash = from.firstIndex(of: "#") else { return nil }
                let digits = from[from.index(after: hash)...].prefix { $0.isNumber }
                return String(from[..<hash]) + "#" + digits
            }
            func count(_ from: String) -> Int? {
                guard let r = from.range(of: "count ") else { return nil }
                return Int(from[r.upperBound...].prefix { $0.isNumber })
            }
            // An object event pads its verb to 12 columns, then a space: `retain       UILabel …`
            // (a statement such as `autorelease x` has no second space).
            let head = String(s.prefix(12)), verb = head.trimmingCharacters(in: .whitespaces)
            if s.count > 13, Array(s)[12] == " ", let kind = objectVerbs[verb], head == TextReport.pad(verb, 12) {
                let after = s.dropFirst(13)
                events.append(Seen(kind: kind, line: line, depth: depth, label: label(after),
                                   count: kind == "dealloc" ? 0 : count(String(after))))
            } else if s.hasPrefix("drain        pool ") {
                events.append(Seen(kind: "drain", line: line, depth: depth, label: nil, count: nil))
            } else if s.hasPrefix("weak → nil   ") {
                let was = s.range(of: "(was ")!
                let target = s[was.upperBound...].dropLast()
                events.append(Seen(kind: "weakZeroed", line: line, depth: depth, label: "#" + target.split(separator: "#").last!, count: nil))
            } else if s.hasPrefix("ZOMBIE       ") {
                let to = s.range(of: "sent to deallocated ")!
                events.append(Seen(kind: "zombie", line: line, depth: depth, label: String(s[to.upperBound...]), count: nil))
            } else if s.hasPrefix("CRASH        ") {
                events.append(Seen(kind: "crash", line: line, depth: depth, label: nil, count: nil))
            } else if s.hasPrefix("warning: -["), s.contains("never reached [super dealloc]") {
                events.append(Seen(kind: "deallocIncomplete", line: line, depth: depth, label: nil, count: nil))
            }
        }
        return (events, passed, failed)
    }

    static func jsonRecords(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            let o = try JSONSerialization.jsonObject(with: Data(line.utf8))
            return try XCTUnwrap(o as? [String: Any], "not an object: \(line)")
        }
    }

    static func jsonEvents(_ records: [[String: Any]]) -> [Seen] {
        records.filter { $0["type"] as? String == "event" }.map { r in
            let kind = r["kind"] as! String
            var label: String?
            if let ref = r["object"] as? [String: Any], let c = ref["class"] as? String, let n = ref["name"] as? String,
               let o = ref["id"] as? Int {
                label = kind == "weakZeroed" ? "#\(o)" : "\(c) \(n)#\(o)"
            }
            if kind == "deallocIncomplete" || kind == "drain" || kind == "crash" { label = nil }
            let count = ["alloc", "retain", "release", "autorelease", "dealloc"].contains(kind) ? r["count"] as? Int : nil
            return Seen(kind: kind, line: r["line"] as! Int, depth: r["depth"] as! Int, label: label, count: count)
        }
    }

    /// Every object a summary names (alive, leaked, abandoned, zombie, dangling, crashed on)
    /// is `{"id", "class", "name"}` as its scenario's events named it, and every leak,
    /// dangling reference and zombie record's `text` is a line of the text summary.
    static func checkSummaryObjects(_ records: [[String: Any]], text: String, _ script: String) throws -> Int {
        var known: [String: [Int: (String, String)]] = [:]
        for r in records where r["type"] as? String == "event" {
            guard let ref = r["object"] as? [String: Any], let id = ref["id"] as? Int, let scenario = r["scenario"] as? String else { continue }
            known[scenario, default: [:]][id] = (ref["class"] as? String ?? "", ref["name"] as? String ?? "")
        }
        var checked = 0
        func check(_ ref: Any?, _ scenario: String, _ what: String) {
            guard let ref = ref as? [String: Any] else { return XCTFail("\(script): \(what) is not an object record") }
            guard let id = ref["id"] as? Int, let c = ref["class"] as? String, let n = ref["name"] as? String else {
                return XCTFail("\(script): \(what) lacks id, class or name: \(ref)")
            }
            if let seen = known[scenario]?[id] {
                XCTAssertTrue(seen == (c, n), "\(script): \(what) #\(id) is \(c) \(n) but its events say \(seen.0) \(seen.1)")
                checked += 1
            }
        }
        for r in records where r["type"] as? String == "summary" {
            let scenario = r["scenario"] as? String ?? ""
            for a in r["alive"] as? [[String: Any]] ?? [] { check(a["object"], scenario, "an alive object") }
            for key in ["leaks", "abandoned", "zombies", "dangling"] {
                for x in r[key] as? [[String: Any]] ?? [] {
                    if key == "dangling" { check(x["target"], scenario, "a dangling target") } else { check(x["object"], scenario, "a \(key) record") }
                    let words = try XCTUnwrap(x["text"] as? String, "\(script): a \(key) record without text")
                    XCTAssertTrue(text.contains(words), "\(script): the \(key) record's text '\(words)' is not in the text summary")
                }
            }
            if let crash = r["crash"] as? [String: Any] {
                if crash["object"] is [String: Any] { check(crash["object"], scenario, "the crash's object") }
                let words = try XCTUnwrap(crash["text"] as? String)
                XCTAssertTrue(text.contains(words), "\(script): the crash's text '\(words)' is not in the text summary")
            }
        }
        return checked
    }

    func testEveryExampleTellsTheSameStoryInJSON() throws {
        let fm = FileManager.default
        let cwd = fm.currentDirectoryPath
        XCTAssert(fm.changeCurrentDirectoryPath(GoldenFileTests.root))
        defer { _ = fm.changeCurrentDirectoryPath(cwd) }
        var checked = 0, events = 0, refs = 0
        for s in GoldenTests.scripts(under: "examples") {
            let bytes = [UInt8](fm.contents(atPath: s)!)
            if GoldenTests.command(of: bytes) != nil { continue }   // a matrix or explore golden
            let text = Driver.main(["run", s])
            let json = Driver.main(["run", "--format", "json", s])
            XCTAssertEqual(json.status, text.status, s)
            XCTAssertEqual(json.stderr, text.stderr, s)
            if text.status == 2 && text.stdout.isEmpty { XCTAssertEqual(json.stdout, "", s); continue }
            let records = try Self.jsonRecords(json.stdout)
            XCTAssertEqual(records.first?["type"] as? String, "file", s)
            XCTAssertEqual(records.first?["version"] as? Int, JSONLines.version, s)
            let (textEvents, passed, failed) = Self.textEvents(text.stdout)
            let jsonEvents = Self.jsonEvents(records)
            if textEvents != jsonEvents {
                let i = zip(textEvents, jsonEvents).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(textEvents.count, jsonEvents.count)
                XCTFail("\(s): event \(i) differs: text \(i < textEvents.count ? "\(textEvents[i])" : "none"), json \(i < jsonEvents.count ? "\(jsonEvents[i])" : "none") (\(textEvents.count) vs \(jsonEvents.count) events)")
            }
            let expectations = records.filter { $0["type"] as? String == "expectation" }
            XCTAssertEqual(expectations.filter { $0["passed"] as? Bool == true }.count, passed, s)
            XCTAssertEqual(expectations.filter { $0["passed"] as? Bool == false }.count, failed, s)
            let summaries = records.filter { $0["type"] as? String == "summary" }
            XCTAssertEqual(summaries.count, records.filter { $0["type"] as? String == "scenario" }.count, s)
            XCTAssertEqual(summaries.count, text.stdout.components(separatedBy: "\n  summary\n").count - 1, s)
            refs += try Self.checkSummaryObjects(records, text: text.stdout, s)
            checked += 1
            events += jsonEvents.count
        }
        XCTAssertGreaterThan(refs, 50, "the summaries' object records were not checked")
        XCTAssertGreaterThan(checked, 30)
        XCTAssertGreaterThan(events, 1000, "\(events) events in \(checked) examples")
        print("JSONLinesTests: \(events) events in \(checked) examples agree")
    }

    func testEventRecordsHaveEveryKeyInOrder() throws {
        let file = SourceFile(path: "t.nibscript", bytes: Array("""
        class Owner : NSObject {
            property label : UILabel retain
        }
        scenario "s" {
            o = new Owner
            l = new UILabel
            o.label = l
            release l
            expect count l == 1
        }
        """.utf8))
        let out = StringOutput(), err = StringOutput()
        XCTAssertEqual(Driver.runSource(file, json: true, stdout: out, stderr: err), 0)
        let lines = out.text.split(separator: "\n")
        let retain = try XCTUnwrap(lines.first { $0.contains("\"kind\":\"retain\"") })
        XCTAssertEqual(String(retain), #"{"type":"event","scenario":"s","line":7,"column":5,"depth":1,"kind":"retain","object":{"id":2,"class":"UILabel","name":"l"},"count":2,"cause":"stored in o#1.label","rules":[],"pool":null,"entries":null,"slot":null,"selector":null,"message":null}"#)
        XCTAssertEqual(lines.last.map(String.init), #"{"type":"expectation","scenario":"s","line":9,"text":"expect count l == 1","passed":true,"detail":null,"observed":1}"#)
        // --quiet keeps the records of the scenario's end only.
        let quiet = Driver.main(["run", "--quiet", "--format=json", "-"], stdin: { Data(file.bytes) })
        XCTAssertEqual(quiet.status, 0)
        XCTAssertEqual(quiet.stdout.split(separator: "\n").map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }.map { $0["type"] as! String },
                       ["file", "scenario", "summary", "expectation"])
    }

    func testUnknownFormatIsAUsageError() {
        let r = Driver.main(["run", "--format", "xml", "x.nibscript"])
        XCTAssertEqual(r.status, 2)
        XCTAssert(r.stderr.contains("unknown format 'xml'"), r.stderr)
    }

    func testRuleIDsAreReadFromCauses() {
        XCTAssertEqual(TraceEvent.ruleIDs(in: "top-level object of nib 'Panel' (N4)"), ["N4"])
        XCTAssertEqual(TraceEvent.ruleIDs(in: "x (N6, N7)"), ["N6", "N7"])
        XCTAssertEqual(TraceEvent.ruleIDs(in: "returned by -instantiateControllerWithIdentifier: (+0)"), [])
        XCTAssertEqual(TraceEvent.ruleIDs(in: "stored in o#1.label"), [])
    }
}
