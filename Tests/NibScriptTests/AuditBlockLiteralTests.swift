import Foundation
import XCTest
@testable import NibScriptCommandLine
@testable import NibAudit
import SourceImport

/// R10: the statements of a block literal passed to a call (a sheet's completion handler,
/// `dispatch_async`, an enumeration) are code of the method, read as a reviewer reads them
/// (Sequel Pro's `keySelectionPanel`, released in its open panel's completion handler).
final class AuditBlockLiteralTests: ProjectFolderTestCase {
    /// A window with a button whose action is `chooseKey:`.
    func xib(owner: String) -> String {
        macWindowXib(owner: owner, content: """
            <subviews>
                <button id="b">
                    <rect key="frame" x="10" y="10" width="80" height="30"/>
                    <buttonCell key="cell" type="push" title="Key" bezelStyle="rounded" alignment="center" id="bc"/>
                    <connections><action selector="chooseKey:" target="-2" id="a1"/></connections>
                </button>
            </subviews>
            """)
    }

    /// A panel kept (+1) by an action and released in its sheet's completion handler, inside a
    /// `dispatch_async` of the handler, after an early `return` of the handler. A second
    /// controller whose handler only logs still leaks: the reading does not hide a real leak.
    func source(_ name: String, releases: Bool) -> String {
        """
        #import <Cocoa/Cocoa.h>
        @interface \(name) : NSWindowController {
            NSOpenPanel *panel;
            NSString *path;
        }
        @end
        @implementation \(name)
        - (id)init { return [super initWithWindowNibName:@"\(name)"]; }
        - (IBAction)chooseKey:(id)sender {
            panel = [[NSOpenPanel openPanel] retain];
            [panel setDelegate:self];
            [panel beginSheetModalForWindow:[self window] completionHandler:^(NSInteger returnCode) {
                NSString *chosen = [[panel URL] path];
                dispatch_async(dispatch_get_main_queue(), ^{
                    \(releases ? "[panel release], panel = nil;" : "NSLog(@\"%@\", panel);")
                });
                if (returnCode == NSCancelButton) {
                    return;
                }
                NSLog(@"%@", chosen);
            }];
        }
        - (void)dealloc {
            [path release];
            [super dealloc];
        }
        @end
        """
    }

    func testAReleaseInACompletionHandlerIsReadAfterTheMethod() throws {
        let dir = try project([
            "Picker.m": source("Picker", releases: true),
            "Picker.xib": xib(owner: "Picker"),
            "Logger.m": source("Logger", releases: false),
            "Logger.xib": xib(owner: "Logger"),
        ], kind: "blocks")
        let (project, _) = SourceReading.read(paths: [dir + "/Picker.m"])
        let choose = try XCTUnwrap(project["Picker"]?.helper("chooseKey:"))
        let kinds = choose.statements.map(\.kind)
        XCTAssertEqual(kinds.first, .setNew("panel", className: "", autoreleased: false, viaSetter: false), "\(kinds)")
        XCTAssertEqual(Array(kinds.suffix(2)), [.release("panel"), .setNil("panel", viaSetter: false)], "the handler's release comes after the method's own statements: \(kinds)")
        XCTAssertEqual(choose.statements.last?.path, [], "it runs whenever the sheet was begun, before the handler's early return")

        let report = Driver.main(["audit", "--platform", "mac", "--memory", "mrc", dir]).stdout
        let leaks = report.components(separatedBy: "\n").filter { $0.contains(": leak [") }
        XCTAssertFalse(leaks.contains { $0.contains("`panel` of Picker") }, report)
        XCTAssertTrue(leaks.contains { $0.contains("`panel` of Logger") }, report)
    }

    /// A block an enumeration runs at each element is on a loop branch and stays in place; a
    /// block stored in a variable (which may never run) is not read as the method's code.
    func testAnEnumerationBlockIsALoopAndAStoredBlockIsNotRead() throws {
        let dir = try project([
            "Lists.m": """
                @interface Lists : NSObject { NSMutableArray *items; NSString *title; }
                @end
                @implementation Lists
                - (void)clear {
                    [items enumerateObjectsUsingBlock:^(id obj, NSUInteger idx, BOOL *stop) {
                        [title release];
                    }];
                    void (^later)(void) = ^{ [items release]; };
                    [items removeAllObjects];
                    int mask = 3 ^ (1);
                }
                @end
                """,
        ], kind: "blocks2")
        let (project, _) = SourceReading.read(paths: [dir + "/Lists.m"])
        let clear = try XCTUnwrap(project["Lists"]?.helper("clear"))
        XCTAssertEqual(clear.statements.map(\.kind), [.release("title")])
        XCTAssertEqual(clear.statements.first?.path.map(\.kind), [.loop])
        XCTAssertEqual(clear.statements.first?.path.first?.description, "the block of enumerateObjectsUsingBlock")
    }
}

extension AuditBlockLiteralTests {
    /// Blocks nested thousands deep (hostile input) are read to a limit, without a trap.
    func testDeeplyNestedBlocksAreReadToALimit() throws {
        let depth = 3000
        let body = String(repeating: "f(^{ ", count: depth) + "[title release];" + String(repeating: " });", count: depth)
        let dir = try project(["Deep.m": "@interface Deep : NSObject { NSString *title; }\n@end\n@implementation Deep\n- (void)go {\n\(body)\n}\n- (void)stop {\n\tdispatch_async(q, ^{ [title release]; });\n}\n@end\n"], kind: "blocks3")
        let (project, _) = SourceReading.read(paths: [dir + "/Deep.m"])
        XCTAssertEqual(project["Deep"]?.helper("go")?.statements.map(\.kind), [], "read no deeper than the limit")
        XCTAssertEqual(project["Deep"]?.helper("stop")?.statements.map(\.kind), [.release("title")])
    }
}
