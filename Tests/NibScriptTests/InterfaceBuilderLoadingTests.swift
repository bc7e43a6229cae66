import Foundation
import InterfaceBuilder
import NibScriptSyntax
import XCTest
@testable import NibScript
@testable import CocoaSimulator
@testable import NibScriptInterpreter
@testable import NibScriptExplore
@testable import NibScriptReports
@testable import NibAudit
@testable import NibScriptCommandLine

/// Loading Interface Builder files from scripts: each fixture traces exactly like the same
/// nib written as a `nib { … }` block; bad files give errors that name the file's line and
/// column; real Xcode files load.
final class InterfaceBuilderLoadingTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

    /// Runs a script as if it were saved in the fixtures folder.
    func run(_ text: String, name: String = "script.nibscript") -> Driver.Result {
        Driver.runSource(SourceFile(path: Self.fixtures + "/" + name, text: text))
    }

    func assertEquivalent(header: String, file: String, block: String, scenario: String,
                          line: UInt = #line) {
        let fromFile = run(header + "\nnib N from \"\(file)\"\n" + scenario)
        let fromBlock = run(header + "\n" + block + "\n" + scenario)
        XCTAssertEqual(fromFile.stderr, "", "loading \(file): \(fromFile.stderr)", line: line)
        XCTAssertEqual(fromBlock.stderr, "", "the nib block: \(fromBlock.stderr)", line: line)
        XCTAssertEqual(fromFile.status, 0, fromFile.stdout, line: line)
        XCTAssertGreaterThan(fromFile.stdout.split(separator: "\n").count, 20, "the run traced almost nothing", line: line)
        // The scenario lines differ only by the nib declaration's length: compare the traces
        // with the scenario's own line numbers taken out.
        XCTAssertEqual(Self.withoutLineNumbers(fromFile.stdout), Self.withoutLineNumbers(fromBlock.stdout), line: line)
    }

    static func withoutLineNumbers(_ s: String) -> String {
        s.split(separator: "\n", omittingEmptySubsequences: false).map { l -> String in
            var t = Substring(l)
            if t.count > 5, t.prefix(5).allSatisfy({ $0 == " " || $0.isNumber }) { t = "     " + t.dropFirst(5) }
            return String(t).replacingOccurrences(of: #"\(line \d+;"#, with: "(line ?;", options: .regularExpression)
                .replacingOccurrences(of: #"line \d+"#, with: "line ?", options: .regularExpression)
                .replacingOccurrences(of: #"^\s+pass\s+\d+"#, with: "pass", options: .regularExpression)
        }.joined(separator: "\n")
    }

    func testIOSXibTracesLikeTheNibBlock() {
        assertEquivalent(header: """
            platform ios 5.1
            memory mrc
            class ListOwner : NSObject {
                outlet vc : UIViewController retain
                outlet table : UITableView assign
                outlet labels : NSArray retain
                tapped: {
                }
                dealloc {
                    release vc
                    release labels
                    super
                }
            }
            class Helper : NSObject {
            }
            """, file: "ios-controller.xib", block: """
            nib N {
                owner : ListOwner
                vc : UIViewController {
                    v : UIView as view {
                        table : UITableView
                        l1 : UILabel
                        l2 : UILabel
                        b : UIButton
                    }
                }
                helper : Helper
                connect owner.vc -> vc
                connect owner.table -> table
                connect owner.labels -> l1, l2
                connect table.dataSource -> owner
                connect table.delegate -> owner
                action b -> owner.tapped:
            }
            """, scenario: """
            scenario "load, drain, release" {
                o = new ListOwner
                load nib N owner o
                expect count l1 == 2
                drain
                expect deallocated helper
                expect count vc == 1
                release o
                expect deallocated l1
                expect no leaks
            }
            """)
    }

    func testMacXibTracesLikeTheNibBlock() {
        assertEquivalent(header: """
            platform mac 10.7
            memory mrc
            class WindowOwner : NSObject {
                ivar window : NSWindow
                ivar field : NSTextField
                ivar helper : Helper
                confirm: {
                }
                dealloc {
                    release window
                    release helper
                    super
                }
            }
            class Helper : NSObject {
            }
            """, file: "mac-window.xib", block: """
            nib N {
                owner : WindowOwner
                window : NSWindow {
                    content : NSView {
                        field : NSTextField {
                            textFieldCell_Cel : NSTextFieldCell as cell
                        }
                        ok : NSButton {
                            buttonCell_Bce : NSButtonCell as cell
                        }
                    }
                }
                helper : Helper
                connect owner.window -> window
                connect owner.field -> field
                connect owner.helper -> helper
                action ok -> owner.confirm:
            }
            """, scenario: """
            scenario "the owner releases the top-level objects" {
                o = new WindowOwner
                load nib N owner o
                expect count window == 1
                expect count field == 1
                release o
                expect deallocated field
                expect no leaks
            }
            """)
    }

    /// A scene is its controller and the scene's other objects; the controller's view is a
    /// nib of its own (here `scene_view`, named after the controller), loaded on first use.
    /// In block form the class names that nib; loading the storyboard, the scene's own view
    /// nib takes its place.
    func testStoryboardSceneTracesLikeTheNibBlock() {
        assertEquivalent(header: """
            platform ios 5.1
            memory arc
            class SceneController : UIViewController {
                nib scene_view
                outlet title : UILabel weak
                outlet formatter : Formatter assign
            }
            class Formatter : NSObject {
            }
            nib scene_view {
                owner : SceneController
                root : UIView {
                    title : UILabel
                }
                connect owner.view -> root
                connect owner.title -> title
            }
            """, file: "ios-scene.storyboard", block: """
            nib N {
                scene : SceneController {
                    formatter : Formatter as topLevelObjectsToKeepAliveFromStoryboard
                }
                connect scene.formatter -> formatter
            }
            """, scenario: """
            scenario "scene objects live and die with the controller" {
                load nib N owner nil
                c = scene
                expect count formatter == 1
                expect no loaded c
                send c view
                expect count title == 1
                drain
                expect alive formatter
                c = nil
                expect deallocated formatter
                expect deallocated title
            }
            """)
    }

    // MARK: Errors

    func testAMissingCustomClassNamesTheClassAndTheFileLine() {
        let r = run("platform ios 5.1\nnib N from \"ios-scene.storyboard\"\nscenario \"s\" {\n}\n")
        XCTAssertEqual(r.status, 2)
        XCTAssert(r.stderr.contains("script.nibscript:2:12: error: class 'SceneController' of scene ("), r.stderr)
        XCTAssert(r.stderr.contains("ios-scene.storyboard:9:17) is not declared"), r.stderr)
        XCTAssert(r.stderr.contains("is not declared in the script"), r.stderr)
    }

    func testBadFilesGiveErrorsWithTheirLocation() throws {
        let dir = NSTemporaryDirectory() + "nibscript-ib-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let cases: [(String, String, String)] = [
            ("notxml.xib", "this is not xml", "notxml.xib:1:"),
            ("legacy.xib", "<?xml version=\"1.0\"?>\n<archive type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"6.02\">\n</archive>\n",
             "legacy.xib:2:1: error: unknown legacy archive version '6.02'"),
            ("compiled.nib", "bplist00\u{1}", "compiled.nib:1:1: error: a compiled nib that is not a readable property list (truncated or damaged)"),
            ("dangling.xib", """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" targetRuntime="iOS.CocoaTouch">
                    <objects>
                        <placeholder placeholderIdentifier="IBFilesOwner" id="-1">
                            <connections>
                                <outlet property="label" destination="nope" id="c1"/>
                            </connections>
                        </placeholder>
                    </objects>
                </document>
                """, "dangling.xib:6:"),
        ]
        for (name, text, needle) in cases {
            try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
            let r = Driver.runSource(SourceFile(path: dir + "/s.nibscript", text: "nib N from \"\(name)\"\nscenario \"s\" {\n}\n"))
            XCTAssertEqual(r.status, 2, name)
            XCTAssert(r.stderr.contains(needle), "\(name): \(r.stderr)")
            XCTAssert(r.stderr.contains("s.nibscript:1:12:"), "\(name): the error points at the script's string: \(r.stderr)")
        }
    }

    /// One error per undeclared class, however many objects have it, and the declaration it
    /// suggests compiles when written as suggested.
    func testAnUndeclaredClassIsOneErrorAndItsSuggestionIsAccepted() throws {
        let dir = NSTemporaryDirectory() + "nibscript-ib-undeclared-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let labels = (1...10).map { "<label customClass=\"FancyLabel\" id=\"L\($0 + 10)-aa-bbb\"/>" }.joined(separator: "\n")
        let xib = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" targetRuntime="iOS.CocoaTouch">
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" customClass="Screen">
                        <connections>
                            <outlet property="view" destination="V1-aa-bbb" id="c1"/>
                        </connections>
                    </placeholder>
                    <view id="V1-aa-bbb">
                        <subviews>
            \(labels)
                            <collectionView id="C1-aa-bbb">
                                <collectionViewLayout key="collectionViewLayout" customClass="GridLayout" id="G1-aa-bbb"/>
                            </collectionView>
                        </subviews>
                    </view>
                </objects>
            </document>
            """
        try xib.write(toFile: dir + "/many.xib", atomically: true, encoding: .utf8)
        var script = "nib N from \"many.xib\"\nscenario \"s\" {\n    o = new Screen\n    load nib N owner o\n}\n"
        let first = Driver.runSource(SourceFile(path: dir + "/s.nibscript", text: script))
        XCTAssertEqual(first.status, 2)
        XCTAssertEqual(first.stderr.components(separatedBy: "error: class 'FancyLabel'").count - 1, 1, first.stderr)
        XCTAssert(first.stderr.contains("and 9 more objects is not declared"), first.stderr)
        XCTAssert(first.stderr.contains("of label_L11 ("), "the object is named as a script names it: \(first.stderr)")
        // Write each suggested declaration, exactly as suggested.
        let suggestions = first.stderr.split(separator: "\n").compactMap { line -> String? in
            guard let r = line.range(of: "for instance '") else { return nil }
            return line[r.upperBound...].replacingOccurrences(of: " { … }'", with: " {\n}")
        }
        XCTAssertEqual(suggestions, ["class Screen : UIViewController {\n}", "class FancyLabel : UILabel {\n}",
                                     "class GridLayout : UICollectionViewLayout {\n}"])
        script = suggestions.joined(separator: "\n") + "\n" + script
        let second = Driver.runSource(SourceFile(path: dir + "/s.nibscript", text: script))
        XCTAssertEqual(second.status, 0, second.stderr + second.stdout)
        XCTAssertEqual(second.stderr, "")
    }

    func testAMissingFileIsAnError() {
        let r = run("nib N from \"nowhere.xib\"\nscenario \"s\" {\n}\n")
        XCTAssertEqual(r.status, 2)
        XCTAssert(r.stderr.contains("nowhere.xib"), r.stderr)
    }

    func testThePlatformComesFromTheDocumentUnlessTheScriptSaysOtherwise() {
        let header = "class WindowOwner : NSObject {\n}\nclass Helper : NSObject {\n}\nnib N from \"mac-window.xib\"\nscenario \"s\" {\n    o = new WindowOwner\n    load nib N owner o\n}\n"
        let mac = run(header)
        XCTAssert(mac.stdout.contains("mac 10.7, mrc"), mac.stdout)
        let ios = run("platform ios 5.1\n" + header)
        XCTAssert(ios.stderr.contains("warning: 'mac-window.xib' was written for the Mac"), ios.stderr)
    }

    // MARK: Real Xcode files

    /// Every real file in ../shared/ib loads through a generated script that declares its
    /// custom classes and their outlets. Skipped when the folder is not there.
    func testRealXcodeFilesLoadAndRun() throws {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/ib").path
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else {
            throw XCTSkip("no ../shared/ib beside the project")
        }
        var loaded = 0
        for name in names.sorted() where name.hasSuffix(".xib") || name.hasSuffix(".storyboard") {
            let path = dir + "/" + name
            guard case .success(let doc) = IBReader.read(path: path) else {
                XCTFail("\(name) does not read")
                continue
            }
            let script = Self.script(for: doc, path: path)
            let r = Driver.runSource(SourceFile(path: "real.nibscript", text: script))
            XCTAssertEqual(r.status, 0, "\(name)\n\(script)\n\(r.stderr)\n\(r.stdout.suffix(2000))")
            XCTAssertFalse(r.stdout.contains("CRASH"), name)
            loaded += 1
        }
        XCTAssertGreaterThanOrEqual(loaded, 9)
        XCTAssert(names.contains { $0.hasPrefix("legacy") })
    }

    // MARK: Legacy archive XIBs

    static let legacyFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("InterfaceBuilderTests/Fixtures/legacy").path

    /// Every legacy fixture of the reader's tests loads and runs through a generated script.
    func testLegacyFixturesLoadAndRun() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.legacyFixtures)
            .filter { $0.hasSuffix(".xib") && !$0.contains("-modern-") }.sorted()
        XCTAssertEqual(names.count, 15)
        for name in names {
            let path = Self.legacyFixtures + "/" + name
            guard case .success(let doc) = IBReader.read(path: path) else { XCTFail("\(name) does not read"); continue }
            let script = Self.script(for: doc, path: path)
            let r = Driver.runSource(SourceFile(path: "legacy.nibscript", text: script))
            XCTAssertEqual(r.status, 0, "\(name)\n\(script)\n\(r.stderr)")
            XCTAssert(r.stdout.contains("load nib N"), "\(name): \(r.stdout.prefix(500))")
        }
    }

    /// A 2012 legacy archive traces exactly like the same nib written as a block.
    func testLegacyXibTracesLikeTheNibBlock() {
        assertEquivalent(header: """
            platform ios 5.1
            memory mrc
            class ViewController : UIViewController {
                ivar addrField : UITextField
                ivar portField : UITextField
                ivar messageField : UITextField
                ivar webView : UIWebView
                send: {
                }
                dealloc {
                    release addrField
                    release portField
                    release messageField
                    release webView
                    super
                }
            }
            """, file: "../../InterfaceBuilderTests/Fixtures/legacy/ios-8.00-CocoaAsyncSocket-UdpEchoClient-ViewController.xib",
            block: """
            nib N {
                owner : ViewController
                view_6 : UIView {
                    textField_8 : UITextField
                    textField_9 : UITextField
                    textField_10 : UITextField
                    button_11 : UIButton
                    webView_12 : UIWebView
                }
                connect owner.addrField -> textField_8
                connect owner.messageField -> textField_10
                connect owner.portField -> textField_9
                connect owner.view -> view_6
                connect owner.webView -> webView_12
                action textField_10 -> owner.send:
                action button_11 -> owner.send:
                connect webView_12.delegate -> owner
            }
            """, scenario: """
            scenario "load, drain, release" {
                o = new ViewController
                load nib N owner o
                expect count textField_8 == 2
                drain
                expect count view_6 == 1
                expect count button_11 == 1
                release o
                expect deallocated textField_8
                expect deallocated button_11
                expect no leaks
            }
            """)
    }

    /// A legacy file and the same nib converted by Xcode trace the same, line for line.
    func testLegacyAndModernFormsOfANibTraceTheSame() throws {
        let pairs = [
            ("pair-ios-8.00-CocoaLumberjack-TestXcodeColors-ViewController.xib",
             "pair-ios-modern-CocoaLumberjack-TestXcodeColors-ViewController.xib"),
            ("pair-ios-7.10-CocoaLumberjack-Benchmark-MainWindow.xib", "pair-ios-modern-CocoaLumberjack-Benchmark-MainWindow.xib"),
            ("pair-ios-7.10-CocoaLumberjack-BenchmarkIPhoneViewController.xib",
             "pair-ios-modern-CocoaLumberjack-BenchmarkIPhoneViewController.xib"),
            ("pair-mac-7.10-Sparkle-SUStatus.xib", "pair-mac-modern-Sparkle-SUStatus.xib"),
            ("pair-mac-7.10-CocoaLumberjack-ContextFilter-MainMenu.xib", "pair-mac-modern-CocoaLumberjack-ContextFilter-MainMenu.xib"),
        ]
        for (legacy, modern) in pairs {
            let legacyPath = Self.legacyFixtures + "/" + legacy, modernPath = Self.legacyFixtures + "/" + modern
            guard case .success(let doc) = IBReader.read(path: legacyPath) else { XCTFail(legacy); continue }
            let script = Self.script(for: doc, path: "NIBFILE") + "scenario \"release\" {\n    o = new \(doc.filesOwner.flatMap { doc.objects[$0].customClass } ?? "NSObject")\n    load nib N owner o\n    release o\n    drain\n}\n"
            let old = Driver.runSource(SourceFile(path: "pair.nibscript", text: script.replacingOccurrences(of: "NIBFILE", with: legacyPath)))
            let new = Driver.runSource(SourceFile(path: "pair.nibscript", text: script.replacingOccurrences(of: "NIBFILE", with: modernPath)))
            XCTAssertEqual(old.status, 0, "\(legacy): \(old.stderr)")
            XCTAssertEqual(new.status, 0, "\(modern): \(new.stderr)")
            XCTAssertGreaterThan(old.stdout.split(separator: "\n").count, 10, legacy)
            XCTAssertEqual(old.stdout.replacingOccurrences(of: legacy, with: "X"),
                           new.stdout.replacingOccurrences(of: modern, with: "X"), legacy)
        }
    }

    /// A script for any document: each custom class declared with the element's class as its
    /// superclass and every outlet the file connects from it, then one load.
    static func script(for doc: IBDocument, path: String) -> String {
        var classes: [(String, String)] = []
        var outlets: [String: [String]] = [:]
        let builtins = Catalogue.allNames
        for o in doc.objects {
            guard let c = o.customClass, !builtins.contains(c), !classes.contains(where: { $0.0 == c }) else { continue }
            var sup = o.placeholderIdentifier == "IBFilesOwner" ? (doc.platform == .ios ? "UIViewController" : "NSObject") : o.className
            if !builtins.contains(sup) { sup = "NSObject" }
            classes.append((c, sup))
        }
        for c in doc.connections where c.kind == .outlet || c.kind == .outletCollection {
            guard let cls = doc.objects[c.source].customClass else { continue }
            if !(outlets[cls] ?? []).contains(c.name) { outlets[cls, default: []].append(c.name) }
        }
        var s = "memory mrc\n"
        for (c, sup) in classes {
            s += "class \(c) : \(sup) {\n"
            for o in outlets[c] ?? [] where o != "view" { s += "    outlet \(o) : id assign\n" }
            s += "}\n"
        }
        s += "nib N from \"\(path)\"\n"
        let owner = doc.filesOwner.flatMap { doc.objects[$0].customClass }
        s += "scenario \"load\" {\n"
        if let owner { s += "    o = new \(owner)\n    load nib N owner o\n" } else { s += "    load nib N owner nil\n" }
        s += "    drain\n}\n"
        return s
    }
}
