import Foundation
import XCTest
import NibScriptSyntax
@testable import NibScriptLanguageServer

/// A keystroke on a 2,000-line script: how long the server takes to answer (the new
/// diagnostics of a change, then a hover, a completion and a definition). Measured and
/// printed, not asserted (a timed test fails on a busy machine); the test asserts that
/// the answers are right. grammar.md records the figures.
final class LatencyTests: XCTestCase {
    /// Classes with outlets and a dealloc, nibs that connect them, and scenarios that load
    /// them and check counts: every kind of name the index resolves.
    static func script(lines target: Int) -> String {
        var s = "platform ios 5.1\nmemory mrc\n\n"
        var k = 0
        while s.split(separator: "\n", omittingEmptySubsequences: false).count < target {
            s += """
            class Owner\(k) : UIViewController {
                outlet label : UILabel retain
                outlet button : UIButton retain
                dealloc {
                    release label
                    release button
                    super
                }
            }

            nib Panel\(k) {
                owner : Owner\(k)
                root : UIView {
                    title\(k) : UILabel
                    ok\(k) : UIButton
                }
                connect owner.label -> title\(k)
                connect owner.button -> ok\(k)
                connect owner.view -> root
            }

            scenario "panel \(k)" {
                o = new Owner\(k)
                load nib Panel\(k) owner o
                drain
                expect count title\(k) == 2
                retain o.label
                release o.label
                send o.button
                a = new UILabel
                retain a
                release a
                o.label = a
                release a
                expect count a == 1
                release o
                expect deallocated o
                expect no leaks
            }


            """
            k += 1
        }
        return s
    }

    func testKeystrokeLatencyOnATwoThousandLineScript() throws {
        let text = Self.script(lines: 2000)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        XCTAssertGreaterThanOrEqual(lines, 2000)
        let uri = "file:///tmp/big.nibscript"
        let h = ServerHarness()
        h.initialize()
        h.open(uri, text)
        h.settle()
        XCTAssertEqual(h.diagnostics(uri).count, 0, "\(h.diagnostics(uri).prefix(3))")
        let lenses = h.request("textDocument/codeLens", ["textDocument": ["uri": .string(uri)]])["result"]?.array ?? []
        XCTAssertEqual(lenses.count, text.components(separatedBy: "scenario \"").count - 1)
        XCTAssertTrue(lenses.allSatisfy { $0["command"]?["title"]?.string?.hasPrefix("✓") == true }, "\(lenses.first { $0["command"]?["title"]?.string?.hasPrefix("✓") != true } ?? .null)")

        // Type one character at a time into the last scenario: `send o.label` becomes `send o.labelx`, …
        let (line, col) = ServerHarness.find("send o.button", in: text, offset: 13, occurrence: text.components(separatedBy: "send o.button").count - 1)
        var current = text.components(separatedBy: "\n")
        var times: [String: [Double]] = [:]
        func timed(_ name: String, _ body: () -> Void) {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            times[name, default: []].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        let typed = ["x", "xy", "x", "", "", ""]
        for (i, suffix) in typed.enumerated() {
            current[line] = "    send o.button" + suffix
            let v = 10 + i
            timed("change → diagnostics") {
                h.change(uri, current.joined(separator: "\n"), version: v)
                h.drain()
            }
            let ds = h.diagnostics(uri)
            if suffix.isEmpty { XCTAssertEqual(ds.filter { $0["severity"]?.int == 1 }.count, 0) }
            else { XCTAssertEqual(ds.first?["message"]?.string?.hasPrefix("'Owner"), true, "\(ds)") }
            timed("hover") { h.request("textDocument/hover", ServerHarness.at(uri, line, col - 4)) }
            timed("completion") { h.request("textDocument/completion", ServerHarness.at(uri, line, col - 6)) }
            timed("definition") {
                let r = h.request("textDocument/definition", ServerHarness.at(uri, line, col - 8))
                XCTAssertNotNil(r["result"]?["range"])
            }
        }
        h.settle()
        let runs = h.server.runs.outcome(uri)?.milliseconds ?? -1
        var report = "latency on a \(lines)-line script (ms, median of \(typed.count)):"
        for (name, ts) in times.sorted(by: { $0.key < $1.key }) {
            report += String(format: " %@ %.1f (max %.1f);", name, ts.sorted()[ts.count / 2], ts.max()!)
        }
        report += String(format: " background runs of every scenario %.0f", runs)
        print(report)
    }
}
