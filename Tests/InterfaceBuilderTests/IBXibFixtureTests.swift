import XCTest
@testable import InterfaceBuilder

final class IBXibFixtureTests: XCTestCase {
    func testIOSXibDocumentAndPlaceholders() throws {
        let document = try readFixture("ios-profile.xib")
        XCTAssertEqual(document.path, "ios-profile.xib")
        XCTAssertEqual(document.kind, .xib)
        XCTAssertEqual(document.platform, .ios)
        XCTAssertTrue(document.scenes.isEmpty)
        XCTAssertNil(document.initialViewController)
        XCTAssertTrue(document.warnings.isEmpty)

        let owner = try XCTUnwrap(document.filesOwner.map { document.objects[$0] })
        XCTAssertEqual(owner.id, "-1")
        XCTAssertEqual(owner.element, "placeholder")
        XCTAssertEqual(owner.placeholderIdentifier, "IBFilesOwner")
        XCTAssertEqual(owner.className, "NSObject")
        XCTAssertEqual(owner.customClass, "ProfileViewController")
        XCTAssertEqual(owner.effectiveClass, "ProfileViewController")
        XCTAssertEqual(owner.displayName, "File's Owner")
        XCTAssertNil(owner.parent)
        XCTAssertEqual(owner.relationship, .topLevel)
        XCTAssertEqual(owner.location, IBLocation(line: 8, column: 9))
        XCTAssertEqual(owner.attribute("customModule"), "Profiles")

        let responder = try document.object("-2")
        XCTAssertEqual(responder.placeholderIdentifier, "IBFirstResponder")
        XCTAssertEqual(responder.className, "UIResponder")
        XCTAssertEqual(responder.displayName, "First Responder")
        XCTAssertEqual(document.placeholders, [0, 1])
    }

    func testIOSXibObjectsClassesAndNesting() throws {
        let document = try readFixture("ios-profile.xib")
        // Document order; the unreferenced safe-area guide and leading constraint are dropped.
        XCTAssertEqual(document.objects.map(\.id), [
            "-1", "-2", "Vw1-aa-Roo", "Nb1-aa-Bar", "Ni1-aa-Itm", "Bb1-aa-Sav", "Sv1-aa-Stk",
            "Lb1-aa-Nam", "Tf1-aa-One", "Tf2-aa-Two", "Bt1-aa-Don", "Ct1-aa-Hgt", "Tg1-aa-Tap",
        ])
        XCTAssertEqual(document.objects.map(\.index), Array(0..<13))
        XCTAssertEqual(document.objects.map(\.className), [
            "NSObject", "UIResponder", "UIView", "UINavigationBar", "UINavigationItem", "UIBarButtonItem",
            "UIStackView", "UILabel", "UITextField", "UITextField", "UIButton", "NSLayoutConstraint",
            "UITapGestureRecognizer",
        ])
        XCTAssertEqual(document.topLevelObjects, [2, 12])
        XCTAssertNil(document.object(withID: "Sa1-aa-Gde"))
        XCTAssertNil(document.object(withID: "Ct0-aa-Led"))

        func check(_ id: String, parent: String?, _ relationship: IBRelationship, line: Int, column: Int,
                   file: StaticString = #filePath, lineNumber: UInt = #line) throws {
            let object = try document.object(id)
            XCTAssertEqual(object.parent.map { document.objects[$0].id }, parent, id, file: file, line: lineNumber)
            XCTAssertEqual(object.relationship, relationship, id, file: file, line: lineNumber)
            XCTAssertEqual(object.location, IBLocation(line: line, column: column), id, file: file, line: lineNumber)
            XCTAssertNil(object.scene, file: file, line: lineNumber)
        }
        try check("Vw1-aa-Roo", parent: nil, .topLevel, line: 18, column: 9)
        try check("Nb1-aa-Bar", parent: "Vw1-aa-Roo", .subview, line: 22, column: 17)
        try check("Ni1-aa-Itm", parent: "Nb1-aa-Bar", .collection("items"), line: 25, column: 25)
        try check("Bb1-aa-Sav", parent: "Ni1-aa-Itm", .property("rightBarButtonItem"), line: 26, column: 29)
        try check("Sv1-aa-Stk", parent: "Vw1-aa-Roo", .subview, line: 34, column: 17)
        try check("Lb1-aa-Nam", parent: "Sv1-aa-Stk", .subview, line: 37, column: 25)
        try check("Tf1-aa-One", parent: "Sv1-aa-Stk", .subview, line: 43, column: 25)
        try check("Tf2-aa-Two", parent: "Sv1-aa-Stk", .subview, line: 51, column: 25)
        try check("Bt1-aa-Don", parent: "Vw1-aa-Roo", .subview, line: 58, column: 17)
        try check("Ct1-aa-Hgt", parent: "Vw1-aa-Roo", .collection("constraints"), line: 70, column: 17)
        try check("Tg1-aa-Tap", parent: nil, .topLevel, line: 74, column: 9)

        XCTAssertEqual(try document.object("Lb1-aa-Nam").displayName, "label-Lb1")
        XCTAssertEqual(try document.object("Bb1-aa-Sav").attribute("key"), "rightBarButtonItem")
        XCTAssertEqual(document.children(of: 6), [7, 8, 9])
    }

    func testIOSXibConnections() throws {
        let document = try readFixture("ios-profile.xib")
        XCTAssertEqual(document.connectionSummary, [
            "outlet -1.view -> Vw1-aa-Roo",
            "outlet -1.nameLabel -> Lb1-aa-Nam",
            "outlet -1.heightConstraint -> Ct1-aa-Hgt",
            "outletCollection -1.fields -> Tf1-aa-One",
            "outletCollection -1.fields -> Tf2-aa-Two",
            "action Bb1-aa-Sav.save: -> -1",
            "outlet Tf1-aa-One.delegate -> -1",
            "action Bt1-aa-Don.done: -> -1",
            "action Tg1-aa-Tap.dismissKeyboard: -> -1",
        ])
        XCTAssertEqual(document.connections.map(\.location), [
            IBLocation(line: 10, column: 17), IBLocation(line: 11, column: 17), IBLocation(line: 12, column: 17),
            IBLocation(line: 13, column: 17), IBLocation(line: 14, column: 17), IBLocation(line: 28, column: 37),
            IBLocation(line: 48, column: 33), IBLocation(line: 62, column: 25), IBLocation(line: 76, column: 17),
        ])
        XCTAssertEqual(document.connections[7].eventType, "touchUpInside")
        XCTAssertNil(document.connections[5].eventType)
        XCTAssertEqual(document.connections(from: 0).count, 5)
    }

    func testMacXibWindowContentViewAndCustomObject() throws {
        let document = try readFixture("mac-appdelegate-window.xib")
        XCTAssertEqual(document.platform, .mac)
        XCTAssertEqual(document.kind, .xib)
        XCTAssertTrue(document.warnings.isEmpty)

        // Mac xibs write the proxies as customObjects with ids -2, -1 and -3.
        let owner = try document.object("-2")
        XCTAssertEqual(document.filesOwner, owner.index)
        XCTAssertEqual(owner.element, "customObject")
        XCTAssertEqual(owner.placeholderIdentifier, "IBFilesOwner")
        XCTAssertEqual(owner.effectiveClass, "NSApplication")
        let responder = try document.object("-1")
        XCTAssertEqual(responder.placeholderIdentifier, "IBFirstResponder")
        XCTAssertEqual(responder.className, "NSResponder")
        XCTAssertNil(responder.customClass, "IB's pseudo-class FirstResponder is not a class")
        let application = try document.object("-3")
        XCTAssertEqual(application.placeholderIdentifier, "IBApplication")
        XCTAssertEqual(application.effectiveClass, "NSApplication")
        XCTAssertEqual(application.displayName, "Application")

        let delegate = try document.object("Ad1-aa-Dlg")
        XCTAssertEqual(delegate.className, "NSObject")
        XCTAssertEqual(delegate.customClass, "AppDelegate")
        XCTAssertFalse(delegate.isPlaceholder)
        XCTAssertEqual(delegate.relationship, .topLevel)

        let window = try document.object("Wn1-aa-Win")
        XCTAssertEqual(window.className, "NSWindow")
        XCTAssertEqual(window.relationship, .topLevel)
        let content = try document.object("Cv1-aa-Cnt")
        XCTAssertEqual(content.className, "NSView")
        XCTAssertEqual(content.parent, window.index)
        XCTAssertEqual(content.relationship, .property("contentView"))
        let field = try document.object("Tf1-aa-Nam")
        XCTAssertEqual(field.className, "NSTextField")
        XCTAssertEqual(field.relationship, .subview)
        XCTAssertEqual(field.parent, content.index)
        let cell = try document.object("Tc1-aa-Cel")
        XCTAssertEqual(cell.className, "NSTextFieldCell")
        XCTAssertEqual(cell.relationship, .property("cell"))
        XCTAssertEqual(try document.object("Bc1-aa-Cel").className, "NSButtonCell")

        let submenu = try document.object("Mm2-aa-App")
        XCTAssertEqual(submenu.className, "NSMenu")
        XCTAssertEqual(submenu.relationship, .property("submenu"))
        XCTAssertEqual(try document.object("Mi1-aa-Dem").relationship, .collection("items"))
        XCTAssertEqual(try document.object("Mi2-aa-Qut").className, "NSMenuItem")

        XCTAssertEqual(document.topLevelObjects.map { document.objects[$0].id },
                       ["Ad1-aa-Dlg", "Mm1-aa-Man", "Wn1-aa-Win"])
        XCTAssertEqual(document.connectionSummary, [
            "outlet -2.delegate -> Ad1-aa-Dlg",
            "outlet Ad1-aa-Dlg.window -> Wn1-aa-Win",
            "outlet Ad1-aa-Dlg.nameField -> Tf1-aa-Nam",
            "action Mi2-aa-Qut.terminate: -> -1",
            "action Bt1-aa-Gre.greet: -> Ad1-aa-Dlg",
            "outlet Wn1-aa-Win.delegate -> Ad1-aa-Dlg",
        ])
    }

    func testSameFileGivesIdenticalResults() throws {
        let first = try readFixture("mac-appdelegate-window.xib").describe()
        for _ in 0..<5 {
            XCTAssertEqual(try readFixture("mac-appdelegate-window.xib").describe(), first)
        }
        let firstAttributes = try readFixture("ios-navigation.storyboard").objects.map { $0.attributes.map { "\($0.0)=\($0.1)" } }
        let again = try readFixture("ios-navigation.storyboard").objects.map { $0.attributes.map { "\($0.0)=\($0.1)" } }
        XCTAssertEqual(firstAttributes, again)
    }

    func testReadFromDataMatchesReadFromPath() throws {
        let data = try Data(contentsOf: TestFiles.fixtures.appendingPathComponent("ios-profile.xib"))
        guard case .success(let fromData) = IBReader.read(data: data, path: "ios-profile.xib") else {
            return XCTFail("read(data:) failed")
        }
        XCTAssertEqual(fromData.describe(), try readFixture("ios-profile.xib").describe())
    }
}
