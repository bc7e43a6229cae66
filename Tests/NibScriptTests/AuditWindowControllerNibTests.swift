import Foundation
import XCTest
@testable import NibScriptCommandLine

/// Whose nib a window controller frees (grammar.md, L8): NSWindowController releases the
/// top-level objects of its own window nib (`initWithWindowNibName:`), not those of a nib its
/// subclass loads itself with `loadNibNamed:owner:self` after `[super init]`.
final class AuditWindowControllerNibTests: ProjectFolderTestCase {
    private func xib(owner: String, outlets: [(String, String)]) -> String {
        let conns = outlets.enumerated().map { "<outlet property=\"\($1.0)\" destination=\"\($1.1)\" id=\"o\($0)\"/>" }.joined()
        return """
        <?xml version="1.0" encoding="UTF-8" standalone="no"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="5056" systemVersion="13C64" targetRuntime="MacOSX.Cocoa">
            <dependencies><plugIn identifier="com.apple.InterfaceBuilder.CocoaPlugin" version="5056"/></dependencies>
            <objects>
                <customObject id="-2" userLabel="File's Owner" customClass="\(owner)"><connections>\(conns)</connections></customObject>
                <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
                <customObject id="-3" userLabel="Application" customClass="NSObject"/>
                <window title="Panel" releasedWhenClosed="NO" id="w1">
                    <rect key="contentRect" x="10" y="10" width="200" height="100"/>
                    <view key="contentView" id="v1"><rect key="frame" x="0.0" y="0.0" width="200" height="100"/></view>
                </window>
                <menu title="Actions" id="m1"><items><menuItem title="Remove" id="i1"/></items></menu>
            </objects>
        </document>
        """
    }

    /// The same controller and nib, loaded two ways; then the code-loaded one that gives
    /// the +1s back in `dealloc`.
    private func audit(initBody: String, dealloc: String = "") throws -> String {
        let dir = try project([
            "Panel.h": "@interface PanelController : NSWindowController {\n    IBOutlet NSMenu *actionsMenu;\n}\n@end\n",
            "Panel.m": "@implementation PanelController\n- (id)init\n{\n\(initBody)\n}\n\(dealloc)@end\n",
            "Panel.xib": xib(owner: "PanelController", outlets: [("window", "w1"), ("actionsMenu", "m1")]),
        ], kind: "wcnib")
        return Driver.main(["audit", "--platform", "mac", "--memory", "mrc", dir]).stdout
    }

    func testItsOwnWindowNibLeaksNothing() throws {
        let out = try audit(initBody: "    return [super initWithWindowNibName:@\"Panel\"];")
        XCTAssertTrue(out.contains("owner PanelController (window controller)"), out)
        XCTAssertFalse(out.contains("loaded by its own code"), out)
        XCTAssertTrue(out.contains("\n0 findings"), out)
    }

    func testANibItLoadsWithOwnerSelfIsTheCodesToRelease() throws {
        let load = "    self = [super init];\n    if (self) {\n        [NSBundle loadNibNamed:@\"Panel\" owner:self];\n    }\n    return self;"
        let out = try audit(initBody: load)
        XCTAssertTrue(out.contains("loaded by its own code with itself as owner, not as its window nib"), out)
        XCTAssertTrue(out.contains("leak [N3 O9] top-level NSWindow of PanelController"), out)
        XCTAssertTrue(out.contains("leak [N3 O9] `actionsMenu` of PanelController"), out)
        XCTAssertTrue(out.contains("`[super initWithWindowNibName:@\"Panel\"]` instead of `[super init]`"), out)
        XCTAssertTrue(out.contains("\n2 findings"), out)

        let balanced = try audit(initBody: load, dealloc: "- (void)dealloc\n{\n    [actionsMenu release];\n    [[self window] release];\n    [super dealloc];\n}\n")
        XCTAssertTrue(balanced.contains("gives back the window's +1 from the nib itself"), balanced)
        XCTAssertTrue(balanced.contains("\n0 findings"), balanced)
    }
}
