import Foundation
import XCTest
@testable import NibAudit
@testable import NibScriptCommandLine

/// The passes that read the sources' text with patterns read code only (R5): a hand-over
/// (B13) or a loading call under a computed name (L5) commented out, left in an `#if 0`
/// block or written in a string literal (a log message) is not there. Each fixture is the
/// same project with the one statement written four ways; only the real one counts.
extension AuditLoaderTests {
    /// The ways a statement can be in a file without being code.
    static func notCode(_ statement: String) -> [String: String] {
        ["line comment": "    // \(statement)",
         "block comment": "    /*\n    \(statement)\n    */",
         "#if 0": "#if 0\n    \(statement)\n#else\n    [self class];\n#endif",
         "string": "    NSLog(@\"would call \(statement.replacingOccurrences(of: "\"", with: "\\\""))\");"]
    }

    func handOverProject(_ handOver: String) throws -> String {
        try project([
            "Src/Prefs.h": "@interface Prefs : NSWindowController {\n    NSToolbar *toolbar;\n}\n+ (id)sharedInstance;\n@end\n",
            "Src/Prefs.m": """
                @implementation Prefs
                + (id)sharedInstance {
                    static id prefs = nil;
                    if (!prefs) prefs = [[self alloc] initWithWindowNibName:@"Prefs"];
                    return prefs;
                }
                - (void)windowDidLoad {
                    toolbar = [[NSToolbar alloc] initWithIdentifier:@"prefs"];
                    [toolbar setDelegate:self];
                \(handOver)
                    [toolbar release];
                }
                @end

                """,
            "Prefs.xib": macXib(owner: "Prefs", outlets: [("window", "w1")], objects: window),
        ])
    }

    /// B13: the hand-over only counts as code. Commented out over several lines (`/* … */`),
    /// the toolbar was taken as handed to the window before.
    func testAHandOverThatIsNotCodeHandsNothingOver() throws {
        let statement = "[[self window] setToolbar:toolbar];"
        let real = audit(["--platform", "mac", try handOverProject("    " + statement)]).stdout
        XCTAssertFalse(real.contains("`toolbar` of Prefs"), real)
        for (way, text) in Self.notCode(statement).sorted(by: { $0.key < $1.key }) {
            let out = audit(["--platform", "mac", try handOverProject(text)]).stdout
            XCTAssertTrue(out.contains("dangling reference [O10 V8] `toolbar` of Prefs"), "\(way):\n\(out)")
        }
    }

    func computedNameProject(load: String, name: String = "- (NSString *)mainNibName { return @\"GeneralPrefs\"; }") throws -> String {
        try project([
            "Pane.h": "@interface Pane : NSObject {\n    IBOutlet NSWindow *_window;\n    NSView *_mainView;\n}\n- (NSString *)mainNibName;\n- (NSView *)loadMainView;\n@end\n",
            "Pane.m": """
                @implementation Pane
                - (NSString *)mainNibName { return NSStringFromClass([self class]); }
                - (NSView *)loadMainView {
                \(load)
                    _mainView = [[_window contentView] retain];
                    [_window release];
                    _window = nil;
                    return _mainView;
                }
                - (void)dealloc {
                    [_mainView release];
                    [super dealloc];
                }
                @end
                """,
            "GeneralPane.h": "@interface GeneralPane : Pane\n@end\n",
            "GeneralPane.m": "@implementation GeneralPane\n\(name)\n@end\n",
            "GeneralPrefs.xib": macXib(owner: "GeneralPane", outlets: [("_window", "w1")], objects: window),
        ])
    }

    /// L5's computed names: the loading call `[self mainNibName]`, and the subclass's
    /// `return @"X"`, count only as code. Before, one in an `#if 0` block or a string made
    /// the nib "loaded by" that call and its `[_window release]` followed (no leak).
    func testAComputedNameLoadThatIsNotCodeLoadsNothing() throws {
        let statement = "[NSBundle loadNibNamed:[self mainNibName] owner:self];"
        let real = audit(["--platform", "mac", try computedNameProject(load: "    " + statement)]).stdout
        XCTAssertTrue(real.contains("loaded by: Pane.m:4 `loadNibNamed:[self mainNibName]` (`-mainNibName` returns @\"GeneralPrefs\""), real)
        XCTAssertFalse(real.contains("`_window` of Pane"), real)
        for (way, text) in Self.notCode(statement).sorted(by: { $0.key < $1.key }) {
            let out = audit(["--platform", "mac", try computedNameProject(load: text)]).stdout
            XCTAssertFalse(out.contains("`loadNibNamed:[self mainNibName]`"), "\(way):\n\(out)")
            XCTAssertTrue(out.contains("leak [N3 O9] `_window` of Pane"), "\(way):\n\(out)")
        }
        // The name method not code: GeneralPane inherits its class's name, "GeneralPane".
        let method = "- (NSString *)mainNibName { return @\"GeneralPrefs\"; }"
        for (way, text) in [("#if 0", "#if 0\n\(method)\n#endif"), ("block comment", "/*\n\(method)\n*/")] {
            let out = audit(["--platform", "mac", try computedNameProject(load: "    " + statement, name: text)]).stdout
            XCTAssertFalse(out.contains("returns @\"GeneralPrefs\""), "\(way):\n\(out)")
            XCTAssertTrue(out.contains("leak [N3 O9] `_window` of Pane"), "\(way):\n\(out)")
        }
    }

    func modalProject(_ present: String) throws -> String {
        try project([
            "SheetController.h": "@interface SheetController : UIViewController {\n    IBOutlet UILabel *label;\n}\n@end\n",
            "SheetController.m": "@implementation SheetController\n- (void)dealloc {\n    [label release];\n    [super dealloc];\n}\n@end\n",
            "Opener.h": "@interface Opener : UIViewController\n- (IBAction)open:(id)sender;\n@end\n",
            "Opener.m": """
                @implementation Opener
                - (IBAction)open:(id)sender {
                    SheetController *s = [[SheetController alloc] initWithNibName:@"Sheet" bundle:nil];
                \(present)
                    [s release];
                }
                @end
                """,
            "Sheet.xib": iOSXib(owner: "SheetController", outlets: [("view", "v"), ("label", "l")], objects: iOSViewWithLabel),
        ])
    }

    /// B6 reads code only too: a controller whose creator's present is commented out, in an
    /// `#if 0` block or a log message is not presented modally (before, any of them was).
    func testAModalPresentThatIsNotCodePresentsNothing() throws {
        let statement = "[self presentModalViewController:s animated:YES];"
        let real = audit(["--platform", "ios", try modalProject("    " + statement)]).stdout
        XCTAssertTrue(real.contains("presented modally by its creator (Opener.m:3)"), real)
        for (way, text) in Self.notCode(statement).sorted(by: { $0.key < $1.key }) {
            let out = audit(["--platform", "ios", try modalProject(text)]).stdout
            XCTAssertFalse(out.contains("presented modally"), "\(way):\n\(out)")
        }
    }

    /// L1–L6 read no `#if 0` block: a nib whose only load (and only mention) is in one is
    /// unused (L4), not loaded by it.
    func testALoadInAnIfZeroBlockLoadsNothing() throws {
        func files(_ load: String) -> [String: String] {
            ["Loader.h": "@interface Loader : NSObject\n- (void)show;\n@end\n",
             "Loader.m": "@implementation Loader\n- (void)show {\n\(load)\n}\n@end\n",
             "Old.xib": macXib(owner: "NSObject", objects: window)]
        }
        let statement = "    [NSBundle loadNibNamed:@\"Old\" owner:self];"
        let real = audit(["--platform", "mac", try project(files(statement))]).stdout
        XCTAssertTrue(real.contains("loaded by: Loader.m:3 `loadNibNamed:@\"Old\"`"), real)
        let dead = audit(["--platform", "mac", try project(files("#if 0\n\(statement)\n#endif"))]).stdout
        XCTAssertTrue(dead.contains("unused: File's Owner is NSObject, no source names it"), dead)
        XCTAssertFalse(dead.contains("loaded by: Loader.m"), dead)
    }

    /// The cleaner keeps lines, blanks an `#if 0` region up to its `#else` (nested `#if`s
    /// followed), and an `#if 0` inside a comment opens nothing.
    func testTheCodeTextBlanksIfZeroRegions() {
        let text = "a\n#if 0\nb\n#ifdef X\nc\n#endif\nd\n#else\ne\n#endif\n// #if 0\nf\n/* #if 0 */\ng\n"
        let code = NibLoaders.codeText(text).components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(code.count, text.components(separatedBy: "\n").count)
        XCTAssertEqual(code.filter { !$0.isEmpty && !$0.hasPrefix("#") }, ["a", "e", "f", "g"])
        XCTAssertEqual(NibLoaders.codeText("x = @\"Strip\";", keepNames: false), "x = @\"     \";")
    }
}
