import Foundation
import XCTest
@testable import SourceImport

/// Whole real projects as they are (`../shared/wild`, skipped without it): what the reader
/// makes of the code behind the wrong findings a reviewer traced to reading (JUDGED.md).
final class WildTests: XCTestCase {
    static let wild = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        + "/../shared/wild"

    func read(_ project: String, settings: ReaderSettings) throws -> ImportedProject {
        let dir = Self.wild + "/" + project
        guard FileManager.default.fileExists(atPath: dir) else { throw XCTSkip("../shared/wild is absent") }
        var files: [(path: String, bytes: [UInt8])] = []
        let e = FileManager.default.enumerator(atPath: dir)!
        var paths: [String] = []
        while let p = e.nextObject() as? String {
            if SourceReader.objcExtensions.contains((p as NSString).pathExtension.lowercased()) { paths.append(p) }
        }
        for p in paths.sorted() { files.append((dir + "/" + p, [UInt8](FileManager.default.contents(atPath: dir + "/" + p) ?? Data()))) }
        return SourceReader.read(files, settings: settings)
    }

    /// ioctocat: `[_loginField release], _loginField = nil;` (six wrong leaks).
    func testCommaReleasesOfIoctocat() throws {
        let p = try read("ioctocat", settings: ReaderSettings(arc: false, platform: .ios))
        let st = try XCTUnwrap(p["AccountFormController"]?.method("dealloc")).statements
        for ivar in ["_loginField", "_passwordField", "_endpointField", "_saveButton"] {
            XCTAssertTrue(st.contains { $0.kind == .release(ivar) && $0.path.isEmpty }, ivar)
            XCTAssertTrue(st.contains { $0.kind == .setNil(ivar, viaSetter: false) }, ivar)
        }
        XCTAssertEqual(st.last?.kind, .superCall)
        XCTAssertNil(p["NSURL"], "a category on a framework class is no class of the project")
    }

    /// growl: `RELEASE(_titleField); SUPER_DEALLOC;` from the GrowlTunes macros header.
    func testMemoryMacrosOfGrowl() throws {
        let p = try read("growl", settings: ReaderSettings(arc: false, platform: .mac))
        let c = try XCTUnwrap(p["FormattedItemViewController"])
        let st = try XCTUnwrap(c.method("dealloc")).statements
        XCTAssertTrue(st.contains { $0.kind == .release("_titleField") && $0.macro == "RELEASE" })
        XCTAssertEqual(st.last?.kind, .superCall)
        XCTAssertEqual(st.last?.macro, "SUPER_DEALLOC")
        XCTAssertTrue(c.usesMRC)
    }

    /// tunnelblick: the retaining setter inside an `if`; INCLUDE_VPNSERVICE, a feature switch
    /// whose `#define` its `defines.h` keeps commented out, is the project's own code: read,
    /// marked, even when the build's defines are known (SwitchedOffDefines.swift; its
    /// findings are judged TRUE in the folder's JUDGED.md).
    func testSetterWithAnIfOfTunnelblick() throws {
        let p = try read("tunnelblick", settings: ReaderSettings(arc: false, platform: .mac))
        let setter = try XCTUnwrap(p["LoginWindowController"]?.method("setPassword:"))
        XCTAssertEqual(setter.statements.map(\.kind), [.release("password"), .storeArgument("password", retained: true)])
        XCTAssertEqual(setter.statements.first?.path.map(\.description), ["if (password != newValue)"])
        XCTAssertEqual(setter.skipped, 0)
        XCTAssertEqual(p["VPNServiceIntroController"]?.conditions, ["#ifdef INCLUDE_VPNSERVICE"], "read, marked")
        let known = try read("tunnelblick", settings: ReaderSettings(arc: false, platform: .mac, buildDefinesKnown: true))
        XCTAssertEqual(known["VPNServiceIntroController"]?.conditions, ["#ifdef INCLUDE_VPNSERVICE"], "still read, marked")
        XCTAssertNotNil(known["LoginWindowController"])
    }
}
