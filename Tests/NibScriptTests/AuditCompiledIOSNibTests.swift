import Foundation
import XCTest
import TestSupport
@testable import NibScriptCommandLine

/// `audit` reads an iOS compiled nib (NIBArchive, ibtool for iOS 6 and later) as it reads the
/// XIB it was compiled from: a compiled nib names no File's Owner class, so its owner is the
/// class that loads it.
final class AuditCompiledIOSNibTests: ProjectFolderTestCase {
    static let header = "@interface Screen : UIViewController\n@property (nonatomic, retain) IBOutlet UILabel *nameLabel;\n@end\n"
    static let implementation = "#import \"Screen.h\"\n@implementation Screen\n@synthesize nameLabel;\n- (void)dealloc { [super dealloc]; }\n@end\n"
    static let loader = "#import \"Screen.h\"\n@implementation App\n- (void)show {\n    Screen *s = [[Screen alloc] initWithNibName:@\"Screen\" bundle:nil];\n"
        + "    [self.nav pushViewController:s animated:YES];\n    [s release];\n}\n@end\n"

    /// The compiled form of `iOSXib(owner: "Screen", outlets: [("view", "v"), ("nameLabel", "l")], objects: iOSViewWithLabel)`.
    static func compiled() -> [UInt8] {
        var w = NIBArchiveWriter()
        let owner = w.add("UIProxyObject", [("UIProxiedObjectIdentifier", w.string("IBFilesOwner"))])
        let responder = w.add("UIProxyObject", [("UIProxiedObjectIdentifier", w.string("IBFirstResponder"))])
        let view = w.add("UIView")
        let label = w.add("UILabel", [("UISuperview", .object(view)), ("UINextResponder", .object(view))])
        w.set(view, [("UISubviews", w.array([label], className: "NSMutableArray"))])
        func outlet(_ name: String, _ destination: Int) -> Int {
            w.add("UIRuntimeOutletConnection", [("UILabel", w.string(name)), ("UISource", .object(owner)), ("UIDestination", .object(destination))])
        }
        let connections = [outlet("view", view), outlet("nameLabel", label)]
        w.setRoot([("UINibTopLevelObjectsKey", w.array([owner, responder, view])),
                   ("UINibObjectsKey", w.array([owner, responder, view, label])),
                   ("UINibConnectionsKey", w.array(connections))])
        return w.bytes()
    }

    func audit(nib: (name: String, bytes: [UInt8]), files: [String: String]? = nil) throws -> Driver.Result {
        let dir = try project(files ?? ["Screen.h": Self.header, "Screen.m": Self.implementation, "App.m": Self.loader], kind: "iosnib")
        try Data(nib.bytes).write(to: URL(fileURLWithPath: dir + "/" + nib.name))
        return Driver.main(["audit", dir, "--platform", "ios6.0", "--memory", "mrc"])
    }

    /// The leak of a retained outlet never released: the same finding, and the same fix, from
    /// the compiled nib as from its XIB; with the release, none.
    func testACompiledIOSNibIsAuditedAsItsXib() throws {
        let xib = try audit(nib: ("Screen.xib", Array(iOSXib(owner: "Screen", outlets: [("view", "v"), ("nameLabel", "l")], objects: iOSViewWithLabel).utf8)))
        let nib = try audit(nib: ("Screen.nib", Self.compiled()))
        for r in [xib, nib] {
            XCTAssertTrue(r.stdout.contains("Screen.h:2:31: leak [O6 O9] `nameLabel` of Screen\n"), r.stdout)
            XCTAssertTrue(r.stdout.contains("  fix: release `nameLabel` in `dealloc` (Screen.m:4): `self.nameLabel = nil;` before `[super dealloc]`\n"), r.stdout)
            XCTAssertTrue(r.stdout.hasSuffix("1 finding (1 leak)\n"), r.stdout)
            XCTAssertFalse(r.stdout.contains("not read"), r.stdout)
        }
        XCTAssertTrue(nib.stdout.contains("  Screen.nib: owner Screen (view controller), 2 runs under ios 6.0 mrc\n"), nib.stdout)
        XCTAssertTrue(nib.stdout.contains("a compiled iOS nib names no File's Owner class; Screen loads it (App.m:4 `initWithNibName:@\"Screen\"`)"), nib.stdout)
        let fixed = try audit(nib: ("Screen.nib", Self.compiled()), files: [
            "Screen.h": Self.header, "App.m": Self.loader,
            "Screen.m": Self.implementation.replacingOccurrences(of: "{ [super dealloc]; }", with: "{ [nameLabel release]; [super dealloc]; }"),
        ])
        XCTAssertTrue(fixed.stdout.hasSuffix("0 findings\n"), fixed.stdout)
    }

    /// The folder iOS ibtool writes for an older deployment target (`runtime.nib`,
    /// `objects-8.0+.nib`) is the same nib, read from its `runtime.nib`; a `runtime.nib` left
    /// outside any folder is a stray, as a `keyedobjects.nib` is.
    func testAnIOSNibFolderIsAuditedFromItsRuntimeNib() throws {
        let dir = try project(["Screen.h": Self.header, "Screen.m": Self.implementation, "App.m": Self.loader], kind: "iosnibfolder")
        try FileManager.default.createDirectory(atPath: dir + "/Screen.nib", withIntermediateDirectories: true)
        for name in ["Screen.nib/runtime.nib", "Screen.nib/objects-8.0+.nib", "runtime.nib"] {
            try Data(Self.compiled()).write(to: URL(fileURLWithPath: dir + "/" + name))
        }
        let r = Driver.main(["audit", dir, "--platform", "ios6.0", "--memory", "mrc"])
        XCTAssertTrue(r.stdout.contains("  Screen.nib: owner Screen (view controller), 2 runs under ios 6.0 mrc\n"), r.stdout)
        XCTAssertTrue(r.stdout.contains("Screen.h:2:31: leak [O6 O9] `nameLabel` of Screen\n"), r.stdout)
        XCTAssertTrue(r.stdout.contains("see: Screen.nib/runtime.nib:1:1 (connection of outlet 'nameLabel')"), r.stdout)
        XCTAssertTrue(r.stdout.contains("runtime.nib: stray: a file of a nib bundle outside any .nib folder"), r.stdout)
    }

    /// Without a load to tell its owner, a compiled iOS nib is listed, not run with an NSObject
    /// owner (whose undefined keys would be a crash of the audit's making); a class of its name owns it.
    func testWithoutALoaderTheOwnerIsTheClassOfItsNameOrNotKnown() throws {
        let named = try audit(nib: ("Screen.nib", Self.compiled()), files: ["Screen.h": Self.header, "Screen.m": Self.implementation])
        XCTAssertTrue(named.stdout.contains("the class of its name, Screen, is taken for it (L11)"), named.stdout)
        XCTAssertTrue(named.stdout.contains("leak [O6 O9] `nameLabel` of Screen"), named.stdout)
        let unknown = try audit(nib: ("Other.nib", Self.compiled()), files: ["Screen.h": Self.header, "Screen.m": Self.implementation])
        XCTAssertTrue(unknown.stdout.contains("owner not known: a compiled iOS nib names no File's Owner class"), unknown.stdout)
        XCTAssertFalse(unknown.stdout.contains("crash"), unknown.stdout)
    }
}
