import Foundation
import XCTest
@testable import NibScript
@testable import NibAudit
@testable import NibScriptCommandLine
import NibScriptSyntax

/// The three whole projects of ../shared/wild, audited with the flags they were judged
/// with: every finding JUDGED.md marks TRUE is still reported, every FALSE one whose cause
/// is the audit's (who loads the nib) is gone; the FALSE ones whose cause is reading
/// (comma expressions, macros, setters with an `if`, an ivar and property of one name) are
/// the reader's to remove and are not asserted here. Every nib is audited or listed.
final class WildJudgedTests: XCTestCase {
    static let wild = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path + "/../shared/wild"
    /// Verdicts of JUDGED.md we believe wrong, each with its reason (said in the closing note).
    static let disputed: [String: String] = [
        // PassphraseWindowController.m:168-174 has a retaining `setPassphrase:` (`if (passphrase
        // != newValue) { [passphrase release]; passphrase = [newValue retain]; }`), the pattern
        // JUDGED.md marks FALSE for LoginWindowController's `password`: the nib retains through
        // it, and the release in dealloc balances that retain. JUDGED.md cites only the getter.
        "over-release|PassphraseWindowController|passphrase": "retaining setter with an if",
    ]

    struct Row { var kind, cls, member, file: String; var line: Int; var verdict: String; var cause: String? }

    func rows(_ project: String) throws -> [Row] {
        let text = try String(contentsOfFile: Self.wild + "/\(project)/JUDGED.md", encoding: .utf8)
        let re = try NSRegularExpression(pattern: #"^\| \d+ \| ([\w-]+), (\w+)\.(\S+), (\S+):(\d+) \| (TRUE|FALSE|UNSURE) \| (?:\[cause ([\w-]+)\])?"#, options: .anchorsMatchLines)
        let ns = text as NSString
        return re.matches(in: text, range: NSRange(location: 0, length: ns.length)).map { m in
            func g(_ i: Int) -> String? { m.range(at: i).location == NSNotFound ? nil : ns.substring(with: m.range(at: i)) }
            return Row(kind: g(1)!, cls: g(2)!, member: g(3)!, file: g(4)!, line: Int(g(5)!)!, verdict: g(6)!, cause: g(7))
        }
    }

    func check(_ project: String, _ flags: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        guard FileManager.default.fileExists(atPath: Self.wild + "/\(project)/JUDGED.md") else { throw XCTSkip("../shared/wild is absent") }
        var o = Audit.Options()
        o.dir = Self.wild + "/" + project
        if let p = flags.firstIndex(of: "--platform") { o.platform = PlatformName(rawValue: flags[p + 1]) }
        o.memory = .mrc
        let r = Audit.run(o)
        // (kind, class, member or file:line of a top-level object), consequences included.
        var reported = Set<String>()
        for f in r.findings {
            for k in [f.kind] + f.consequences.map(\.kind) {
                reported.insert(f.member.map { "\(k.id)|\(f.className)|\($0)" } ?? "\(k.id)|\(f.className)|\(f.location.file):\(f.location.line)")
                reported.insert("\(k.id)|\(f.className)|*")
            }
        }
        for row in try rows(project) {
            let key: String
            switch row.member {
            case "(top-level)": key = "\(row.kind)|\(row.cls)|\(row.file):\(row.line)"
            case "(nib)": key = "\(row.kind)|\(row.cls)|*"
            default: key = "\(row.kind)|\(row.cls)|\(row.member)"
            }
            if Self.disputed[key] != nil {
                XCTAssertFalse(reported.contains(key), "disputed TRUE verdict is reported: \(key)", file: file, line: line)
                continue
            }
            if row.verdict == "TRUE" { XCTAssertTrue(reported.contains(key), "TRUE finding gone: \(key)", file: file, line: line) }
            if row.verdict == "FALSE" {
                XCTAssertFalse(reported.contains(key), "FALSE finding still reported (\(row.cause ?? "?")): \(key)", file: file, line: line)
            }
        }
        XCTAssertTrue(r.nibs.allSatisfy { !$0.isError }, "every nib audited or listed with a reason: \(r.nibs.filter(\.isError).map(\.path))", file: file, line: line)
        XCTAssertEqual(r.status, 1, file: file, line: line)
    }

    func testIoctocat() throws { try check("ioctocat", ["--platform", "ios"]) }
    func testGrowl() throws { try check("growl", ["--platform", "mac"]) }

    /// tunnelblick: also the misses JUDGED.md lists, LoginWindowController's seven outlets
    /// released without ever being retained, each a finding of its own.
    func testTunnelblick() throws {
        try check("tunnelblick", ["--platform", "mac"])
        var o = Audit.Options()
        o.dir = Self.wild + "/tunnelblick"
        let members = Set(Audit.run(o).findings.filter { $0.className == "LoginWindowController" && $0.kind == .overRelease }.compactMap(\.member))
        XCTAssertTrue(Set(["mainText", "iconIV", "cancelButton", "OKButton", "usernameTFC", "passwordTFC", "saveInKeychainCheckbox"]).isSubset(of: members), "\(members.sorted())")
    }
}
