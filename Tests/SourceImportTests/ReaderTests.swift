import XCTest
@testable import SourceImport

/// Reads files as a project (headers' macros, prefix headers) under the given settings.
func readProject(_ files: [(String, String)], settings: ReaderSettings = ReaderSettings()) -> ImportedProject {
    SourceReader.read(files.map { (path: $0.0, bytes: Array($0.1.utf8)) }, settings: settings)
}

/// The Objective-C real code is written in: statements, macros, conditions, declarations.
final class ReaderTests: XCTestCase {
    func kinds(_ p: ImportedProject, _ cls: String, _ sel: String) -> [ImportedStatementKind] {
        p[cls]?.method(sel)?.statements.map(\.kind) ?? []
    }

    // MARK: Tokens

    func testTokensKeepPlacesAndJoinPunctuators() {
        let t = ObjCLexer.tokens(Array("a->b == c /* x\n y */ @\"s\\\"t\" 'c' 1.5e-3f\n#define X(y) \\\n  y##1 ...".utf8))
        XCTAssertEqual(t.map(\.text), ["a", "->", "b", "==", "c", "@\"s\\\"t\"", "'c'", "1.5e-3f", "#", "define", "X", "(", "y", ")", "y", "##", "1", "..."])
        XCTAssertEqual(t[5].kind, .string)
        XCTAssertEqual(t[5].line, 2, "a comment's newlines count")
        XCTAssertEqual(t[8].directiveLine, 3)
        XCTAssertEqual(t[14].directiveLine, 3, "a backslash-newline continues the directive")
        XCTAssertEqual(t[14].line, 4)
        XCTAssertFalse(t[11].spaceBefore, "`X(`: a function-like macro")
    }

    // MARK: Statements

    func testCommaExpressionsAreTheirParts() {
        let p = readProject([("A.m", """
        @interface A : UIViewController
        @property (nonatomic, retain) IBOutlet UILabel *label;
        @end
        @implementation A
        - (void)dealloc {
            [_label release], _label = nil;
            [super dealloc];
        }
        @end
        """)])
        XCTAssertEqual(kinds(p, "A", "dealloc"), [.release("_label"), .setNil("_label", viaSetter: false), .superCall])
        XCTAssertEqual(p["A"]?.method("dealloc")?.skipped, 0)
    }

    func testBranchesLoopsSwitchTryAndEarlyReturnAreThePath() {
        let p = readProject([("B.m", """
        @interface B : NSObject { UIView *a; UIView *b; UIView *c; UIView *d; UIView *e; UIView *f; }
        @end
        @implementation B
        - (void)dealloc {
            if (a) [a release]; else { [b release]; }
            for (id x in list) { [c release]; }
            switch (mode) {
            case 1: [d release]; break;
            default: break;
            }
            @try { [e release]; } @catch (NSException *x) { [e autorelease]; } @finally { [f retain]; }
            if (!f) return;
            [f release];
            [super dealloc];
            return;
            [a release];
        }
        @end
        """)])
        let st = p["B"]!.method("dealloc")!.statements
        XCTAssertEqual(st.map(\.kind), [.release("a"), .release("b"), .release("c"), .release("d"), .release("e"), .autorelease("e"),
                                        .retain("f"), .release("f"), .superCall])
        XCTAssertEqual(st.map { $0.path.map(\.description) }, [
            ["if (a)"], ["else of if (a)"], ["for (id x in list)"], ["case 1 of switch (mode)"], ["@try"], ["@catch (NSException *x)"],
            [], ["unless if (!f) returned"], ["unless if (!f) returned"],
        ])
        XCTAssertEqual(p["B"]!.method("dealloc")!.skipped, 1, "the release after the last return is never reached")
        XCTAssertTrue(st[0].isUnconditional(nilChecking: ["a"]), "releasing nil does nothing: `if (a)` is as good as always")
        XCTAssertFalse(st[1].isUnconditional(nilChecking: ["b"]))
        XCTAssertTrue(st[7].isUnconditional(nilChecking: ["f"]))
        XCTAssertFalse(st[2].isUnconditional(nilChecking: ["c"]), "a loop may run never or often")
    }

    func testStatementsNotUnderstoodAreRecordedPerMethod() {
        let p = readProject([("C.m", """
        @interface C : UIViewController { UILabel *label; }
        @end
        @implementation C
        - (void)viewDidUnload {
            [super viewDidUnload];
            [self releaseOutlets:label];
            if (flag) { label.text = nil; }
        }
        @end
        """)])
        let m = p["C"]!.method("viewDidUnload")!
        XCTAssertEqual(m.unread.map(\.text), ["[self releaseOutlets: label];", "label.text = nil;"])
        XCTAssertEqual(m.unread[1].path.map(\.description), ["if (flag)"])
        XCTAssertEqual(m.unread(naming: ["label"]).count, 2)
        XCTAssertEqual(m.unread(naming: ["other"]).count, 0)
        XCTAssertEqual(m.skipped, 2)
        XCTAssertEqual(p["C"]!.unread(naming: ["label"]).map(\.method.selector), ["viewDidUnload", "viewDidUnload"])
    }

    func testSelfArrowAndCasts() {
        let p = readProject([("D.m", """
        @interface D : NSObject { IBOutlet NSButton *box; }
        @end
        @implementation D
        - (void)dealloc { [self->box release]; self->box = nil; [(id)box release]; [super dealloc]; }
        - (void)setBox:(NSButton *)v { if (box != v) { [box release]; box = (NSButton *) [v retain]; } }
        @end
        """)])
        XCTAssertEqual(kinds(p, "D", "dealloc"), [.release("box"), .setNil("box", viaSetter: false), .release("box"), .superCall])
        let setter = p["D"]!.method("setBox:")!
        XCTAssertEqual(setter.statements.map(\.kind), [.release("box"), .storeArgument("box", retained: true)])
        XCTAssertEqual(setter.statements.map { $0.path.map(\.description) }, [["if (box != v)"], ["if (box != v)"]])
        XCTAssertEqual(setter.skipped, 0)
    }

    // MARK: Macros

    func testMacrosOfImportedHeadersExpandWhereUsed() {
        let p = readProject([
            ("Lib/Memory.h", """
            #define RELEASE(x) [x release]
            #define SUPER_DEALLOC [super dealloc]
            #define SAFELY(p) { [p release]; p = nil; }
            #define CLEAR(p) do { RELEASE(p); p = nil; } while (0)
            #define OWN retain
            """),
            ("E.h", """
            #import "Memory.h"
            @interface E : UIViewController
            @property (nonatomic, OWN) IBOutlet UILabel *a;
            @property (nonatomic, OWN) IBOutlet UILabel *b;
            @property (nonatomic, OWN) IBOutlet UILabel *c;
            @end
            """),
            ("E.m", """
            #import "E.h"
            @implementation E
            - (void)dealloc {
                RELEASE(_a);
                SAFELY(_b);
                CLEAR(_c);
                SUPER_DEALLOC;
            }
            @end
            """),
        ])
        let e = p["E"]!
        XCTAssertEqual(e.member("a")?.kind, .property(attribute: .retain, ivar: "_a"), "an attribute written as a macro")
        let st = e.method("dealloc")!.statements
        XCTAssertEqual(st.map(\.kind), [.release("_a"), .release("_b"), .setNil("_b", viaSetter: false), .release("_c"),
                                        .setNil("_c", viaSetter: false), .superCall])
        XCTAssertTrue(st.allSatisfy { $0.path.isEmpty }, "`do { … } while (0)` runs once")
        XCTAssertEqual(st.map(\.macro), ["RELEASE", "SAFELY", "SAFELY", "CLEAR", "CLEAR", "SUPER_DEALLOC"])
        XCTAssertEqual(st[0].place.line, 4, "an expansion is placed at its use")
        XCTAssertTrue(e.usesMRC)
    }

    func testMacroArgumentsStringsPastingAndRecursionLimits() {
        let p = readProject([("F.m", """
        #define CAT(a, b) a ## b
        #define NAME(x) CAT(_, x)
        #define LOOP LOOP
        #define PING PONG
        #define PONG PING
        #define LOG(fmt, ...) NSLog(fmt, __VA_ARGS__)
        @interface F : NSObject { UIView *_view; }
        @end
        @implementation F
        - (void)dealloc {
            [NAME(view) release];
            LOOP;
            PING;
            LOG(@"%@", #x);
            [super dealloc];
        }
        @end
        """)])
        let m = p["F"]!.method("dealloc")!
        XCTAssertEqual(m.statements.map(\.kind), [.release("_view"), .superCall])
        XCTAssertEqual(m.unread.map(\.text), ["LOOP;", "PING;", "NSLog(@\"%@\", # x);"], "a macro never expands inside itself")
    }

    func testPrefixHeaderMacrosReachEveryFile() {
        let p = readProject([
            ("App-Prefix.pch", "#define KILL(x) [x release]; x = nil\n"),
            ("G.m", """
            @interface G : NSObject { id thing; }
            @end
            @implementation G
            - (void)dealloc { KILL(thing); [super dealloc]; }
            @end
            """),
        ])
        XCTAssertEqual(kinds(p, "G", "dealloc"), [.release("thing"), .setNil("thing", viaSetter: false), .superCall])
    }

    // MARK: Conditions

    static let arcNeutral = """
    #ifndef MACROS_H
    #define MACROS_H
    #if __has_feature(objc_arc)
    #define REL(x) x = nil
    #define SUPER_DEALLOC
    #else
    #define REL(x) [x release], x = nil
    #define SUPER_DEALLOC [super dealloc]
    #endif
    #endif
    """

    static let arcNeutralUser = """
    #import "Macros.h"
    @interface H : NSViewController { NSTextField *_field; }
    @end
    @implementation H
    - (void)dealloc {
    #if __has_feature(objc_arc)
        _field = nil;
    #else
        [_field release];
    #endif
        REL(_field);
        SUPER_DEALLOC;
    }
    @end
    """

    func testConditionsTheSettingsDecide() {
        let mrc = readProject([("Macros.h", Self.arcNeutral), ("H.m", Self.arcNeutralUser)], settings: ReaderSettings(arc: false))
        XCTAssertEqual(kinds(mrc, "H", "dealloc"), [.release("_field"), .release("_field"), .setNil("_field", viaSetter: false), .superCall])
        XCTAssertTrue(mrc["H"]!.method("dealloc")!.statements.allSatisfy { $0.conditions.isEmpty })
        let arc = readProject([("Macros.h", Self.arcNeutral), ("H.m", Self.arcNeutralUser)], settings: ReaderSettings(arc: true))
        XCTAssertEqual(kinds(arc, "H", "dealloc"), [.setNil("_field", viaSetter: false), .setNil("_field", viaSetter: false)])
        XCTAssertFalse(arc["H"]!.usesMRC)
    }

    func testAFileMayHaveSettingsOfItsOwn() {
        let files = [("Macros.h", Self.arcNeutral), ("H.m", Self.arcNeutralUser)].map { (path: $0.0, bytes: Array($0.1.utf8)) }
        let p = SourceReader.read(files, settings: ReaderSettings(arc: false)) { $0 == "H.m" ? ReaderSettings(arc: true) : nil }
        XCTAssertEqual(kinds(p, "H", "dealloc"), [.setNil("_field", viaSetter: false), .setNil("_field", viaSetter: false)],
                       "H.m is ARC (-fobjc-arc), and so are the header's macros it sees")
        XCTAssertFalse(p["H"]!.usesMRC)
    }

    func testUndecidedConditionsReadBothBranchesMarked() {
        let p = readProject([("Macros.h", Self.arcNeutral), ("H.m", Self.arcNeutralUser)])
        let st = p["H"]!.method("dealloc")!.statements
        XCTAssertEqual(st.map(\.kind), [.setNil("_field", viaSetter: false), .release("_field"), .release("_field"),
                                        .setNil("_field", viaSetter: false), .superCall])
        XCTAssertEqual(st.map(\.requiresARC), [true, false, false, false, false],
                       "a macro defined both ways expands as the manual-counting one, marked")
        XCTAssertEqual(st[0].conditions, ["#if __has_feature(objc_arc)"])
        XCTAssertEqual(st[1].conditions, ["#else (of #if __has_feature(objc_arc))"])
        XCTAssertTrue(p["H"]!.usesMRC)
    }

    func testBuildDefinesDecideFeatureFlags() {
        let text = """
        #ifdef WITH_EXTRA
        @interface Extra : NSWindowController { IBOutlet NSButton *quit; }
        @end
        #endif
        #if 0
        @interface Never : NSObject
        @end
        #endif
        #if TARGET_OS_IPHONE
        @interface Phone : UIViewController
        @end
        #else
        @interface Desk : NSViewController
        @end
        #endif
        """
        let unknown = readProject([("X.h", text)])
        XCTAssertEqual(unknown.classes.map(\.name), ["Extra", "Phone", "Desk"])
        XCTAssertEqual(unknown["Extra"]?.conditions, ["#ifdef WITH_EXTRA"])
        let known = readProject([("X.h", text)], settings: ReaderSettings(platform: .mac, defines: [:], buildDefinesKnown: true))
        XCTAssertEqual(known.classes.map(\.name), ["Desk"])
        let with = readProject([("X.h", text)], settings: ReaderSettings(platform: .ios, defines: ["WITH_EXTRA": "1"], buildDefinesKnown: true))
        XCTAssertEqual(with.classes.map(\.name), ["Extra", "Phone"])
        XCTAssertEqual(with["Extra"]?.conditions, [])
    }

    // MARK: Declarations

    func testSynthesizeListsReadwriteRedeclarationAndImplementationIvars() {
        let p = readProject([
            ("K.h", """
            @interface K : UIViewController
            @property (nonatomic, readonly) UILabel *title;
            @property (nonatomic, retain) IBOutlet UIView *a, *b;
            @end
            """),
            ("K.m", """
            @interface K ()
            @property (nonatomic, readwrite, retain) IBOutlet UILabel *title;
            @end
            @implementation K {
                IBOutlet UIButton *button;
                __weak id watcher;
            }
            @synthesize a = _first, b, title;
            @end
            """),
        ])
        let k = p["K"]!
        XCTAssertEqual(k.members.map(\.name), ["title", "a", "b", "button", "watcher"])
        XCTAssertEqual(k.member("title")?.kind, .property(attribute: .retain, ivar: "title"))
        XCTAssertEqual(k.member("title")?.isReadonly, false)
        XCTAssertEqual(k.member("title")?.isOutlet, true)
        XCTAssertEqual(k.member("a")?.ivarName, "_first")
        XCTAssertEqual(k.member("b")?.ivarName, "b")
        XCTAssertEqual(k.member("button")?.kind, .ivar(qualifier: nil))
        XCTAssertEqual(k.member("watcher")?.kind, .ivar(qualifier: .weak))
        XCTAssertEqual(p.classes.count, 1, "the class extension is no class of its own")
    }

    func testIvarAndPropertyPairedAsTheCompilerPairsThem() {
        let p = readProject([("L.h", """
        @interface L : UIViewController {
            UILabel *label;
            IBOutlet UIView *_panel;
            UIView *spare;
            NSString *note;
        }
        @property (retain, nonatomic) IBOutlet UILabel *label;
        @property (nonatomic, readonly) UIView *panel;
        @property (nonatomic, retain) IBOutlet UIView *spare;
        @end
        @implementation L
        @synthesize label;
        @end
        """)])
        let l = p["L"]!
        // `label`: synthesized to the ivar `label`; `panel`: default synthesis to the IBOutlet
        // ivar `_panel`; `spare`: synthesized to `_spare`, beside an unrelated ivar `spare`.
        XCTAssertEqual(l.members.map(\.name), ["spare", "note", "label", "panel", "spare"])
        XCTAssertEqual(l.member("label")?.kind, .property(attribute: .retain, ivar: "label"))
        XCTAssertEqual(l.member("label")?.isOutlet, true)
        XCTAssertEqual(l.member("panel")?.ivarName, "_panel")
        XCTAssertEqual(l.member("panel")?.isOutlet, true, "the IBOutlet of its ivar")
        XCTAssertEqual(l.member("panel")?.isReadonly, true)
        XCTAssertEqual(l.member("spare")?.ivarName, "_spare", "the property, not the ivar of its name")
        XCTAssertEqual(l.member(forIvarOrName: "_panel")?.name, "panel")
    }

    func testCategoriesAndExtensionsOnAnyClassAreNeverADefinition() {
        let p = readProject([
            ("NSColor+Shade.h", """
            @interface NSColor (Shade)
            @property (nonatomic, readonly) NSColor *shadow;
            - (NSColor *)darker;
            @end
            """),
            ("NSColor+Shade.m", "@implementation NSColor (Shade)\n- (NSColor *)darker { return self; }\n@end\n"),
            ("M.h", "@interface M : NSWindowController { NSColor *tint; }\n@end\n"),
            ("M+Extra.h", "@interface M (Extra)\n@property (nonatomic, retain) IBOutlet NSView *extra;\n@end\n"),
        ])
        XCTAssertEqual(p.classes.map(\.name), ["M"])
        XCTAssertNil(p["NSColor"])
        XCTAssertEqual(p.categories.map(\.name), ["NSColor"])
        XCTAssertEqual(p["M"]?.members.map(\.name), ["tint", "extra"])
        XCTAssertEqual(p["M"]?.superclass, "NSWindowController")
    }

    func testPropertiesFromProtocolsTheClassSynthesizes() {
        let p = readProject([("N.m", """
        @protocol Named;
        @protocol Titled <NSObject>
        @property (nonatomic, retain) IBOutlet UILabel *titleLabel;
        @end
        @protocol Named <Titled>
        @property (nonatomic, copy) NSString *name;
        @property (nonatomic, retain) UIView *unused;
        @end
        @interface N : UIViewController <Named>
        @end
        @implementation N
        @synthesize titleLabel = _titleLabel, name;
        - (void)dealloc { [_titleLabel release]; Protocol *p = @protocol(Named); [super dealloc]; }
        @end
        """)])
        XCTAssertEqual(p["N"]?.members.map(\.name).sorted(), ["name", "titleLabel"])
        XCTAssertEqual(p["N"]?.member("titleLabel")?.isOutlet, true)
        XCTAssertEqual(p.protocols.map(\.name), ["Titled", "Named"])
    }

    func testObjectiveCPlusPlusAroundTheObjectiveC() {
        let p = readProject([("P.mm", """
        #include <vector>
        namespace util { template <typename T> struct Box { T value; Box() : value() {} }; }
        class Counter { public: int n; void bump() { if (n > 0) { n++; } } };
        @interface P : UIViewController {
            std::vector<int> numbers;
            std::map<int, std::vector<int>> table;
            IBOutlet UILabel *label;
        }
        @end
        static int helper(int a) { return a > 1 ? a : [P count]; }
        @implementation P
        - (void)dealloc {
            std::vector<int>::iterator it = numbers.begin();
            try { throw 1; } catch (...) { }
            auto f = [&](int x) { return x + 1; };
            [label release];
            [super dealloc];
        }
        @end
        """)])
        XCTAssertEqual(p["P"]?.members.map(\.name), ["label"])
        XCTAssertEqual(kinds(p, "P", "dealloc"), [.release("label"), .superCall])
    }

    func testSwiftSourcesStillRead() {
        let p = readProject([("S.swift", """
        import UIKit
        class S: UIViewController {
            @IBOutlet weak var label: UILabel!
            deinit { label = nil }
        }
        """)])
        XCTAssertEqual(p["S"]?.members.map(\.name), ["label"])
        XCTAssertEqual(kinds(p, "S", "dealloc"), [.setNil("label", viaSetter: true)])
    }
}
