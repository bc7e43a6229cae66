import Foundation
import XCTest
@testable import InterfaceBuilder

/// Objects a nib names that decode as shared instances (the Shared User Defaults Controller,
/// a custom object of class NSApplication): the load makes no object of its own for them, so
/// File's Owner is handed none (`ownedTopLevelObjects`).
final class IBSharedInstanceTests: XCTestCase {
    func testALegacyArchivesSharedUserDefaultsControllerIsNoOwnedTopLevelObject() throws {
        let doc = try readFixture("legacy/mac-7.10-Sparkle-SUAutomaticUpdateAlert.xib")
        // A legacy object's id is its record's objectID, not the archive's id.
        let shared = try XCTUnwrap(doc.objects.first { $0.className == "NSUserDefaultsController" })
        XCTAssertTrue(shared.isSharedInstance)
        XCTAssertEqual(doc.topLevelObjects.count, 2)
        XCTAssertEqual(doc.ownedTopLevelObjects.count, 1)
        XCTAssertFalse(doc.ownedTopLevelObjects.contains(shared.index))
    }

    func testAModernXibsSharedControllerAndSharedAppAreSharedAndAPlainControllerIsNot() throws {
        let xml = """
        <?xml version="1.0" encoding="UTF-8" standalone="no"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="5056" systemVersion="13C64" targetRuntime="MacOSX.Cocoa">
            <objects>
                <customObject id="-2" userLabel="File's Owner" customClass="Pane"/>
                <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
                <customObject id="-3" userLabel="Application" customClass="NSObject"/>
                <userDefaultsController representsSharedInstance="YES" id="u1"/>
                <userDefaultsController id="u2"/>
                <customObject id="a1" userLabel="Shared App" customClass="NSApplication"/>
                <customObject id="s1" customClass="SUUpdater"/>
                <customObject id="c1" customClass="PaneHelper"/>
                <menu title="Extra" id="m1"/>
            </objects>
        </document>
        """
        let doc = try IBReader.read(data: Data(xml.utf8), path: "Pane.xib").get()
        XCTAssertTrue(try doc.object("u1").isSharedInstance)
        XCTAssertFalse(try doc.object("u2").isSharedInstance)
        XCTAssertTrue(try doc.object("a1").isSharedInstance)
        XCTAssertFalse(try doc.object("m1").isSharedInstance)
        // Sparkle's updater: `-init` returns the bundle's shared updater; a plain custom object is made.
        XCTAssertTrue(try doc.object("s1").isSharedInstance)
        XCTAssertFalse(try doc.object("c1").isSharedInstance)
        // The Application proxy is a placeholder, not a shared instance the file names.
        XCTAssertFalse(try doc.object("-3").isSharedInstance)
        XCTAssertEqual(doc.ownedTopLevelObjects.map { doc.objects[$0].id }, ["u2", "c1", "m1"])
    }
}
