import XCTest
@testable import SourceImport

/// The scanner's first tests, moved here from NibScriptTests with the reader they test.
final class SourceScannerTests: XCTestCase {
    func scan(_ text: String, path: String = "T.m") -> [ImportedClass] {
        var p = ImportedProject()
        p.merge(path.hasSuffix(".swift") ? SwiftScanner.scan(path: path, bytes: Array(text.utf8)) : ObjCScanner.scan(path: path, bytes: Array(text.utf8)))
        p.finish()
        return p.classes
    }

    func testObjCOutletsPropertiesAndSynthesis() {
        let c = scan("""
        @interface A : UIViewController {
            IBOutlet UILabel *label, *other;   // two declarators
            __weak IBOutlet UIView *box;
            int count;
            id delegate;
        }
        @property (nonatomic, retain) IBOutlet UIImageView *image;
        @property (nonatomic, assign) IBOutlet UIButton *button;
        @property (nonatomic, copy) NSString *title;
        @property (retain, nonatomic) IBOutletCollection(UIButton) NSArray *buttons;
        @end
        @implementation A
        @synthesize image = _image, button;
        @end
        """)[0]
        XCTAssertEqual(c.superclass, "UIViewController")
        XCTAssertEqual(c.members.map(\.name), ["label", "other", "box", "delegate", "image", "button", "title", "buttons"])
        XCTAssertEqual(c.member("label")?.isOutlet, true)
        XCTAssertEqual(c.member("delegate")?.type, "NSObject")
        XCTAssertEqual(c.member("box")?.kind, .ivar(qualifier: .weak))
        XCTAssertEqual(c.member("image")?.ivarName, "_image")
        XCTAssertEqual(c.member("button")?.ivarName, "button")
        XCTAssertEqual(c.member("title")?.ivarName, "_title", "default synthesis")
        XCTAssertEqual(c.member("buttons")?.collectionElement, "UIButton")
        XCTAssertEqual(c.member("image")?.place.line, 7)
        XCTAssertNil(c.member("count"), "not an object")
    }

    func testCommentsStringsAndIfZeroNeverConfuseIt() {
        let c = scan("""
        @interface B : NSObject {
        #if 0
            IBOutlet UILabel *gone;
        #else
            IBOutlet UILabel *kept;
        #endif
            /* IBOutlet UILabel *commented; */
        }
        @end
        @implementation B
        - (void)dealloc {
            NSLog(@"[kept release];");
        #if 0
            [kept release];
        #endif
            // [kept release];
            [super dealloc];
        }
        @end
        """)[0]
        XCTAssertEqual(c.members.map(\.name), ["kept"])
        XCTAssertEqual(c.method("dealloc")?.statements.map(\.kind), [.superCall])
        XCTAssertEqual(c.method("dealloc")?.skipped, 1, "the NSLog")
    }

    func testMemoryStatementsOfMethodBodies() {
        let c = scan("""
        @interface C : UIViewController
        @property (nonatomic, retain) IBOutlet UILabel *label;
        @property (nonatomic, retain) UIView *spinner;
        @end
        @implementation C
        - (void)viewDidLoad {
            [super viewDidLoad];
            self.spinner = [[[UIView alloc] initWithFrame:CGRectZero] autorelease];
            if (x) { [_label release]; }
        }
        - (void)viewDidUnload {
            [self setLabel:nil];
            self.spinner = nil;
            _label = nil;
            [super viewDidUnload];
        }
        - (void)dealloc {
            [_label release];
            [_spinner autorelease];
            [super dealloc];
        }
        @end
        """)[0]
        // The release inside the `if` is read, on its branch.
        XCTAssertEqual(c.method("viewDidLoad")?.statements.map(\.kind),
                       [.superCall, .setNew("spinner", className: "UIView", autoreleased: true, viaSetter: true), .release("_label")])
        XCTAssertEqual(c.method("viewDidLoad")?.statements.last?.path.map(\.description), ["if (x)"])
        XCTAssertEqual(c.method("viewDidLoad")?.statements.first?.path, [])
        XCTAssertEqual(c.method("viewDidLoad")?.skipped, 0)
        XCTAssertEqual(c.method("viewDidUnload")?.statements.map(\.kind),
                       [.setNil("label", viaSetter: true), .setNil("spinner", viaSetter: true), .setNil("_label", viaSetter: false), .superCall])
        XCTAssertEqual(c.method("dealloc")?.statements.map(\.kind), [.release("_label"), .autorelease("_spinner"), .superCall])
        XCTAssertTrue(c.usesMRC)
        XCTAssertEqual(c.method("dealloc")?.statements.first?.place.line, 18)
        let d = scan("""
        @interface D : UIViewController { UIToolbar *bar; }
        @end
        @implementation D
        - (void)loadView { [super loadView]; bar = [[self makeBar] retain]; x = [[self a] b]; }
        - (void)setBar:(UIToolbar *)b { [bar release]; bar = [b retain]; }
        @end
        """)[0]
        XCTAssertEqual(d.method("loadView")?.statements.map(\.kind), [.superCall, .setNew("bar", className: "", autoreleased: false, viaSetter: false)])
        XCTAssertEqual(d.method("loadView")?.skipped, 1)
        XCTAssertEqual(d.method("loadView")?.unread.map(\.text), ["x = [[self a] b];"])
        // In a setter `bar = [b retain]` stores the argument.
        XCTAssertEqual(d.method("setBar:")?.statements.map(\.kind), [.release("bar"), .storeArgument("bar", retained: true)])
        XCTAssertEqual(d.method("setBar:")?.arguments, ["b"])
    }

    func testSwiftOutlets() {
        let c = scan("""
        import UIKit
        final class S: UIViewController, UITableViewDelegate {
            @IBOutlet weak var a: UILabel!
            @IBOutlet var b: UIView?
            @IBOutlet private(set) var c: UIButton!
            @IBOutlet var d: [UIView]!
            var notAnOutlet = 3
            deinit {
                b = nil
                print("x")
            }
        }
        """, path: "S.swift")[0]
        XCTAssertEqual(c.superclass, "UIViewController")
        XCTAssertEqual(c.members.map(\.name), ["a", "b", "c", "d"])
        XCTAssertEqual(c.member("a")?.kind, .property(attribute: .weak, ivar: "a"))
        XCTAssertEqual(c.member("c")?.kind, .property(attribute: .strong, ivar: "c"))
        XCTAssertEqual(c.member("d")?.collectionElement, "UIView")
        XCTAssertEqual(c.method("dealloc")?.statements.map(\.kind), [.setNil("b", viaSetter: true)])
        XCTAssertEqual(c.method("dealloc")?.skipped, 1)
    }
}
