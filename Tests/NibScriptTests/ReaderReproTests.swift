import Foundation
import XCTest
@testable import NibScript

/// The causes of wrong findings on whole real projects that were about reading the sources
/// (issue 23, `../shared/wild/repros/`), each with fixtures of our own: the nib is one of the
/// package's examples, the sources are written here. Each case also runs the way the old
/// scanner read it (the statement written plainly wrong, or left out) to show the audit does
/// tell the two apart.
final class ReaderReproTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    func audit(_ files: [String: String], xib: String, _ options: [String] = []) throws -> Driver.Result {
        let dir = NSTemporaryDirectory() + "nibscript-reader-\(name.filter { $0.isLetter })-\(ProcessInfo.processInfo.processIdentifier)"
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (n, text) in files { try text.write(toFile: dir + "/" + n, atomically: false, encoding: .utf8) }
        try FileManager.default.copyItem(atPath: Self.root + "/" + xib, toPath: dir + "/" + (xib as NSString).lastPathComponent)
        return Driver.main(["audit"] + options + [dir])
    }

    static let profileHeader = """
    @interface ProfileViewController : UIViewController
    @property (nonatomic, retain) IBOutlet UILabel *nameLabel;
    @property (nonatomic, retain) IBOutlet UIImageView *avatar;
    @property (nonatomic, retain) IBOutlet UIButton *editButton;
    @end
    """

    func profile(dealloc: String) -> [String: String] {
        ["P.h": Self.profileHeader, "P.m": """
        #import "P.h"
        @implementation ProfileViewController
        - (void)viewDidUnload { [super viewDidUnload]; self.nameLabel = nil; self.avatar = nil; self.editButton = nil; }
        - (void)dealloc {
        \(dealloc)
        }
        @end
        """]
    }

    /// `[_x release], _x = nil;` is two statements, not one skipped.
    func testCommaExpressionInDealloc() throws {
        let good = try audit(profile(dealloc: """
            [_nameLabel release], _nameLabel = nil;
            [_avatar release], _avatar = nil;
            [_editButton release], _editButton = nil;
            [super dealloc];
        """), xib: "examples/audit/profile-app/Resources/ProfileView.xib")
        XCTAssertEqual(good.status, 0, good.stdout)
        let bad = try audit(profile(dealloc: """
            [_nameLabel release], _nameLabel = nil;
            _avatar = nil, [_editButton release];
            [super dealloc];
        """), xib: "examples/audit/profile-app/Resources/ProfileView.xib")
        XCTAssertTrue(bad.stdout.contains("leak [O6 O9] `avatar` of ProfileViewController"), bad.stdout)
        XCTAssertFalse(bad.stdout.contains("`editButton`"), bad.stdout)
    }

    /// The project's memory macros, from a header it imports, ARC-neutral.
    func testMemoryMacrosOfAnImportedHeader() throws {
        var files = profile(dealloc: """
            SAFE_RELEASE(_nameLabel);
            RELEASE_SAFELY(_avatar);
            SAFE_RELEASE(_editButton);
            DEALLOC_SUPER;
        """)
        files["Memory.h"] = """
        #if __has_feature(objc_arc)
        #  define SAFE_RELEASE(p) p = nil
        #  define DEALLOC_SUPER
        #else
        #  define SAFE_RELEASE(p) [p release], p = nil
        #  define DEALLOC_SUPER [super dealloc]
        #endif
        #define RELEASE_SAFELY(p) { [p release]; p = nil; }
        """
        files["P.h"] = "#import \"Memory.h\"\n" + Self.profileHeader
        let r = try audit(files, xib: "examples/audit/profile-app/Resources/ProfileView.xib")
        XCTAssertEqual(r.status, 0, r.stdout)
        files["Memory.h"] = files["Memory.h"]!.replacingOccurrences(of: "{ [p release]; p = nil; }", with: "p = nil")
        let bad = try audit(files, xib: "examples/audit/profile-app/Resources/ProfileView.xib")
        XCTAssertTrue(bad.stdout.contains("leak [O6 O9] `avatar` of ProfileViewController"), bad.stdout)
    }

    /// An ivar `avatar` and `@property (retain) IBOutlet … *avatar` synthesized to it are one
    /// member: the property (the loader calls its setter), which viewDidUnload sets to nil.
    func testIvarAndPropertyOfTheSameName() throws {
        let files = ["P.h": """
        @interface ProfileViewController : UIViewController {
            UILabel *nameLabel;
            UIImageView *avatar;
            UIButton *editButton;
        }
        @property (retain, nonatomic) IBOutlet UILabel *nameLabel;
        @property (retain, nonatomic) IBOutlet UIImageView *avatar;
        @property (retain, nonatomic) IBOutlet UIButton *editButton;
        @end
        """, "P.m": """
        @implementation ProfileViewController
        @synthesize nameLabel, avatar, editButton;
        - (void)viewDidUnload { [super viewDidUnload]; [self setNameLabel:nil]; [self setAvatar:nil]; [self setEditButton:nil]; }
        - (void)dealloc { [nameLabel release]; [avatar release]; [editButton release]; [super dealloc]; }
        @end
        """]
        let r = try audit(files, xib: "examples/audit/profile-app/Resources/ProfileView.xib")
        XCTAssertEqual(r.status, 0, r.stdout)
        let bad = try audit(files.mapValues { $0.replacingOccurrences(of: "[self setAvatar:nil]; ", with: "") },
                            xib: "examples/audit/profile-app/Resources/ProfileView.xib", ["--platform", "ios5.1"])
        XCTAssertTrue(bad.stdout.contains("abandoned after a memory warning [V7] `avatar` of ProfileViewController"), bad.stdout)
    }

    /// A Mac ivar outlet with a hand-written retaining setter whose body is an `if`: the
    /// loader retains through it, so the release in dealloc is right. Without the setter the
    /// same release is an over-release (N6).
    func testRetainingSetterWithAnIf() throws {
        let header = """
        @interface WindowOwner : NSObject {
            IBOutlet NSWindow *window;
            IBOutlet NSTextField *field;
            IBOutlet Helper *helper;
        }
        @end
        @interface Helper : NSObject
        @end
        """
        let setter = """
        - (void)setField:(NSTextField *)newField {
            if (field != newField) {
                [field release];
                field = (NSTextField *)[newField retain];
            }
        }
        """
        func owner(_ extra: String) -> [String: String] {
            ["WindowOwner.h": header, "WindowOwner.m": """
            #import "WindowOwner.h"
            @implementation WindowOwner
            \(extra)
            - (void)dealloc { [field release]; [window release]; [helper release]; [super dealloc]; }
            @end
            """]
        }
        let r = try audit(owner(setter), xib: "examples/xib/Document.xib")
        XCTAssertFalse(r.stdout.contains("over-release"), r.stdout)
        XCTAssertFalse(r.stdout.contains("`field`"), r.stdout)
        let bad = try audit(owner(""), xib: "examples/xib/Document.xib")
        XCTAssertTrue(bad.stdout.contains("over-release [N6 O4] `field` of WindowOwner"), bad.stdout)
    }

    /// A category on a framework class (`NSColor (Shade)`) adds methods to NSColor; it is not a
    /// class of the project, and a member of that type does not stop the nib's audit.
    func testCategoryOnAFrameworkClass() throws {
        var files = profile(dealloc: "[_nameLabel release]; [_avatar release]; [_editButton release]; [_tint release]; [super dealloc];")
        files["UIColor+Shade.h"] = "@interface UIColor (Shade)\n- (UIColor *)darker;\n@end\n"
        files["UIColor+Shade.m"] = "#import \"UIColor+Shade.h\"\n@implementation UIColor (Shade)\n- (UIColor *)darker { return self; }\n@end\n"
        files["P.h"] = Self.profileHeader.replacingOccurrences(of: "@end", with: "@property (nonatomic, retain) UIColor *tint;\n@end")
        let r = try audit(files, xib: "examples/audit/profile-app/Resources/ProfileView.xib")
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("ProfileView.xib: owner ProfileViewController (view controller)"), r.stdout)
    }
}
