import Foundation
import XCTest
@testable import NibAudit
@testable import NibScriptCommandLine

/// Issue 25 item 4: ordinary names (a folder with `#`, `"` or a line break in its path, a
/// custom class that is no identifier, a Unicode identifier in a source) never cost the
/// audit its findings: every name goes into the script it runs through `ScriptText`.
final class AuditHostileNamesTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    var dirs: [String] = []
    override func tearDown() { for d in dirs { try? FileManager.default.removeItem(atPath: d) } }

    /// The profile app with its viewDidUnload bug (O4: `avatar` released, not set to nil),
    /// in a folder named `folder` inside a fresh temporary one; `edit` changes the xib.
    func project(folder: String, ivar: String = "nameLabel", edit: (String) -> String = { $0 }) throws -> String {
        let base = NSTemporaryDirectory() + "nibscript-hostile-names-\(name.filter { $0.isLetter })-\(ProcessInfo.processInfo.processIdentifier)"
        try? FileManager.default.removeItem(atPath: base)
        dirs.append(base)
        let dir = base + "/" + folder
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try """
        @interface ProfileViewController : UIViewController { IBOutlet UILabel *\(ivar); }
        @property (nonatomic, retain) IBOutlet UIImageView *avatar;
        @property (nonatomic, retain) IBOutlet UIButton *editButton;
        @end
        """.write(toFile: dir + "/R.h", atomically: false, encoding: .utf8)
        try """
        @implementation ProfileViewController
        @synthesize avatar, editButton;
        - (void)viewDidUnload { [avatar release]; self.editButton = nil; [\(ivar) release]; \(ivar) = nil; [super viewDidUnload]; }
        - (void)dealloc { [avatar release]; [editButton release]; [\(ivar) release]; [super dealloc]; }
        @end
        """.write(toFile: dir + "/R.m", atomically: false, encoding: .utf8)
        var xib = try String(contentsOfFile: Self.root + "/examples/audit/profile-app/Resources/ProfileView.xib", encoding: .utf8)
        xib = xib.replacingOccurrences(of: "property=\"nameLabel\"", with: "property=\"\(ivar)\"")
        try edit(xib).write(toFile: dir + "/ProfileView.xib", atomically: false, encoding: .utf8)
        return dir
    }

    func assertFindings(_ r: Driver.Result, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNotEqual(r.status, 2, r.stdout + r.stderr, file: file, line: line)
        XCTAssertFalse((r.stdout + r.stderr).contains("please report it"), r.stdout + r.stderr, file: file, line: line)
        XCTAssertTrue(r.stdout.contains("over-release [") && r.stdout.contains("`avatar` of ProfileViewController"), r.stdout, file: file, line: line)
    }

    /// `#` (a storyboard scene's separator), `"` and a line break in the folder's path.
    func testFolderPathWithHashQuoteAndLineBreak() throws {
        for folder in ["C# app", "say \"hi\"", "two\nlines", "back\\slash \\u{41}"] {
            assertFindings(Driver.main(["audit", try project(folder: folder)]))
        }
    }

    /// A Unicode identifier in the sources (`IBOutlet UILabel *café`).
    func testUnicodeIvar() throws {
        let r = Driver.main(["audit", try project(folder: "p", ivar: "café")])
        assertFindings(r)
        XCTAssertFalse(r.stdout.contains("outlets no nib connects"), r.stdout)
        // Before, the line `ivar café` was left out as "a reading limit", and loading the
        // nib crashed on the key `café` (a false finding).
        XCTAssertFalse(r.stdout.contains("left out (a reading limit)"), r.stdout)
        XCTAssertFalse(r.stdout.contains("crash ["), r.stdout)
    }

    /// Seeded: folders, a nib's file name and an object's custom class made of the characters
    /// that broke the script (`#`, quotes, backquotes, backslashes, `\u{`, line breaks,
    /// non-ASCII, dots and spaces); every audit keeps the owner's findings.
    func testSeededHostileProjectFolders() throws {
        var state: UInt64 = 25
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let alphabet: [String] = ["a", "Z", "_", "0", "-", " ", "#", "\"", "`", "\\", "\\u{41}", "\n", "\t", "é", "\u{301}", "日", ".", "&", ";", "@", ":", "{", "}", "'"]
        func word() -> String { (0..<(1 + Int(next() % 8))).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] }.joined() }
        func xmlAttribute(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
                .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: "\n", with: "&#10;").replacingOccurrences(of: "\t", with: "&#9;")
        }
        for _ in 0..<16 {
            // Not `.`, `..` or a hidden name (the audit skips those, by design).
            let folder = "p" + word(), nib = "N" + word(), cls = word()
            let dir = try project(folder: folder) { xib in
                xib.replacingOccurrences(of: "id=\"Img-aa-bbb\"", with: "id=\"Img-aa-bbb\" customClass=\"\(xmlAttribute(cls))\"")
            }
            try FileManager.default.moveItem(atPath: dir + "/ProfileView.xib", toPath: dir + "/" + nib + ".xib")
            let r = Driver.main(["audit", dir])
            assertFindings(r)
            if r.status == 2 || !r.stdout.contains("over-release [") {
                XCTFail("folder \(folder.debugDescription), nib \(nib.debugDescription), class \(cls.debugDescription)")
            }
        }
    }

    /// A custom class that is no identifier, for an object of the nib: the class is listed
    /// as not found, under its own name, and the findings of the owner are all there;
    /// `&#10;` cannot add lines to the script.
    func testCustomClassesThatAreNoIdentifiers() throws {
        for cls in ["My-Class", "A B", "Pröfile", "MyModule.Foo", "X&#10;scenario &quot;boom&quot; {&#10;}&#10;class Y", "`q`\\"] {
            let dir = try project(folder: "p") { xib in
                // The avatar's image view gets the custom class.
                xib.replacingOccurrences(of: "id=\"Img-aa-bbb\"", with: "id=\"Img-aa-bbb\" customClass=\"\(cls)\"")
            }
            let r = Driver.main(["audit", dir])
            assertFindings(r)
        }
    }
}
