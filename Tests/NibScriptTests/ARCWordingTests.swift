import Foundation
import XCTest
import NibScriptSyntax
import NibScriptInterpreter
@testable import NibScriptCommandLine

/// Issue 28, item 5: under ARC no note and no fix advises what ARC forbids or contradicts it
/// (the note of an explicit `retain` said "set the reference to nil instead, or use CFRelease").
final class ARCWordingTests: XCTestCase {
    func testEachForbiddenMessageGetsItsOwnARCNote() {
        let script = """
        memory arc
        scenario "s" {
            o = new NSObject
            retain o
            autorelease o
            release o
        }

        """
        let (_, diagnostics) = Compiler.compile(SourceFile(path: "arc.nibscript", text: script))
        let forbidden = diagnostics.filter { $0.message.hasPrefix("ARC forbids explicit message send") }
        XCTAssertEqual(forbidden.map(\.message), ["retain", "autorelease", "release"].map { "ARC forbids explicit message send of '\($0)'" })
        let notes = forbidden.map { $0.notes.joined(separator: " ") }
        XCTAssertEqual(Set(notes).count, 3, "one note per message: \(notes)")
        for n in notes {
            XCTAssertTrue(n.hasPrefix("under ARC, "), n)
            XCTAssertFalse(n.contains("CFRelease"), n)
        }
        // A retain is replaced by a strong reference, never by setting one to nil.
        XCTAssertTrue(notes[0].contains("strong variable or property retains"), notes[0])
        XCTAssertFalse(notes[0].contains("nil"), notes[0])
        XCTAssertTrue(notes[2].contains("to nil releases"), notes[2])
    }

    /// The same project audited as ARC and as MRC: the ARC report writes no `release`,
    /// `retain` attribute or `[super dealloc]`, where the MRC one does.
    func testAuditFixesUnderARCWriteNoManualReferenceCounting() throws {
        let dir = "examples/audit/profile-app"
        guard FileManager.default.fileExists(atPath: dir) else { throw XCTSkip("run from the package root: \(dir) not found") }
        let arc = Driver.main(["audit", "--memory", "arc", dir], environment: [:])
        let mrc = Driver.main(["audit", "--memory", "mrc", dir], environment: [:])
        let arcFixes = arc.stdout.split(separator: "\n").filter { $0.contains("fix: ") }
        let mrcFixes = mrc.stdout.split(separator: "\n").filter { $0.contains("fix: ") }
        XCTAssertFalse(arcFixes.isEmpty, arc.stdout)
        for f in arcFixes {
            for word in [" release]", "declare `editButton` retain", "[super dealloc]", "retain (release"] {
                XCTAssertFalse(f.contains(word), "ARC fix says '\(word)': \(f)")
            }
        }
        XCTAssertTrue(arcFixes.contains { $0.contains("declare `editButton` weak") }, arcFixes.joined(separator: "\n"))
        XCTAssertTrue(mrcFixes.contains { $0.contains(" release]") }, mrcFixes.joined(separator: "\n"))
    }
}
