import XCTest
@testable import InterfaceBuilder

/// Real files written by Xcode, described in shared/ib/SOURCES.md. Skipped where absent.
final class IBSharedFilesTests: XCTestCase {
    private func readShared(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> IBDocument {
        let path = TestFiles.shared(name)
        try XCTSkipUnless(FileManager.default.fileExists(atPath: path), "\(path) is not here")
        switch IBReader.read(path: path, displayPath: name) {
        case .success(let document):
            return document
        case .failure(let failure):
            XCTFail("\(name):\n\(failure)", file: file, line: line)
            throw failure
        }
    }

    private func outlets(_ document: IBDocument, from source: Int) -> [String] {
        document.connections(from: source).filter { $0.kind == .outlet }.map(\.name)
    }

    func testEveryFileReadsWithoutWarnings() throws {
        let directory = TestFiles.sharedIB.path
        try XCTSkipUnless(FileManager.default.fileExists(atPath: directory), "\(directory) is not here")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.hasSuffix(".xib") || $0.hasSuffix(".storyboard") }.sorted()
        XCTAssertFalse(names.isEmpty)
        for name in names {
            switch IBReader.read(path: TestFiles.shared(name), displayPath: name) {
            case .success(let document):
                XCTAssertEqual(document.warnings, [], name)
                XCTAssertFalse(document.objects.isEmpty, name)
            case .failure(let failure):
                XCTFail("\(name):\n\(failure)")
            }
        }
    }

    /// A 7.02 archive from Interface Builder 662 (2008): the classic MainWindow.
    func testLegacyHelloWorldMainWindow() throws {
        let document = try readShared("legacy-ios-mainwindow-apple-ios-samples-HelloWorld.xib")
        XCTAssertEqual(document.platform, .ios)
        XCTAssertEqual(document.objects.map(\.id), ["-1", "-2", "4", "2", "8"])
        let owner = try XCTUnwrap(document.filesOwner)
        XCTAssertEqual(document.objects[owner].effectiveClass, "UIApplication")
        // The owner's objectName is base64 ("RmlsZSdzIE93bmVyA") with a stray last character.
        XCTAssertEqual(document.objects[owner].displayName, "File's Owner")
        XCTAssertEqual(document.topLevelObjects.map { document.objects[$0].id }, ["4", "2"])
        let delegate = try document.object("4")
        XCTAssertEqual(delegate.element, "customObject")
        XCTAssertEqual(delegate.customClass, "HelloWorldAppDelegate")
        XCTAssertEqual(delegate.displayName, "HelloWorldAppDelegate")
        let window = try document.object("2")
        XCTAssertEqual(window.className, "UIWindow")
        XCTAssertEqual(window.location, IBLocation(line: 26, column: 4))
        let image = try document.object("8")
        XCTAssertEqual(image.className, "UIImageView")
        XCTAssertEqual(image.relationship, .subview)
        XCTAssertEqual(image.parent, document.index(ofID: "2"))
        XCTAssertEqual(document.connectionSummary, ["outlet -1.delegate -> 4", "outlet 4.window -> 2"])
    }

    func testJSQMessagesOutletToAConstraint() throws {
        let document = try readShared("ios-messagesvc-filesowner-JSQMessagesViewController.xib")
        let owner = try XCTUnwrap(document.filesOwner)
        XCTAssertEqual(document.objects[owner].effectiveClass, "JSQMessagesViewController")
        XCTAssertEqual(outlets(document, from: owner).sorted(),
                       ["collectionView", "inputToolbar", "toolbarBottomLayoutGuide", "view"])
        let guide = try XCTUnwrap(document.connections.first { $0.name == "toolbarBottomLayoutGuide" })
        let constraint = document.objects[guide.destination]
        XCTAssertEqual(constraint.id, "rHs-6q-NX4")
        XCTAssertEqual(constraint.element, "constraint")
        XCTAssertEqual(constraint.className, "NSLayoutConstraint")
        XCTAssertEqual(constraint.relationship, .collection("constraints"))
        XCTAssertEqual(constraint.parent, document.index(ofID: "mUa-cS-ru4"))
        // Only the constraint an outlet points at is kept.
        XCTAssertEqual(document.objects.filter { $0.element == "constraint" }.count, 1)

        XCTAssertEqual(document.topLevelObjects.map { document.objects[$0].id }, ["mUa-cS-ru4"])
        let subviews = document.objects.filter { $0.relationship == .subview }
        XCTAssertEqual(subviews.map(\.effectiveClass), ["JSQMessagesCollectionView", "JSQMessagesInputToolbar"])
        XCTAssertEqual(subviews.map(\.className), ["UICollectionView", "UIToolbar"])
    }

    func testTableViewWithDataSourceAndDelegateToFilesOwner() throws {
        let document = try readShared("ios-tableview-datasource-delegate-Programming-iOS-Book-Examples.xib")
        let owner = try XCTUnwrap(document.filesOwner)
        XCTAssertEqual(document.objects[owner].effectiveClass, "RootViewController")
        XCTAssertEqual(outlets(document, from: owner), ["view"])
        let table = try document.object("4")
        XCTAssertEqual(table.className, "UITableView")
        XCTAssertEqual(table.displayName, "tableView-4")
        XCTAssertEqual(document.topLevelObjects, [table.index])
        XCTAssertEqual(document.connectionSummary,
                       ["outlet -1.view -> 4", "outlet 4.dataSource -> -1", "outlet 4.delegate -> -1"])
    }

    func testWordPressCellOutletsFromTheCell() throws {
        let document = try readShared("ios-tableviewcell-gapmarker-WordPress-iOS.xib")
        let owner = try XCTUnwrap(document.filesOwner)
        XCTAssertNil(document.objects[owner].customClass)
        XCTAssertEqual(document.objects[owner].effectiveClass, "NSObject")
        let cell = try document.object("hcM-f1-MHC")
        XCTAssertEqual(cell.className, "UITableViewCell")
        XCTAssertEqual(cell.customClass, "ReaderGapMarkerCell")
        XCTAssertEqual(document.topLevelObjects, [cell.index])
        XCTAssertEqual(outlets(document, from: cell.index).count, 5)
        XCTAssertEqual(document.connections.count, 5)
        let content = try document.object("RWc-RJ-5IV")
        XCTAssertEqual(content.className, "UITableViewCellContentView")
        XCTAssertEqual(content.relationship, .property("contentView"))
        XCTAssertEqual(try document.object("gYN-FK-C3p").className, "UIStackView")
        XCTAssertEqual(try document.object("srv-7s-DDa").className, "UIButton")
        XCTAssertEqual(try document.object("srv-7s-DDa").parent, try document.object("gYN-FK-C3p").index)
        XCTAssertEqual(try document.object("7AJ-lZ-zT3").className, "UIActivityIndicatorView")
    }

    func testTopLevelViewControllerWithItsOwnView() throws {
        let document = try readShared("ios-toplevel-viewcontroller-Programming-iOS-Book-Examples.xib")
        XCTAssertTrue(document.connections.isEmpty)
        XCTAssertNil(document.objects[try XCTUnwrap(document.filesOwner)].customClass)
        let controller = try document.object("Nox-GT-QuK")
        XCTAssertEqual(controller.className, "UIViewController")
        XCTAssertEqual(controller.customClass, "RootViewController")
        XCTAssertEqual(document.topLevelObjects, [controller.index])
        let view = try document.object("dNh-UF-HdV")
        XCTAssertEqual(view.relationship, .property("view"))
        XCTAssertEqual(view.parent, controller.index)
        XCTAssertEqual(try document.object("Mpr-Ma-jSp").className, "UILabel")
        XCTAssertEqual(document.objects.count, 5, "two placeholders, controller, view, label; no layout guides")
    }

    func testMacMainMenu() throws {
        let document = try readShared("mac-mainmenu-window-appdelegate-TransitBar.xib")
        XCTAssertEqual(document.platform, .mac)
        let owner = try XCTUnwrap(document.filesOwner)
        XCTAssertEqual(document.objects[owner].effectiveClass, "NSApplication")
        let delegate = try document.object("Voe-Tx-rLC")
        XCTAssertEqual(delegate.element, "customObject")
        XCTAssertEqual(delegate.effectiveClass, "AppDelegate")
        let window = try document.object("QvC-M9-y7g")
        XCTAssertEqual(window.className, "NSWindow")
        XCTAssertEqual(document.connectionSummary.filter { $0.hasPrefix("outlet") },
                       ["outlet -2.delegate -> Voe-Tx-rLC", "outlet Voe-Tx-rLC.window -> QvC-M9-y7g"])

        let fontManager = try document.object("YLy-65-1bz")
        XCTAssertEqual(fontManager.effectiveClass, "NSFontManager")
        XCTAssertEqual(document.topLevelObjects.map { document.objects[$0].effectiveClass },
                       ["AppDelegate", "NSFontManager", "NSMenu", "NSWindow"])
        let actions = document.connections.filter { $0.kind == .action }
        XCTAssertEqual(actions.count, 85)
        let firstResponder = try document.object("-1").index
        XCTAssertTrue(actions.allSatisfy { $0.destination == firstResponder || $0.destination == fontManager.index })
        XCTAssertTrue(actions.allSatisfy { document.objects[$0.source].className == "NSMenuItem" })
        XCTAssertEqual(try document.object("EiT-Mj-1SZ").relationship, .property("contentView"))
    }

    func testMacViewControllerWithMapViewAndExtraController() throws {
        let document = try readShared("mac-viewcontroller-mapview-apple-ios-samples-MapCallouts.xib")
        let owner = try XCTUnwrap(document.filesOwner)
        XCTAssertEqual(document.objects[owner].effectiveClass, "MapViewController")
        XCTAssertEqual(outlets(document, from: owner),
                       ["annotationStates", "bridgeViewController", "mapView", "view"])
        XCTAssertEqual(document.topLevelObjects.map { document.objects[$0].id }, ["TI7-s9-tAd", "ouu-Oc-2Jx"])
        let bridge = try document.object("ouu-Oc-2Jx")
        XCTAssertEqual(bridge.className, "NSViewController")
        XCTAssertEqual(bridge.customClass, "BridgeViewController")
        XCTAssertEqual(bridge.attribute("nibName"), "PopoverView")
        XCTAssertEqual(try document.object("OGW-aC-Ew5").className, "MKMapView")
        XCTAssertEqual(try document.object("UAy-XS-rYP").className, "NSMatrix")
        XCTAssertEqual(try document.object("lR6-Pe-h5g").relationship, .collection("cells"))
        XCTAssertTrue(document.connectionSummary.contains("outlet OGW-aC-Ew5.delegate -> -2"))
        XCTAssertTrue(document.connectionSummary.contains("action UAy-XS-rYP.annotationsAction: -> -2"))
    }

    func testCurrentAddressStoryboard() throws {
        let document = try readShared("ios-storyboard-navcontroller-staticcells-apple-ios-samples-CurrentAddress.storyboard")
        XCTAssertEqual(document.kind, .storyboard)
        XCTAssertEqual(document.scenes.count, 3)
        let navigation = try document.object("I6J-nd-tZ1")
        XCTAssertEqual(navigation.className, "UINavigationController")
        XCTAssertEqual(document.initialViewController, navigation.index)
        XCTAssertEqual(document.scenes.compactMap(\.controller).map { document.objects[$0].effectiveClass },
                       ["MapViewController", "PlacemarkViewController", "UINavigationController"])
        XCTAssertTrue(document.connectionSummary.contains("segue I6J-nd-tZ1.relationship:rootViewController -> yUM-ey-dUk"))

        let map = try document.object("yUM-ey-dUk")
        XCTAssertEqual(outlets(document, from: map.index), ["getAddressButton", "mapView", "view"])
        XCTAssertTrue(document.connectionSummary.contains("outlet PU5-Mv-fDN.delegate -> yUM-ey-dUk"))
        let push = try XCTUnwrap(document.connections.first { $0.segueIdentifier == "pushToDetail" })
        XCTAssertEqual(push.segueKind, "show")
        XCTAssertEqual(document.objects[push.source].className, "UIBarButtonItem")
        XCTAssertEqual(document.objects[push.destination].effectiveClass, "PlacemarkViewController")

        let placemark = try document.object("fRf-KV-5UV")
        XCTAssertEqual(placemark.className, "UITableViewController")
        let cells = document.objects.filter { $0.element == "tableViewCell" }
        // SOURCES.md says 8 static cells; the file itself holds 9 <tableViewCell> elements.
        XCTAssertEqual(cells.count, 9)
        XCTAssertTrue(cells.allSatisfy { $0.relationship == .collection("cells") && $0.scene == placemark.scene })
    }

    func testOutletCollectionStoryboard() throws {
        let document = try readShared("ios-storyboard-outletcollection-Programming-iOS-Book-Examples.storyboard")
        XCTAssertEqual(document.scenes.count, 1)
        let controller = try XCTUnwrap(document.scenes[0].controller)
        XCTAssertEqual(document.objects[controller].effectiveClass, "ViewController")
        let collection = document.connections.filter { $0.kind == .outletCollection }
        XCTAssertEqual(collection.count, 3)
        XCTAssertTrue(collection.allSatisfy { $0.name == "coolviews" && $0.source == controller })
        XCTAssertEqual(collection.map { document.objects[$0.destination].className }, ["UIButton", "UIButton", "UIButton"])
        let actions = document.connections.filter { $0.kind == .action }
        XCTAssertEqual(actions.map(\.name), ["buttonPressed:"])
        XCTAssertEqual(actions.first?.destination, controller)
    }
}
