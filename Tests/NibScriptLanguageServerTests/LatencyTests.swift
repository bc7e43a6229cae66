import Foundation
import XCTest
import NibScriptSyntax
@testable import NibScriptLanguageServer

/// A keystroke on a 2,000-line script: how long the server takes to answer (the new
/// diagnostics of a change, then a hover, a completion and a definition). Measured and
/// printed, not asserted (a timed test fails on a busy machine); the tests assert that
/// the answers are right. The same loop (`keystrokes`) runs in-process and, against a
/// built `nibscript lsp`, over standard input and output as an editor talks to it
/// (`NIBSCRIPT_LSP_BINARY`); grammar.md records the figures.
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

    /// Types into the last scenario of `text` (`send o.button` becomes `send o.buttonx`,
    /// `…xy`, `…x`, then back), one keystroke per round, and times the new diagnostics, a
    /// hover, a completion and a definition; asserts each answer.
    static func keystrokes(_ client: LatencyClient, uri: String, text: String, rounds: Int) -> [String: [Double]] {
        let (line, col) = ServerHarness.find("send o.button", in: text, offset: 13, occurrence: text.components(separatedBy: "send o.button").count - 1)
        var current = text.components(separatedBy: "\n")
        var times: [String: [Double]] = [:]
        func timed<T>(_ name: String, _ body: () -> T) -> T {
            let start = DispatchTime.now().uptimeNanoseconds
            let r = body()
            times[name, default: []].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            return r
        }
        let typed = ["x", "xy", "x", "", "", ""]
        for i in 0..<rounds {
            let suffix = typed[i % typed.count]
            current[line] = "    send o.button" + suffix
            let ds = timed("change → diagnostics") { client.change(uri, current.joined(separator: "\n"), version: 10 + i) }
            if suffix.isEmpty { XCTAssertEqual(ds.filter { $0["severity"]?.int == 1 }.count, 0) }
            else { XCTAssertEqual(ds.first?["message"]?.string?.hasPrefix("'Owner"), true, "\(ds)") }
            timed("hover") { client.ask("textDocument/hover", ServerHarness.at(uri, line, col - 4)) }
            timed("completion") { client.ask("textDocument/completion", ServerHarness.at(uri, line, col - 6)) }
            let r = timed("definition") { client.ask("textDocument/definition", ServerHarness.at(uri, line, col - 8)) }
            XCTAssertNotNil(r["result"]?["range"])
        }
        return times
    }

    /// Median, 90th percentile and maximum of each kind of answer, in milliseconds.
    static func summary(_ times: [String: [Double]]) -> String {
        times.sorted(by: { $0.key < $1.key }).map { name, ts in
            let s = ts.sorted()
            return String(format: " %@ median %.1f, 90th %.1f, max %.1f;", name, s[s.count / 2], s[min(s.count - 1, s.count * 9 / 10)], s.last!)
        }.joined()
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

        let times = Self.keystrokes(InProcessClient(h), uri: uri, text: text, rounds: 6)
        h.settle()
        let runs = h.server.runs.outcome(uri)?.milliseconds ?? -1
        print("latency on a \(lines)-line script, in-process (ms, 6 keystrokes):" + Self.summary(times)
              + String(format: " background runs of every scenario %.0f", runs))
    }

    /// The editor's view: `nibscript lsp` as a process, 40 keystrokes over standard input and
    /// output. `NIBSCRIPT_LSP_BINARY=.build/release/nibscript swift test --filter
    /// LatencyTests` (after `swift build -c release --product nibscript`) gives the figures
    /// grammar.md records; a debug build's are about 20 times slower.
    func testKeystrokeLatencyOverStandardInputAndOutput() throws {
        guard let binary = ProcessInfo.processInfo.environment["NIBSCRIPT_LSP_BINARY"] else {
            throw XCTSkip("opt-in: set NIBSCRIPT_LSP_BINARY to a built nibscript (.build/release/nibscript) to time `nibscript lsp` over standard input and output")
        }
        let text = Self.script(lines: 2000)
        let uri = "file:///tmp/big.nibscript"
        let client = try ProcessClient(binary: binary)
        client.open(uri, text)
        // Let the first background runs of every scenario finish, as an editor's user would.
        Thread.sleep(forTimeInterval: 3)
        let times = Self.keystrokes(client, uri: uri, text: text, rounds: 40)
        print("latency on a \(text.components(separatedBy: "\n").count)-line script over standard input and output (ms, 40 keystrokes):" + Self.summary(times))
        XCTAssertEqual(client.shutdown(), 0)
    }
}
