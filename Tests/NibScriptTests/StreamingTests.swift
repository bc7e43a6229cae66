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

/// `run` writes its trace as the run makes it, and builds none when nothing prints it.
final class StreamingTests: XCTestCase {
    /// Records each write, and what the run had done when it came.
    final class RecordingOutput: TextOutput {
        var writes: [String] = []
        func write(_ text: String) { writes.append(text) }
        func flush() {}
    }

    private let script = """
    platform ios 5.1
    memory mrc
    scenario "streamed" {
        a = new NSObject
        retain a
        release a
        release a
    }

    """

    func testTheTraceReachesTheOutputLineByLine() {
        let out = RecordingOutput(), err = RecordingOutput()
        let status = Driver.runSource(SourceFile(path: "s.nibscript", text: script), quiet: false, stdout: out, stderr: err)
        XCTAssertEqual(status, 0)
        let text = out.writes.joined()
        XCTAssertEqual(text, Driver.runSource(SourceFile(path: "s.nibscript", text: script)).stdout, "the same text as collected")
        // Each trace line is its own write: the heading, 4 statements and 5 events, then the summary.
        XCTAssertGreaterThanOrEqual(out.writes.count, 11, "written as it was made, not at the end: \(out.writes)")
        XCTAssertTrue(out.writes.contains { $0.contains("dealloc      NSObject a#1") && !$0.contains("summary") }, "\(out.writes)")
    }

    func testQuietBuildsNoTrace() {
        let out = RecordingOutput(), err = RecordingOutput()
        _ = Driver.runSource(SourceFile(path: "s.nibscript", text: script), quiet: true, stdout: out, stderr: err)
        XCTAssertFalse(out.writes.joined().contains("retain       NSObject"))
        // The heading, then the summary (written a line at a time): nothing of a trace between.
        XCTAssertEqual(out.writes.first, "scenario \"streamed\" (line 3; ios 5.1, mrc)\n", "\(out.writes)")
        XCTAssertEqual(out.writes.dropFirst().first, "  summary\n", "the summary follows the heading: \(out.writes)")
    }

    /// A cascade deeper than the indentation cap shows its depth as a number.
    func testDeepCascadesStopIndenting() {
        var s = "platform ios 5.1\nmemory mrc\nclass Node : NSObject {\n    property next : Node retain\n    dealloc {\n        release next\n        super\n    }\n}\nscenario \"deep\" {\n    head = new Node\n    a = head\n"
        for _ in 0..<12 { s += "    b = new Node\n    a.next = b\n    release b\n    a = b\n" }
        s += "    release head\n}\n"
        let r = Driver.runSource(SourceFile(path: "deep.nibscript", text: s))
        XCTAssertEqual(r.status, 0, r.stderr)
        let indent = String(repeating: "  ", count: TraceWriter.maxIndent)
        XCTAssertTrue(r.stdout.contains("       " + indent + "[depth 13] release      Node b#5"), r.stdout)
        XCTAssertFalse(r.stdout.contains("       " + indent + "  "), "no line is indented past the cap")
    }
}

extension StreamingTests {
    /// `run` drops the nibs' syntax once their models are built; what it prints is the same.
    /// (The top-level root is autoreleased (N4) and gone after the drain; the outlet keeps title.)
    func testARunWithoutNibSyntaxPrintsTheSame() throws {
        let text = """
        platform ios 5.1
        memory mrc
        class Owner : NSObject {
            outlet label : UILabel retain
        }
        nib N {
            owner : Owner
            root : UIView {
                title : UILabel
            }
            connect owner.label -> title
        }
        scenario "load" {
            o = new Owner
            load nib N owner o
            drain
            expect count title == 1
        }
        """
        let program = try XCTUnwrap(Compiler.compile(SourceFile(path: "n.nibscript", text: text)).0)
        let slim = program.withoutNibSyntax()
        guard case .inline(let items)? = slim.nibDecl("N")?.body else { return XCTFail("the nib is still declared") }
        XCTAssertTrue(items.isEmpty, "its syntax is gone")
        let whole = StringOutput(), slimmed = StringOutput()
        _ = Runner.run(program, quiet: false, to: whole)
        let reports = Runner.run(slim, quiet: false, to: slimmed)
        XCTAssertEqual(slimmed.text, whole.text)
        XCTAssertEqual(reports.first?.failed, 0, slimmed.text)
        XCTAssertTrue(slimmed.text.contains("outlet o#1.label → title#"), slimmed.text)
    }
}
