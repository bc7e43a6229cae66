import Foundation
import NibScriptBenchmarks
import NibScriptSyntax
import XCTest
@testable import NibScript
@testable import CocoaSimulator
@testable import NibScriptInterpreter
@testable import NibScriptExplore
@testable import NibScriptReports
@testable import NibAudit
@testable import NibScriptCommandLine

/// Large and deep Interface Builder files load through a script. Not timed: before reading
/// and loading were made linear, the deep case alone took minutes.
final class LargeXibTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("nibscript-large-xib-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    private func run(objects: Int, shape: XibBenchmark.Shape) throws -> Driver.Result {
        try XibBenchmark.document(objects: objects, shape: shape)
            .write(to: dir.appendingPathComponent("Big.xib"), atomically: true, encoding: .utf8)
        let script = XibBenchmark.script(loading: "Big.xib", objects: objects, shape: shape)
        return Driver.runSource(SourceFile(path: dir.appendingPathComponent("big.nibscript").path, text: script), quiet: true)
    }

    func testADeeplyNestedXibLoads() throws {
        let r = try run(objects: 20_000, shape: .nested)
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(r.status, 0, r.stdout)
        XCTAssertTrue(r.stdout.contains("pass     7  expect alive view_v19999"), r.stdout)
    }

    func testAWideXibLoads() throws {
        let r = try run(objects: 5_000, shape: .flat)
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(r.status, 0, r.stdout)
    }

    func testObjectsWithTheSameLabelGetNumberedNames() throws {
        let xib = """
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" targetRuntime="iOS.CocoaTouch">
        <objects>
        <view id="root" userLabel="Same"><subviews>
        <view id="a" userLabel="Same"/><view id="b" userLabel="Same_2"/><view id="c" userLabel="Same"/>
        </subviews></view>
        </objects>
        </document>
        """
        try xib.write(to: dir.appendingPathComponent("Same.xib"), atomically: true, encoding: .utf8)
        let script = "nib S from \"Same.xib\"\nscenario \"s\" {\n    o = new NSObject\n    autoreleasepool {\n        load nib S owner o\n"
            + "        expect alive Same\n        expect alive Same_2\n        expect alive Same_2_2\n        expect alive Same_3\n    }\n}\n"
        let r = Driver.runSource(SourceFile(path: dir.appendingPathComponent("s.nibscript").path, text: script), quiet: true)
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(r.status, 0, r.stdout)
    }

    func testObjectNamesAreIdentifiers() {
        let cases = ["label-Mpr": "label_Mpr", "File's Owner": "Files_Owner", "9lives": "object_9lives", "": "object_",
                     "a--b": "a_b", "-a": "_a", "a-": "a_", "view_v1": "view_v1", "étiquette-1": "étiquette_1", "1é": "object_1é"]
        for (name, identifier) in cases {
            XCTAssertEqual(NibModelMapping.identifier(name), identifier, name)
        }
    }

    func testTheBenchmarkMeasuresBothShapes() throws {
        for shape in [XibBenchmark.Shape.flat, .nested] {
            let timing = try XibBenchmark.measure(objects: 50, shape: shape)
            XCTAssertEqual(timing.status, 0)
            XCTAssertGreaterThanOrEqual(timing.read, 0)
            XCTAssertGreaterThanOrEqual(timing.run, 0)
        }
    }
}
