import Foundation
import XCTest
@testable import NibScript
@testable import NibAudit
@testable import NibScriptCommandLine
import CocoaSimulator
import SourceImport

/// Project files written for the tests: a `project.pbxproj` of one target, an Info.plist.
enum ProjectFiles {
    /// `sources`: (path relative to the folder, COMPILER_FLAGS). `arc`: CLANG_ENABLE_OBJC_ARC or unset.
    static func pbxproj(platform: String, deployment: String, arc: String?, infoPlist: String?, sources: [(String, String)],
                        resources: [String], xcconfig: String? = nil, target: String = "Tunes") -> String {
        var objects = ""
        var children: [String] = []
        var buildFiles: [String] = []
        var resourceFiles: [String] = []
        for (k, (path, flags)) in sources.enumerated() {
            objects += "F\(k) /* \(path) */ = {isa = PBXFileReference; path = \"\(path)\"; sourceTree = \"<group>\"; };\n"
            objects += "B\(k) = {isa = PBXBuildFile; fileRef = F\(k); " + (flags.isEmpty ? "" : "settings = {COMPILER_FLAGS = \"\(flags)\"; }; ") + "};\n"
            children.append("F\(k)"); buildFiles.append("B\(k)")
        }
        for (k, path) in resources.enumerated() {
            objects += "R\(k) = {isa = PBXFileReference; path = \"\(path)\"; sourceTree = SOURCE_ROOT; };\n"
            objects += "RB\(k) = {isa = PBXBuildFile; fileRef = R\(k); };\n"
            children.append("R\(k)"); resourceFiles.append("RB\(k)")
        }
        if let x = xcconfig {
            objects += "X1 = {isa = PBXFileReference; path = \(x); sourceTree = \"<group>\"; };\n"
            children.append("X1")
        }
        let key = platform == "ios" ? "IPHONEOS_DEPLOYMENT_TARGET" : "MACOSX_DEPLOYMENT_TARGET"
        var settings = "\(key) = \(deployment); PRODUCT_NAME = \(target);"
        if let a = arc { settings += " CLANG_ENABLE_OBJC_ARC = \(a);" }
        if let p = infoPlist { settings += " INFOPLIST_FILE = \"\(p)\";" }
        return """
        // !$*UTF8*$!
        {
            archiveVersion = 1;
            objectVersion = 46;
            objects = {
        \(objects)
                G1 = {isa = PBXGroup; children = (\(children.joined(separator: ", ")), ); sourceTree = "<group>"; };
                S1 /* Sources */ = {isa = PBXSourcesBuildPhase; files = (\(buildFiles.joined(separator: ", ")), ); };
                S2 /* Resources */ = {isa = PBXResourcesBuildPhase; files = (\(resourceFiles.joined(separator: ", ")), ); };
                C1 /* Release */ = {isa = XCBuildConfiguration; \(xcconfig == nil ? "" : "baseConfigurationReference = X1; ")buildSettings = { \(settings) }; name = Release; };
                C2 /* Debug */ = {isa = XCBuildConfiguration; buildSettings = { \(key) = 4.0; }; name = Debug; };
                L1 = {isa = XCConfigurationList; buildConfigurations = (C1, C2, ); defaultConfigurationName = Release; };
                L0 = {isa = XCConfigurationList; buildConfigurations = (); };
                T1 /* \(target) */ = {isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (S1, S2, ); name = \(target); };
                P1 = {isa = PBXProject; buildConfigurationList = L0; mainGroup = G1; targets = (T1, ); };
            };
            rootObject = P1;
        }
        """
    }

    static func plist(_ entries: [String: String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict>
        \(entries.sorted { $0.key < $1.key }.map { "<key>\($0.key)</key><string>\($0.value)</string>" }.joined(separator: "\n"))
        </dict></plist>
        """
    }
}

final class XcodeProjectTests: ProjectFolderTestCase {
    func write(_ files: [String: String]) throws -> String { try project(files, kind: "xcodeproj") }

    func testTargetsSettingsXcconfigFlagsAndMainNib() throws {
        let dir = try write([
            "App/App.xcodeproj/project.pbxproj": ProjectFiles.pbxproj(
                platform: "ios", deployment: "6.1", arc: nil, infoPlist: "Info.plist",
                sources: [("A.m", ""), ("B.m", "-fno-objc-arc"), ("C.m", "-fobjc-arc -w")], resources: ["Main.xib"], xcconfig: "Shared.xcconfig"),
            "App/Shared.xcconfig": "// shared\n#include \"Base.xcconfig\"\nCLANG_ENABLE_OBJC_ARC = YES\n",
            "App/Base.xcconfig": "IPHONEOS_DEPLOYMENT_TARGET = 5.0\nGCC_PREFIX_HEADER[sdk=iphoneos*] = P.pch\n",
            "App/Info.plist": ProjectFiles.plist(["NSMainNibFile": "Main", "UIMainStoryboardFile~ipad": "Pad"]),
        ])
        let r = XcodeProjectReader.read(dir: dir, files: ["App/App.xcodeproj/project.pbxproj"])
        XCTAssertEqual(r.problems, [])
        XCTAssertEqual(r.targets.map(\.name), ["Tunes"])
        let t = r.targets[0]
        XCTAssertEqual(t.shippedConfiguration, "Release")
        XCTAssertEqual(t.configurations.map(\.name), ["Release", "Debug"])
        let s = t.settings()
        XCTAssertEqual(s["IPHONEOS_DEPLOYMENT_TARGET"]?.value, "6.1", "the target's own setting wins over the xcconfig")
        XCTAssertEqual(s["IPHONEOS_DEPLOYMENT_TARGET"]?.origin, "App/App.xcodeproj, target Tunes, Release")
        XCTAssertEqual(s["CLANG_ENABLE_OBJC_ARC"], ProjectSetting(value: "YES", origin: "App/Shared.xcconfig:3"))
        XCTAssertEqual(s["GCC_PREFIX_HEADER"]?.value, "P.pch", "a conditional setting under its plain name")
        XCTAssertEqual(t.settings("Debug")["IPHONEOS_DEPLOYMENT_TARGET"]?.value, "4.0")
        XCTAssertEqual(t.sources.map(\.path), ["App/A.m", "App/B.m", "App/C.m"])
        XCTAssertEqual(t.sources.map(\.flags), ["", "-fno-objc-arc", "-fobjc-arc -w"])
        XCTAssertEqual(t.resources, ["App/Main.xib"])
        XCTAssertEqual(t.mainNibs.map(\.value), ["Main", "Pad"])

        let settings = ProjectSettings(dir: dir, files: ["App/App.xcodeproj/project.pbxproj"], allConfigurations: false)
        XCTAssertEqual(settings.fileMemory["App/A.m"]?.0, .arc)
        XCTAssertEqual(settings.fileMemory["App/B.m"]?.0, .mrc)
        XCTAssertEqual(settings.fileMemory["App/C.m"]?.0, .arc)
        XCTAssertEqual(settings.iosDeployment?.0.0, 6)
        XCTAssertEqual(settings.mainNibs["Main"], "App/Info.plist (NSMainNibFile)")
        let all = ProjectSettings(dir: dir, files: ["App/App.xcodeproj/project.pbxproj"], allConfigurations: true)
        XCTAssertEqual(all.iosDeployment?.0.0, 4, "--all-configurations adds Debug's 4.0")
    }

    /// A conditional setting beside its plain key (HexFiend: `MACOSX_DEPLOYMENT_TARGET = 10.7`
    /// and `"MACOSX_DEPLOYMENT_TARGET[arch=ppc64]" = 10.5`) never replaces it, whatever order
    /// the project's dictionary or the xcconfig's lines give them; the report was 10.5 or 10.7
    /// from run to run.
    func testAConditionalSettingNeverReplacesItsPlainKey() throws {
        var text = ProjectFiles.pbxproj(platform: "mac", deployment: "10.7", arc: nil, infoPlist: nil,
                                        sources: [("A.m", "")], resources: ["Main.xib"], xcconfig: "Base.xcconfig")
        text = text.replacingOccurrences(of: "MACOSX_DEPLOYMENT_TARGET = 10.7;",
                                         with: "\"MACOSX_DEPLOYMENT_TARGET[arch=ppc64]\" = 10.5; MACOSX_DEPLOYMENT_TARGET = 10.7; \"MACOSX_DEPLOYMENT_TARGET[arch=x86_64]\" = 10.4;")
        let dir = try write([
            "App.xcodeproj/project.pbxproj": text,
            "Base.xcconfig": "CLANG_ENABLE_OBJC_ARC = NO\nCLANG_ENABLE_OBJC_ARC[arch=i386] = YES\nGCC_PREFIX_HEADER[sdk=macosx*] = P.pch\n",
        ])
        for _ in 0..<20 {
            let read = XcodeProjectReader.read(dir: dir, files: ["App.xcodeproj/project.pbxproj"])
            XCTAssertEqual(read.problems, [])
            let s = try XCTUnwrap(read.targets.first).settings()
            XCTAssertEqual(s["MACOSX_DEPLOYMENT_TARGET"]?.value, "10.7")
            XCTAssertEqual(s["CLANG_ENABLE_OBJC_ARC"], ProjectSetting(value: "NO", origin: "Base.xcconfig:1"))
            XCTAssertEqual(s["GCC_PREFIX_HEADER"]?.value, "P.pch", "a conditional setting alone still counts")
        }
    }

    func testBrokenProjectFileIsAProblemNotACrash() throws {
        let dir = try write(["X.xcodeproj/project.pbxproj": "{ objects = { A = {isa = PBX"])
        let r = XcodeProjectReader.read(dir: dir, files: ["X.xcodeproj/project.pbxproj"])
        XCTAssertEqual(r.targets.count, 0)
        XCTAssertEqual(r.problems, ["X.xcodeproj/project.pbxproj: not a property list"])
    }

    /// With no flags the audit follows the project: deployment iOS 6.1 gives only the 6.0
    /// column; an ARC target is audited as ARC; the report says where each came from.
    func testAuditFollowsTheProjectSettings() throws {
        let xib = iOSXib(owner: "NoteController", outlets: [("view", "v"), ("body", "l")], objects: iOSViewWithLabel)
        var files = [
            "Note.h": "@interface NoteController : UIViewController\n@property (nonatomic, strong) IBOutlet UILabel *body;\n@end\n",
            "Note.m": "@implementation NoteController\n@end\n",
            "Note.xib": xib,
        ]
        files["N.xcodeproj/project.pbxproj"] = ProjectFiles.pbxproj(platform: "ios", deployment: "6.1", arc: "YES", infoPlist: nil,
                                                                     sources: [("Note.m", "")], resources: ["Note.xib"])
        let r = Driver.main(["audit", try write(files)])
        XCTAssertTrue(r.stdout.contains("Note.xib: owner NoteController (view controller), 2 runs under ios 6.0 arc"), r.stdout)
        XCTAssertTrue(r.stdout.contains("ARC: Note.m: target Tunes: CLANG_ENABLE_OBJC_ARC YES"), r.stdout)
        XCTAssertTrue(r.stdout.contains("iOS deployment target 6.1 (N.xcodeproj, target Tunes, Release): iOS 6.0 only"), r.stdout)
        XCTAssertEqual(r.status, 0, r.stdout)
        // MRC by a file flag: the strong property is released nowhere, a leak on 6.0.
        files["N.xcodeproj/project.pbxproj"] = ProjectFiles.pbxproj(platform: "ios", deployment: "6.1", arc: "YES", infoPlist: nil,
                                                                     sources: [("Note.m", "-fno-objc-arc")], resources: ["Note.xib"])
        let m = Driver.main(["audit", try write(files)])
        XCTAssertTrue(m.stdout.contains("under ios 6.0 mrc"), m.stdout)
        XCTAssertTrue(m.stdout.contains("leak [O6 O9] `body` of NoteController"), m.stdout)
        // --memory and --platform still override.
        XCTAssertTrue(Driver.main(["audit", "--memory", "arc", "--platform", "ios5.1", try write(files)]).stdout.contains("under ios 5.1 arc"))
    }
}
