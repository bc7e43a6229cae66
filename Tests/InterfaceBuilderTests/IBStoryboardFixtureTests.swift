import XCTest
@testable import InterfaceBuilder

final class IBStoryboardFixtureTests: XCTestCase {
    func testScenesControllersAndInitialViewController() throws {
        let document = try readFixture("ios-navigation.storyboard")
        XCTAssertEqual(document.kind, .storyboard)
        XCTAssertEqual(document.platform, .ios)
        XCTAssertNil(document.filesOwner)
        XCTAssertTrue(document.warnings.isEmpty)

        XCTAssertEqual(document.scenes.map(\.id), ["Sc1-aa-Nav", "Sc2-aa-Lst", "Sc3-aa-Dtl"])
        XCTAssertEqual(document.scenes.map(\.location), [
            IBLocation(line: 8, column: 9), IBLocation(line: 24, column: 9), IBLocation(line: 65, column: 9),
        ])
        XCTAssertEqual(document.scenes.map { $0.objects.map { document.objects[$0].id } }, [
            ["Nc1-aa-Nav", "Fr1-aa-Nav"],
            ["Vc1-aa-Lst", "Fr2-aa-Lst", "Ex1-aa-Lst"],
            ["Vc2-aa-Dtl", "Fr3-aa-Dtl"],
        ])
        XCTAssertEqual(document.scenes.map { $0.controller.map { document.objects[$0].id } },
                       ["Nc1-aa-Nav", "Vc1-aa-Lst", "Vc2-aa-Dtl"])
        XCTAssertEqual(document.initialViewController.map { document.objects[$0].id }, "Nc1-aa-Nav")
        XCTAssertEqual(document.topLevelObjects.map { document.objects[$0].id },
                       ["Nc1-aa-Nav", "Vc1-aa-Lst", "Vc2-aa-Dtl"])
    }

    func testSceneObjectsClassesAndRelationships() throws {
        let document = try readFixture("ios-navigation.storyboard")
        let navigation = try document.object("Nc1-aa-Nav")
        XCTAssertEqual(navigation.className, "UINavigationController")
        XCTAssertEqual(navigation.relationship, .topLevel)
        XCTAssertEqual(navigation.scene, 0)
        XCTAssertEqual(navigation.attribute("sceneMemberID"), "viewController")
        let bar = try document.object("Nb1-aa-Bar")
        XCTAssertEqual(bar.className, "UINavigationBar")
        XCTAssertEqual(bar.relationship, .property("navigationBar"))
        XCTAssertEqual(bar.parent, navigation.index)
        XCTAssertEqual(bar.scene, 0)

        let list = try document.object("Vc1-aa-Lst")
        XCTAssertEqual(list.className, "UIViewController")
        XCTAssertEqual(list.customClass, "ListViewController")
        XCTAssertEqual(list.attribute("storyboardIdentifier"), "List")
        XCTAssertEqual(list.scene, 1)
        let view = try document.object("Vw1-aa-Lst")
        XCTAssertEqual(view.relationship, .property("view"))
        XCTAssertEqual(view.parent, list.index)
        XCTAssertEqual(view.scene, 1)
        XCTAssertEqual(try document.object("Lb1-aa-Ttl").relationship, .subview)
        XCTAssertEqual(try document.object("Bt1-aa-Shw").className, "UIButton")
        let item = try document.object("Ni1-aa-Lst")
        XCTAssertEqual(item.className, "UINavigationItem")
        XCTAssertEqual(item.relationship, .property("navigationItem"))
        XCTAssertEqual(try document.object("Bb1-aa-Add").relationship, .property("rightBarButtonItem"))

        // The top guide is kept because an outlet points at it; the bottom one is not.
        let guide = try document.object("Lg1-aa-Top")
        XCTAssertEqual(guide.className, "UILayoutGuide")
        XCTAssertEqual(guide.relationship, .collection("layoutGuides"))
        XCTAssertEqual(guide.parent, list.index)
        XCTAssertNil(document.object(withID: "Lg2-aa-Bot"))

        let responder = try document.object("Fr2-aa-Lst")
        XCTAssertEqual(responder.placeholderIdentifier, "IBFirstResponder")
        XCTAssertEqual(responder.scene, 1)
        XCTAssertNil(responder.parent)
        let exit = try document.object("Ex1-aa-Lst")
        XCTAssertEqual(exit.element, "exit")
        XCTAssertEqual(exit.placeholderIdentifier, "IBExit")
        XCTAssertEqual(exit.displayName, "Exit")
    }

    func testSeguesAndOutlets() throws {
        let document = try readFixture("ios-navigation.storyboard")
        XCTAssertEqual(document.connectionSummary, [
            "segue Nc1-aa-Nav.relationship:rootViewController -> Vc1-aa-Lst",
            "segue Bt1-aa-Shw.showDetail -> Vc2-aa-Dtl",
            "action Bb1-aa-Add.add: -> Vc1-aa-Lst",
            "outlet Vc1-aa-Lst.titleLabel -> Lb1-aa-Ttl",
            "outlet Vc1-aa-Lst.topGuide -> Lg1-aa-Top",
            "segue Vc2-aa-Dtl.backToList -> Ex1-aa-Lst",
        ])
        let relationship = document.connections[0]
        XCTAssertEqual(relationship.kind, .segue)
        XCTAssertEqual(relationship.segueKind, "relationship")
        XCTAssertNil(relationship.segueIdentifier)
        XCTAssertEqual(relationship.location, IBLocation(line: 16, column: 25))
        let show = document.connections[1]
        XCTAssertEqual(show.segueKind, "show")
        XCTAssertEqual(show.segueIdentifier, "showDetail")
        XCTAssertEqual(show.location, IBLocation(line: 41, column: 37))
        XCTAssertEqual(document.connections[5].segueKind, "unwind")
    }
}

final class IBMacStoryboardFixtureTests: XCTestCase {
    func testApplicationSceneWindowControllerAndViewController() throws {
        let document = try readFixture("mac-app.storyboard")
        XCTAssertEqual(document.kind, .storyboard)
        XCTAssertEqual(document.platform, .mac)
        XCTAssertTrue(document.warnings.isEmpty)

        // NSApp is not created by the storyboard: the application object is a placeholder that owns the menu.
        let application = try document.object("Ap1-aa-App")
        XCTAssertEqual(application.placeholderIdentifier, "IBApplication")
        XCTAssertEqual(application.className, "NSApplication")
        XCTAssertEqual(application.scene, 0)
        let menu = try document.object("Mm1-aa-Man")
        XCTAssertEqual(menu.parent, application.index)
        XCTAssertEqual(menu.relationship, .property("mainMenu"))
        let responder = try document.object("Fr1-aa-App")
        XCTAssertEqual(responder.element, "customObject")
        XCTAssertEqual(responder.placeholderIdentifier, "IBFirstResponder")
        XCTAssertEqual(document.scenes.map { $0.controller.map { document.objects[$0].id } },
                       [nil, "Wc1-aa-Win", "Vc1-aa-Mai"])
        XCTAssertEqual(document.initialViewController, try document.object("Wc1-aa-Win").index)
        XCTAssertEqual(document.topLevelObjects.map { document.objects[$0].className },
                       ["NSObject", "NSWindowController", "NSViewController"])

        let window = try document.object("Wn1-aa-Win")
        XCTAssertEqual(window.relationship, .property("window"))
        XCTAssertEqual(try document.object("Cl1-aa-Clp").relationship, .property("contentView"))
        XCTAssertEqual(try document.object("Tv1-aa-Tbl").relationship, .subview)
        XCTAssertEqual(try document.object("Tv1-aa-Tbl").className, "NSTableView")
        XCTAssertEqual(try document.object("Tc1-aa-Col").relationship, .collection("tableColumns"))
        XCTAssertEqual(try document.object("Dc1-aa-Cel").relationship, .property("dataCell"))
        XCTAssertEqual(try document.object("Cv1-aa-Pro").relationship, .collection("prototypeCellViews"))
        XCTAssertEqual(try document.object("Hs1-aa-Scr").className, "NSScroller")

        XCTAssertEqual(document.connectionSummary, [
            "outlet Ap1-aa-App.delegate -> Ad1-aa-Dlg",
            "outlet Wn1-aa-Win.delegate -> Wc1-aa-Win",
            "segue Wc1-aa-Win.relationship:window.shadowedContentViewController -> Vc1-aa-Mai",
            "outlet Tv1-aa-Tbl.dataSource -> Vc1-aa-Mai",
            "outlet Vc1-aa-Mai.tableView -> Tv1-aa-Tbl",
        ])
    }
}
