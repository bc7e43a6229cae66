import Foundation
import NibScript
import NibAudit
import NibScriptCommandLine

/// A generated project for `nibscript audit`: N view controllers, each with a header, an
/// implementation and a .xib, so the audit's speed can be measured at any size.
public enum AuditProject {
    /// Writes the project under `dir`. Each controller has an IBOutlet ivar that is never
    /// released (a leak on every iOS; abandoned after a warning on 5.1), a retained property
    /// released in dealloc and nil'd in viewDidUnload (no finding), and an assign property
    /// (dangling after a warning on 5.1): three findings per controller.
    public static func write(to dir: String, controllers n: Int) throws {
        let fm = FileManager.default
        try fm.createDirectory(atPath: dir + "/Classes", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: dir + "/Resources", withIntermediateDirectories: true)
        for i in 0..<n {
            let c = "Screen\(i)ViewController"
            let h = """
            #import <UIKit/UIKit.h>

            @interface \(c) : UIViewController {
                IBOutlet UILabel *title\(i);
            }
            @property (nonatomic, retain) IBOutlet UIImageView *picture;
            @property (nonatomic, assign) IBOutlet UIButton *action;
            @end

            """
            let m = """
            #import "\(c).h"

            @implementation \(c)
            @synthesize picture, action;

            - (void)viewDidUnload {
                self.picture = nil;
                [super viewDidUnload];
            }

            - (void)dealloc {
                [picture release];
                [super dealloc];
            }
            @end

            """
            let x = """
            <?xml version="1.0" encoding="UTF-8" standalone="no"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="4514" targetRuntime="iOS.CocoaTouch">
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="\(c)">
                        <connections>
                            <outlet property="view" destination="v-\(i)" id="c1-\(i)"/>
                            <outlet property="title\(i)" destination="l-\(i)" id="c2-\(i)"/>
                            <outlet property="picture" destination="p-\(i)" id="c3-\(i)"/>
                            <outlet property="action" destination="b-\(i)" id="c4-\(i)"/>
                        </connections>
                    </placeholder>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                    <view contentMode="scaleToFill" id="v-\(i)" userLabel="root">
                        <subviews>
                            <label opaque="NO" text="Title" id="l-\(i)" userLabel="heading"/>
                            <imageView contentMode="scaleToFill" id="p-\(i)" userLabel="image"/>
                            <button opaque="NO" contentMode="scaleToFill" id="b-\(i)" userLabel="go"/>
                        </subviews>
                    </view>
                </objects>
            </document>

            """
            try h.write(toFile: "\(dir)/Classes/\(c).h", atomically: false, encoding: .utf8)
            try m.write(toFile: "\(dir)/Classes/\(c).m", atomically: false, encoding: .utf8)
            try x.write(toFile: "\(dir)/Resources/Screen\(i).xib", atomically: false, encoding: .utf8)
        }
    }

    /// A project of one controller (as `write`) beside one generated source file of
    /// `methods` methods, the shape of a Thrift or SOAP client checked in whole (ShareKit's
    /// 1 MB `NoteStore.m`): its methods make objects, send to `self` and return strings, so
    /// every pass of the loaders over a file sees thousands of matches in it.
    public static func writeBigFile(to dir: String, methods n: Int) throws {
        try write(to: dir, controllers: 1)
        var m = "#import <Foundation/Foundation.h>\n\n@implementation GeneratedClient\n"
        for i in 0..<n {
            switch i % 4 {
            case 0: m += "- (id)make\(i) {\n    id r = [[Record alloc] init];\n    [r setValue:@\"\(i)\" forKey:@\"k\"];\n    return [r autorelease];\n}\n\n"
            case 1: m += "- (NSString *)name\(i) { return @\"Name\(i)\"; }\n\n"
            case 2: m += "- (void)send\(i):(id)arg {\n    [self make\(i - 2)];\n    [arg release];\n}\n\n"
            default: m += "- (int)value\(i) {\n    return \(i);\n}\n\n"
            }
        }
        m += "@end\n"
        try m.write(toFile: "\(dir)/Classes/GeneratedClient.m", atomically: false, encoding: .utf8)
    }

    /// Generates a project of `controllers` nibs and classes in a temporary folder, audits
    /// it and returns the figure line, the seconds taken and the exit status.
    public static func measure(controllers: Int) -> (line: String, seconds: Double, status: Int32) {
        let dir = NSTemporaryDirectory() + "nibscript-audit-bench-\(ProcessInfo.processInfo.processIdentifier)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        do { try write(to: dir, controllers: controllers) } catch { return ("cannot write \(dir): \(error)", 0, 2) }
        let start = DispatchTime.now().uptimeNanoseconds
        // The command itself, not `Driver.main`: the driver's task-local progress sink
        // crashed in release builds of this toolchain (swift_task_localValuePush).
        let r = Audit.command([dir])
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let findings = r.stdout.components(separatedBy: "\n").last { $0.hasSuffix(")") && $0.contains(" finding") } ?? "?"
        let line = String(format: "audit of a generated project of %d nibs and %d classes: %.2f s (%@); target < 10 s", controllers, controllers, seconds, findings)
        return (line, seconds, r.status)
    }
}
