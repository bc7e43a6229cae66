import Foundation
import XCTest
@testable import NibScript
@testable import NibAudit
@testable import NibScriptCommandLine
@testable import SourceImport

/// The build's macros (`GCC_PREPROCESSOR_DEFINITIONS`, `-D` flags) reach the reader: a
/// `#ifdef` on a name the target that builds the file does not define is false, as the
/// compiler reads it, not a branch read both ways (Sequel Pro's `#ifdef SP_CODA` glue, built
/// only into another product, gave a finding of code the application never has).
final class AuditBuildDefinesTests: ProjectFolderTestCase {
    func testDefinesInheritQuotesFlagsAndUnresolvedNames() {
        func s(_ pairs: [String: String]) -> [String: ProjectSetting] { pairs.mapValues { ProjectSetting(value: $0, origin: "t") } }
        let d = BuildDefines.of(s(["GCC_PREPROCESSOR_DEFINITIONS": "$(inherited) \"APP_STORE=1\" LEVEL=3 NAME=\\\"x\\\"",
                                   "OTHER_CFLAGS": "-Wall -DFAST -D SLOW=0"]), fileFlags: "-fno-objc-arc -DONE_FILE")
        XCTAssertEqual(d.defines, ["APP_STORE": "1", "LEVEL": "3", "NAME": "\"x\"", "FAST": "1", "SLOW": "0", "ONE_FILE": "1"])
        XCTAssertTrue(d.complete)
        // A setting another names is substituted; one nobody sets leaves the defines open.
        let sub = BuildDefines.of(s(["GCC_PREPROCESSOR_DEFINITIONS": "$(MINE) B", "MINE": "A=2"]))
        XCTAssertEqual(sub.defines, ["A": "2", "B": "1"]); XCTAssertTrue(sub.complete)
        XCTAssertFalse(BuildDefines.of(s(["GCC_PREPROCESSOR_DEFINITIONS": "$(NOT_SET) B"])).complete)
        XCTAssertFalse(BuildDefines.of(s(["GCC_PREFIX_HEADER": "Prefix.h"])).complete)
        XCTAssertTrue(BuildDefines.of(s(["GCC_PREFIX_HEADER": "$(SYSTEM_LIBRARY_DIR)/Frameworks/AppKit.framework/Headers/AppKit.h"])).complete)
        // Two builds of one file: what they agree on, and open.
        let both = BuildDefines(defines: ["A": "1", "B": "1"]).meet(BuildDefines(defines: ["A": "1"]))
        XCTAssertEqual(both.defines, ["A": "1"]); XCTAssertFalse(both.complete)
    }

    func testATargetsInheritedDefinesKeepTheXcconfigs() throws {
        let pbx = ProjectFiles.pbxproj(platform: "mac", deployment: "10.6", arc: nil, infoPlist: nil, sources: [("A.m", "")],
                                       resources: ["A.xib"], xcconfig: "Base.xcconfig")
            .replacingOccurrences(of: "PRODUCT_NAME = Tunes;", with: "PRODUCT_NAME = Tunes; GCC_PREPROCESSOR_DEFINITIONS = (\"$(inherited)\", \"EXTRA=2\", );")
        let dir = try project(["P.xcodeproj/project.pbxproj": pbx, "Base.xcconfig": "GCC_PREPROCESSOR_DEFINITIONS = BASE=1\n"], kind: "defines")
        let r = XcodeProjectReader.read(dir: dir, files: ["P.xcodeproj/project.pbxproj"])
        let t = try XCTUnwrap(r.targets.first, "\(r.problems)")
        XCTAssertEqual(BuildDefines.of(t.settings()).defines, ["BASE": "1", "EXTRA": "2"])
    }

    /// A window controller whose `windowDidLoad` makes an array only in another product's
    /// build, and never releases it.
    func files(defines: String?) -> [String: String] {
        var pbx = ProjectFiles.pbxproj(platform: "mac", deployment: "10.6", arc: nil, infoPlist: nil,
                                       sources: [("Panel.m", "")], resources: ["Panel.xib"])
        if let defines {
            pbx = pbx.replacingOccurrences(of: "PRODUCT_NAME = Tunes;", with: "PRODUCT_NAME = Tunes; GCC_PREPROCESSOR_DEFINITIONS = \"\(defines)\";")
        }
        return [
            // Headers that import each other (a cycle `#import` cuts) are all read: no name is left open.
            "Panel.h": "#import \"Shared.h\"\n@interface Panel : NSWindowController {\n    NSMutableArray *cache;\n}\n@end\n",
            "Shared.h": "#import \"Panel.h\"\n#define SHARED_LIMIT 4\n",
            "Panel.m": """
            #import "Panel.h"
            @implementation Panel
            - (id)init { return [super initWithWindowNibName:@"Panel"]; }
            - (void)windowDidLoad {
            #ifdef PLUGIN_BUILD
                cache = [[NSMutableArray alloc] init];
            #endif
            }
            - (void)dealloc { [super dealloc]; }
            @end

            """,
            "Panel.xib": macWindowXib(owner: "Panel"),
            "Panel.xcodeproj/project.pbxproj": pbx,
        ]
    }

    func testABranchOnANameTheTargetDoesNotDefineIsNotRead() throws {
        let leak = "leak [V12 O9] `cache` of Panel"
        // The target defines other names only: PLUGIN_BUILD is undefined, the store never compiled.
        let none = Driver.main(["audit", try project(files(defines: "APP_STORE=1"), kind: "defines-none")])
        XCTAssertTrue(none.stdout.contains("Panel.xib: owner Panel (window controller)"), none.stdout)
        XCTAssertFalse(none.stdout.contains(leak), none.stdout)
        // The target defines it: the store is compiled and leaks.
        let with = Driver.main(["audit", try project(files(defines: "PLUGIN_BUILD"), kind: "defines-with")])
        XCTAssertTrue(with.stdout.contains(leak), with.stdout)
        // No project file: the branch is undecided, read (as before).
        var loose = files(defines: nil)
        loose["Panel.xcodeproj/project.pbxproj"] = nil
        let open = Driver.main(["audit", "--platform", "mac", "--memory", "mrc", try project(loose, kind: "defines-open")])
        XCTAssertTrue(open.stdout.contains(leak), open.stdout)
    }

    func testAFeatureSwitchCommentedOutInTheSourcesIsStillRead() throws {
        // `//#define PLUGIN_BUILD 1`: the project's own feature, off for now; its code is read
        // (undecided), so its defects show before the switch is turned on (Tunnelblick's
        // INCLUDE_VPNSERVICE). A name no file defines stays false (the test above).
        var f = files(defines: "APP_STORE=1")
        f["Switches.h"] = "// Features\n//#define PLUGIN_BUILD 1\n#define OTHER 1\n"
        let r = Driver.main(["audit", try project(f, kind: "defines-switch")])
        XCTAssertTrue(r.stdout.contains("leak [V12 O9] `cache` of Panel"), r.stdout)
        XCTAssertEqual(SwitchedOffDefines.names(in: Array("//#define A 1\n  // # define B\n/* #define C */\n#define D\n// define E\n//#define 9X\n".utf8)), ["A", "B", "C"])
    }

    func testAQuotedImportNotReadLeavesTheNamesOpen() throws {
        // `config.h` is generated by the build: what it defines is not known.
        var f = files(defines: "APP_STORE=1")
        f["Panel.m"] = "#import \"config.h\"\n" + f["Panel.m"]!
        let r = Driver.main(["audit", try project(f, kind: "defines-config")])
        XCTAssertTrue(r.stdout.contains("leak [V12 O9] `cache` of Panel"), r.stdout)
    }
}

/// Two targets whose main nibs share a name (an application's `MainMenu` and a bundled
/// framework's test application's): each nib cites the Info.plist of the target that copies it.
final class AuditMainNibOriginTests: ProjectFolderTestCase {
    func testEachMainNibCitesItsOwnTargetsInfoPlist() throws {
        let menu = macXib(owner: "NSApplication", outlets: [], objects: "<menu title=\"Main\" systemMenu=\"main\" id=\"m\"/>")
        var files: [String: String] = [:]
        for (folder, target) in [("App", "Tunes"), ("Lib/Demo", "Demo")] {
            files["\(folder)/\(target).xcodeproj/project.pbxproj"] = ProjectFiles.pbxproj(
                platform: "mac", deployment: "10.6", arc: nil, infoPlist: "Info.plist", sources: [("\(target).m", "")],
                resources: ["MainMenu.xib"], target: target)
            files["\(folder)/Info.plist"] = ProjectFiles.plist(["NSMainNibFile": "MainMenu"])
            files["\(folder)/MainMenu.xib"] = menu
            files["\(folder)/\(target).m"] = "@interface \(target) : NSObject\n@end\n@implementation \(target)\n@end\n"
        }
        let r = Driver.main(["audit", try project(files, kind: "main-origin")])
        XCTAssertTrue(r.stdout.contains("  App/MainMenu.xib: owner NSApplication (main nib)"), r.stdout)
        XCTAssertTrue(r.stdout.contains("as its main nib (App/Info.plist (NSMainNibFile))"), r.stdout)
        XCTAssertTrue(r.stdout.contains("as its main nib (Lib/Demo/Info.plist (NSMainNibFile))"), r.stdout)
    }
}
