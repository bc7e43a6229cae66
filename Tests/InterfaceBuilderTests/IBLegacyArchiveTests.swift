import Foundation
import XCTest
@testable import InterfaceBuilder

/// Legacy archive XIBs (7.x and 8.x) from public projects, in Fixtures/legacy with their origin
/// in Fixtures/legacy/SOURCES.md.
final class IBLegacyArchiveTests: XCTestCase {
    static func legacy(_ name: String) -> String { "legacy/" + name }

    /// What each file holds, counted by hand in the XML: the object records less the root one,
    /// the outlet and action connection records (bindings left out).
    struct Expected {
        var file: String
        var platform: IBPlatform
        var topLevel: Int
        var placeholders: Int
        var objects: Int
        var outlets: Int
        var actions: Int
        var owner: String
    }

    static let expected: [Expected] = [
        Expected(file: "ios-7.10-CocoaAsyncSocket-ConnectTest-MainWindow.xib", platform: .ios,
                 topLevel: 3, placeholders: 2, objects: 5, outlets: 3, actions: 0, owner: "UIApplication"),
        Expected(file: "ios-7.10-EGOTableViewPullRefresh-MainWindow.xib", platform: .ios,
                 topLevel: 3, placeholders: 2, objects: 8, outlets: 3, actions: 0, owner: "UIApplication"),
        Expected(file: "ios-7.10-CocoaAsyncSocket-SimpleHTTPClientViewController.xib", platform: .ios,
                 topLevel: 1, placeholders: 2, objects: 3, outlets: 1, actions: 0, owner: "SimpleHTTPClientViewController"),
        Expected(file: "ios-8.00-CocoaAsyncSocket-UdpEchoClient-ViewController.xib", platform: .ios,
                 topLevel: 1, placeholders: 2, objects: 8, outlets: 6, actions: 2, owner: "ViewController"),
        // 7 records and the two cells' content views, which have none.
        Expected(file: "ios-8.00-apple-ios-samples-GeocoderDemo-ForwardViewControllerCells.xib", platform: .ios,
                 topLevel: 2, placeholders: 2, objects: 9, outlets: 6, actions: 1, owner: "ForwardViewController"),
        Expected(file: "ios-8.00-CocoaAsyncSocket-UdpEchoServer-ViewController.xib", platform: .ios,
                 topLevel: 1, placeholders: 2, objects: 7, outlets: 4, actions: 2, owner: "ViewController"),
        Expected(file: "ipad-8.00-CocoaAsyncSocket-TestPreBuffer-ViewController_iPad.xib", platform: .ios,
                 topLevel: 1, placeholders: 2, objects: 3, outlets: 1, actions: 0, owner: "ViewController"),
        Expected(file: "pair-ios-7.10-CocoaLumberjack-Benchmark-MainWindow.xib", platform: .ios,
                 topLevel: 3, placeholders: 2, objects: 5, outlets: 3, actions: 0, owner: "UIApplication"),
        Expected(file: "pair-ios-7.10-CocoaLumberjack-BenchmarkIPhoneViewController.xib", platform: .ios,
                 topLevel: 1, placeholders: 2, objects: 3, outlets: 1, actions: 0, owner: "BenchmarkIPhoneViewController"),
        Expected(file: "pair-ios-8.00-CocoaLumberjack-TestXcodeColors-ViewController.xib", platform: .ios,
                 topLevel: 1, placeholders: 2, objects: 4, outlets: 2, actions: 0, owner: "ViewController"),
        Expected(file: "pair-mac-7.10-Sparkle-SUStatus.xib", platform: .mac,
                 topLevel: 1, placeholders: 3, objects: 14, outlets: 3, actions: 0, owner: "SUStatusController"),
        // 21 menus, 124 menu items, window and content view, 2 custom objects, 3 proxies.
        Expected(file: "pair-mac-7.10-CocoaLumberjack-ContextFilter-MainMenu.xib", platform: .mac,
                 topLevel: 4, placeholders: 3, objects: 152, outlets: 2, actions: 83, owner: "NSApplication"),
        Expected(file: "mac-7.10-Sparkle-SUAutomaticUpdateAlert.xib", platform: .mac,
                 topLevel: 2, placeholders: 3, objects: 20, outlets: 1, actions: 3, owner: "SUAutomaticUpdateAlert"),
        Expected(file: "mac-8.00-Sparkle-SUPasswordPrompt.xib", platform: .mac,
                 topLevel: 1, placeholders: 3, objects: 17, outlets: 4, actions: 2, owner: "SUPasswordPrompt"),
        // 23 records, less 10 constraints no outlet points at, plus the clip view that has no record.
        Expected(file: "mac-8.00-CocoaAsyncSocket-DomainClient.xib", platform: .mac,
                 topLevel: 1, placeholders: 3, objects: 14, outlets: 3, actions: 1, owner: "DomainClient"),
    ]

    func testEveryLegacyFixtureHasTheCountsFoundByHand() throws {
        for e in Self.expected {
            let d = try readFixture(Self.legacy(e.file))
            XCTAssertEqual(d.platform, e.platform, e.file)
            XCTAssertEqual(d.kind, .xib, e.file)
            XCTAssertEqual(d.topLevelObjects.count, e.topLevel, e.file)
            XCTAssertEqual(d.placeholders.count, e.placeholders, e.file)
            XCTAssertEqual(d.objects.count, e.objects, e.file)
            XCTAssertEqual(d.connections.filter { $0.kind == .outlet }.count, e.outlets, e.file)
            XCTAssertEqual(d.connections.filter { $0.kind == .action }.count, e.actions, e.file)
            XCTAssertEqual(d.filesOwner.map { d.objects[$0].effectiveClass }, e.owner, e.file)
            XCTAssertEqual(d.warnings, [], e.file)
            // Every object but the top-level ones and the placeholders has a parent.
            for o in d.objects where !o.isPlaceholder && o.relationship != .topLevel {
                XCTAssertNotNil(o.parent, "\(e.file): \(o.displayName)")
            }
        }
        XCTAssertGreaterThanOrEqual(Self.expected.count, 10)
        XCTAssertEqual(Set(Self.expected.map(\.platform)).count, 2)
    }

    func testEveryLegacyFixtureIsListedInSources() throws {
        let folder = TestFiles.fixtures.appendingPathComponent("legacy").path
        let sources = try String(contentsOfFile: folder + "/SOURCES.md", encoding: .utf8)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".xib") }.sorted()
        XCTAssertEqual(names.count, 20)
        for name in names { XCTAssert(sources.contains("- " + name + " |"), name) }
    }

    // MARK: legacy and modern: the same nib, the same model

    static let pairs: [(legacy: String, modern: String)] = [
        ("pair-ios-8.00-CocoaLumberjack-TestXcodeColors-ViewController.xib",
         "pair-ios-modern-CocoaLumberjack-TestXcodeColors-ViewController.xib"),
        ("pair-ios-7.10-CocoaLumberjack-Benchmark-MainWindow.xib", "pair-ios-modern-CocoaLumberjack-Benchmark-MainWindow.xib"),
        ("pair-ios-7.10-CocoaLumberjack-BenchmarkIPhoneViewController.xib",
         "pair-ios-modern-CocoaLumberjack-BenchmarkIPhoneViewController.xib"),
        ("pair-mac-7.10-Sparkle-SUStatus.xib", "pair-mac-modern-Sparkle-SUStatus.xib"),
        ("pair-mac-7.10-CocoaLumberjack-ContextFilter-MainMenu.xib", "pair-mac-modern-CocoaLumberjack-ContextFilter-MainMenu.xib"),
    ]

    /// Everything of the model but source locations, by id.
    static func shape(_ d: IBDocument) -> [String] {
        let objects = d.objects.map { o -> String in
            let parent = o.parent.map { d.objects[$0].id } ?? "-"
            return "\(o.id) \(o.element) \(o.className) custom=\(o.customClass ?? "-") label=\(o.userLabel ?? "-") "
                + "placeholder=\(o.placeholderIdentifier ?? "-") parent=\(parent) \(o.relationship) \(o.displayName)"
        }
        let connections = d.connections.map { c in
            "\(c.kind) \(d.objects[c.source].id).\(c.name) -> \(d.objects[c.destination].id) \(c.eventType ?? "-")"
        }
        return [d.platform.rawValue] + objects + connections
    }

    func testEachLegacyFileGivesTheModelOfItsModernConversion() throws {
        for (legacy, modern) in Self.pairs {
            let old = try readFixture(Self.legacy(legacy))
            let new = try readFixture(Self.legacy(modern))
            XCTAssertEqual(Self.shape(old), Self.shape(new), legacy)
            XCTAssertGreaterThan(old.objects.count, 2, legacy)
        }
    }

    func testTheModernOfAPairIsModern() throws {
        // The comparison above would be empty if both sides were read by the same reader.
        for (legacy, modern) in Self.pairs {
            let text = try String(contentsOfFile: TestFiles.fixture(Self.legacy(modern)), encoding: .utf8)
            XCTAssert(text.contains("<document type="), modern)
            let old = try String(contentsOfFile: TestFiles.fixture(Self.legacy(legacy)), encoding: .utf8)
            XCTAssert(old.contains("<archive type="), legacy)
        }
    }

    // MARK: details

    func testIOSActionsRunFromTheControlToTheTargetWithTheirEvent() throws {
        let d = try readFixture(Self.legacy("ios-8.00-CocoaAsyncSocket-UdpEchoClient-ViewController.xib"))
        XCTAssertEqual(d.connectionSummary, [
            "outlet -1.addrField -> 8", "outlet -1.messageField -> 10", "outlet -1.portField -> 9",
            "outlet -1.view -> 6", "outlet -1.webView -> 12",
            "action 10.send: -> -1", "action 11.send: -> -1", "outlet 12.delegate -> -1",
        ])
        XCTAssertEqual(d.connections.filter { $0.kind == .action }.map(\.eventType),
                       ["editingDidEndOnExit", "touchUpInside"])
        let button = try d.object("11")
        XCTAssertEqual(button.element, "button")
        XCTAssertEqual(button.className, "UIButton")
        XCTAssertEqual(try d.object("12").className, "UIWebView")
    }

    func testMacActionsAreTurnedRoundToRunFromTheControl() throws {
        // IBActionConnection names the target as source and the control as destination.
        let d = try readFixture(Self.legacy("mac-7.10-Sparkle-SUAutomaticUpdateAlert.xib"))
        XCTAssertEqual(d.connectionSummary, [
            "outlet -2.window -> 5",
            "action 15.installNow: -> -2", "action 16.installLater: -> -2", "action 30.doNotInstall: -> -2",
        ])
        let defaults = try d.object("18")
        XCTAssertEqual(defaults.className, "NSUserDefaultsController")
        XCTAssertEqual(defaults.displayName, "Shared Defaults")
        XCTAssertEqual(defaults.relationship, .topLevel)
    }

    func testMacProxiesAndWindowContentView() throws {
        let d = try readFixture(Self.legacy("pair-mac-7.10-Sparkle-SUStatus.xib"))
        XCTAssertEqual(d.placeholders.map { d.objects[$0].id }, ["-2", "-1", "-3"])
        XCTAssertEqual(d.placeholders.map { d.objects[$0].placeholderIdentifier }, ["IBFilesOwner", "IBFirstResponder", "IBApplication"])
        // NSClassName "FirstResponder" and "NSApplication" say nothing the class does not.
        XCTAssertEqual(d.placeholders.map { d.objects[$0].customClass }, ["SUStatusController", nil, nil])
        let window = try d.object("5")
        XCTAssertEqual(window.element, "window")
        XCTAssertEqual(window.className, "NSWindow")
        XCTAssertEqual(window.displayName, "Window")
        let content = try d.object("6")
        XCTAssertEqual(content.relationship, .property("contentView"))
        XCTAssertEqual(content.parent, d.index(ofID: "5"))
        let cell = try d.object("55")
        XCTAssertEqual(cell.className, "NSButtonCell")
        XCTAssertEqual(cell.relationship, .property("cell"))
        XCTAssertEqual(cell.parent, d.index(ofID: "12"))
    }

    func testConstraintsAreDroppedAndARecordlessClipViewIsKept() throws {
        let d = try readFixture(Self.legacy("mac-8.00-CocoaAsyncSocket-DomainClient.xib"))
        XCTAssertEqual(d.objects.filter { $0.element == "constraint" }.count, 0)
        let clip = try XCTUnwrap(d.objects.first { $0.className == "NSClipView" })
        XCTAssertEqual(clip.id, "archive-73909222")
        XCTAssertEqual(clip.parent, d.index(ofID: "8"))
        let text = try d.object("9")
        XCTAssertEqual(text.className, "NSTextView")
        XCTAssertEqual(text.parent, clip.index)
        XCTAssertEqual(text.relationship, .subview)
        XCTAssertEqual(clip.relationship, .property("contentView"))
        XCTAssertEqual(try d.object("11").relationship, .property("verticalScroller"))
        XCTAssert(d.connectionSummary.contains("outlet 1.initialFirstResponder -> 3"))
    }

    func testMainMenuItemsAndSubmenus() throws {
        let d = try readFixture(Self.legacy("pair-mac-7.10-CocoaLumberjack-ContextFilter-MainMenu.xib"))
        let main = try d.object("29")
        XCTAssertEqual(main.className, "NSMenu")
        XCTAssertEqual(main.relationship, .topLevel)
        let items = d.children(of: main.index)
        XCTAssertEqual(items.count, 7)
        XCTAssert(items.allSatisfy { d.objects[$0].className == "NSMenuItem" && d.objects[$0].relationship == .collection("items") })
        let submenu = try d.object("57")
        XCTAssertEqual(submenu.relationship, .property("submenu"))
        XCTAssertEqual(submenu.parent, d.index(ofID: "56"))
        XCTAssertEqual(try d.object("420").customClass, "NSFontManager")
        XCTAssertEqual(try d.object("494").customClass, "ContextFilterAppDelegate")
        // Every action runs from a menu item.
        XCTAssert(d.connections.filter { $0.kind == .action }.allSatisfy { d.objects[$0.source].className == "NSMenuItem" })
        XCTAssert(d.connectionSummary.contains("action 136.terminate: -> -3"))
    }

    func testNavigationControllerHoldsItsBarAndRootController() throws {
        let d = try readFixture(Self.legacy("ios-7.10-EGOTableViewPullRefresh-MainWindow.xib"))
        let nav = try d.object("9")
        XCTAssertEqual(nav.element, "navigationController")
        XCTAssertEqual(nav.className, "UINavigationController")
        XCTAssertEqual(d.children(of: nav.index).map { d.objects[$0].id }, ["11", "13"])
        let bar = try d.object("11")
        XCTAssertEqual(bar.className, "UINavigationBar")
        XCTAssertEqual(bar.relationship, .property("navigationBar"))
        let root = try d.object("13")
        XCTAssertEqual(root.relationship, .collection("viewControllers"))
        XCTAssertEqual(root.effectiveClass, "RootViewController")
        let item = try d.object("14")
        XCTAssertEqual(item.className, "UINavigationItem")
        XCTAssertEqual(item.relationship, .property("navigationItem"))
        XCTAssertEqual(item.parent, root.index)
        XCTAssertEqual(d.connectionSummary, ["outlet -1.delegate -> 3", "outlet 3.navigationController -> 9", "outlet 3.window -> 2"])
    }

    func testATableCellsContentViewWithoutARecordSitsBetweenTheCellAndItsSubviews() throws {
        let d = try readFixture(Self.legacy("ios-8.00-apple-ios-samples-GeocoderDemo-ForwardViewControllerCells.xib"))
        let cell = try d.object("28")
        XCTAssertEqual(cell.className, "UITableViewCell")
        let content = try XCTUnwrap(d.children(of: cell.index).first)
        XCTAssertEqual(d.objects[content].id, "archive-438141163")
        XCTAssertEqual(d.objects[content].element, "tableViewCellContentView")
        XCTAssertEqual(d.objects[content].className, "UITableViewCellContentView")
        XCTAssertEqual(d.objects[content].relationship, .property("contentView"))
        XCTAssertEqual(d.children(of: content).map { d.objects[$0].id }, ["39", "44"])
        XCTAssertEqual(try d.object("39").relationship, .subview)
        XCTAssertEqual(d.connections.first { $0.kind == .action }?.eventType, "valueChanged")
    }

    func testViewControllerKeepsItsNibNameAndCustomClass() throws {
        let d = try readFixture(Self.legacy("ios-7.10-CocoaAsyncSocket-ConnectTest-MainWindow.xib"))
        let controller = try d.object("10")
        XCTAssertEqual(controller.element, "viewController")
        XCTAssertEqual(controller.className, "UIViewController")
        XCTAssertEqual(controller.customClass, "ConnectTestViewController")
        XCTAssertEqual(controller.attribute("nibName"), "ConnectTestViewController")
        let delegate = try d.object("3")
        XCTAssertEqual(delegate.displayName, "ConnectTest App Delegate")
        XCTAssertEqual(delegate.userLabel, "ConnectTest App Delegate")
    }

    func testTheIPadArchiveTypeIsIOS() throws {
        let d = try readFixture(Self.legacy("ipad-8.00-CocoaAsyncSocket-TestPreBuffer-ViewController_iPad.xib"))
        XCTAssertEqual(d.platform, .ios)
        XCTAssertEqual(d.connectionSummary, ["outlet -1.view -> 2"])
    }

    func testBase64TextLosesItsStrayPadding() {
        XCTAssertEqual(IBLegacyArchive.base64("RmlsZSdzIE93bmVyA"), "File's Owner")
        XCTAssertEqual(IBLegacyArchive.base64("TGFi\nZWwgLSBI\nZWxsbw=="), "Label - Hello")
    }

    func testArchiveClassesMapToRuntimeClasses() {
        let cases: [(String, IBPlatform, String, String)] = [
            ("IBUILabel", .ios, "label", "UILabel"),
            ("IBUIViewController", .ios, "viewController", "UIViewController"),
            ("IBUINavigationController", .ios, "navigationController", "UINavigationController"),
            ("IBUITableView", .ios, "tableView", "UITableView"),
            ("IBUIRoundedRectButton", .ios, "button", "UIButton"),
            ("IBUICustomObject", .ios, "customObject", "NSObject"),
            ("IBUIWindow", .ios, "window", "UIWindow"),
            ("NSWindowTemplate", .mac, "window", "NSWindow"),
            ("NSCustomView", .mac, "customView", "NSView"),
            ("NSMenu", .mac, "menu", "NSMenu"),
            ("NSMenuItem", .mac, "menuItem", "NSMenuItem"),
            ("NSTextField", .mac, "textField", "NSTextField"),
            ("NSView", .mac, "view", "NSView"),
        ]
        for (archiveClass, platform, element, className) in cases {
            let mapped = IBLegacyClassMap.element(for: archiveClass, platform: platform)
            XCTAssertEqual(mapped.element, element, archiveClass)
            XCTAssertEqual(mapped.className, className, archiveClass)
        }
    }

    // MARK: errors, located in the XIB

    /// A real fixture with one change made to it.
    func read(_ name: String, replacing old: String, with new: String) throws -> Result<IBDocument, IBReadFailure> {
        let text = try String(contentsOfFile: TestFiles.fixture(Self.legacy(name)), encoding: .utf8)
        XCTAssert(text.contains(old), "the fixture no longer holds \(old)")
        return IBReader.read(data: Data(text.replacingOccurrences(of: old, with: new).utf8), path: "broken.xib")
    }

    func diagnostics(_ result: Result<IBDocument, IBReadFailure>) -> [String] {
        switch result {
        case .success: return ["read without errors"]
        case .failure(let f): return f.diagnostics.map(\.description)
        }
    }

    static let colors = "pair-ios-8.00-CocoaLumberjack-TestXcodeColors-ViewController.xib"

    func testAReferenceToAMissingIDIsAnErrorAtTheReference() throws {
        let result = try read(Self.colors, replacing: #"<reference key="destination" ref="815642729"/>"#,
                              with: #"<reference key="destination" ref="999"/>"#)
        XCTAssertEqual(diagnostics(result), ["broken.xib:103:7: error: reference to a missing object id '999'"])
    }

    func testAConnectionWithoutASourceIsAnErrorAtTheConnection() throws {
        let result = try read(Self.colors, replacing: "\t\t\t\t\t\t<reference key=\"source\" ref=\"372490531\"/>\n\t\t\t\t\t\t<reference key=\"destination\" ref=\"774585933\"/>",
                              with: "\t\t\t\t\t\t<reference key=\"destination\" ref=\"774585933\"/>")
        XCTAssertEqual(diagnostics(result), ["broken.xib:92:6: error: outlet 'view' has no source"])
    }

    func testAConnectionWithoutADestinationIsAnError() throws {
        let result = try read(Self.colors, replacing: #"<reference key="destination" ref="815642729"/>"#,
                              with: #"<nil key="destination"/>"#)
        XCTAssertEqual(diagnostics(result), ["broken.xib:100:6: error: outlet 'label' has no destination"])
    }

    func testAConnectionToSomethingThatIsNotAnObjectIsAnError() throws {
        // id 0 is the (empty) array standing for the document's root record.
        let result = try read(Self.colors, replacing: #"<reference key="destination" ref="815642729"/>"#,
                              with: #"<reference key="destination" ref="0"/>"#)
        XCTAssertEqual(diagnostics(result), [
            "broken.xib:103:7: error: outlet 'label' has a dangling destination '0': the element with that id "
            + "(line 112) is not an object of the document",
        ])
    }

    func testAnUnknownArchiveVersionIsAnErrorAtTheRoot() throws {
        let result = try read(Self.colors, replacing: #"version="8.00""#, with: #"version="9.00""#)
        XCTAssertEqual(diagnostics(result), [
            "broken.xib:2:1: error: unknown legacy archive version '9.00'; this reader knows the archive versions 7.x and 8.x",
        ])
    }

    func testAnUnknownArchiveTypeIsAnError() throws {
        let result = try read(Self.colors, replacing: "com.apple.InterfaceBuilder3.CocoaTouch.XIB",
                              with: "com.apple.InterfaceBuilder3.Carbon.XIB")
        XCTAssertEqual(diagnostics(result).first?.hasPrefix("broken.xib:2:1: error: unknown archive type "
                                                            + "'com.apple.InterfaceBuilder3.Carbon.XIB'"), true)
    }

    func testMalformedXMLInAnArchiveIsLocated() throws {
        let result = try read(Self.colors, replacing: "<int key=\"connectionID\">9</int>", with: "<int key=\"connectionID\">9</integer>")
        let messages = diagnostics(result)
        XCTAssertEqual(messages.count, 1)
        XCTAssert(messages.first?.hasPrefix("broken.xib:105:") == true, "\(messages)")
        XCTAssert(messages.first?.contains("error: malformed XML") == true, "\(messages)")
    }

    func testWhatTheModelDoesNotUseIsIgnoredQuietly() throws {
        // Bindings, class descriptions, plug-in versions and unknown keys give no warning.
        let result = try read("pair-mac-7.10-Sparkle-SUStatus.xib", replacing: "<int key=\"IBDocument.localizationMode\">0</int>",
                              with: "<int key=\"IBDocument.localizationMode\">0</int><object class=\"IBSomethingNew\" key=\"IBNew\"><int key=\"x\">1</int></object>")
        guard case .success(let d) = result else { return XCTFail(diagnostics(result).joined(separator: "\n")) }
        XCTAssertEqual(d.warnings, [])
        XCTAssertEqual(d.objects.count, 14)
        XCTAssertEqual(d.connections.count, 3)
    }

    func testACompiledNibIsRefusedWithAWordAboutTheXib() {
        let result = IBReader.read(data: Data("bplist00\u{1}\u{2}".utf8), path: "Main.nib")
        // A compiled Mac nib is read (IBCompiledNibTests): this one is truncated.
        XCTAssertEqual(diagnostics(result), [
            "Main.nib:1:1: error: a compiled nib that is not a readable property list (truncated or damaged): "
                + "a compiled nib's keyedobjects.nib is a binary or XML property list",
        ])
        let archive = IBReader.read(data: Data("NIBArchive\u{1}\u{0}".utf8), path: "View.nib")
        XCTAssertEqual(diagnostics(archive).count, 1)
        XCTAssert(diagnostics(archive)[0].contains("give the .xib"))
    }

    func testACompiledNibBundleIsRefused() throws {
        let dir = NSTemporaryDirectory() + "nibscript-nib-\(getpid())/Main.nib"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: (dir as NSString).deletingLastPathComponent) }
        XCTAssertEqual(diagnostics(IBReader.read(path: dir, displayPath: "Main.nib")), [
            "Main.nib: error: a compiled nib bundle without keyedobjects.nib or designable.nib: nothing to read; give the .xib it was compiled from",
        ])
    }
}
