import Foundation
import XCTest

/// A test case that writes small projects of its own into the temporary folder and removes
/// them when each test ends.
class ProjectFolderTestCase: XCTestCase {
    var dirs: [String] = []
    override func tearDown() {
        for d in dirs { try? FileManager.default.removeItem(atPath: d) }
        dirs = []
        super.tearDown()
    }

    /// A folder with these files (paths relative to it, folders made as needed), named for
    /// the test and `kind` so parallel test processes never share one.
    func project(_ files: [String: String], kind: String) throws -> String {
        let dir = NSTemporaryDirectory() + "nibscript-\(kind)-\(name.filter { $0.isLetter })-\(ProcessInfo.processInfo.processIdentifier)"
        try? FileManager.default.removeItem(atPath: dir)
        for (path, text) in files {
            let full = dir + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: false, encoding: .utf8)
        }
        dirs.append(dir)
        return dir
    }
}

/// A Mac XIB: File's Owner of class `owner` with `outlets` (property → object id, the
/// connections numbered o1, o2, …), and the top-level `objects` as XML.
func macXib(owner: String, outlets: [(String, String)], objects: String) -> String {
    let conns = outlets.enumerated().map { "<outlet property=\"\($1.0)\" destination=\"\($1.1)\" id=\"o\($0 + 1)\"/>" }.joined()
    return """
    <?xml version="1.0" encoding="UTF-8" standalone="no"?>
    <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="5056" systemVersion="13C64" targetRuntime="MacOSX.Cocoa">
        <objects>
            <customObject id="-2" userLabel="File's Owner" customClass="\(owner)"><connections>\(conns)</connections></customObject>
            <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
            <customObject id="-3" userLabel="Application" customClass="NSObject"/>
            \(objects)
        </objects>
    </document>
    """
}

/// A Mac XIB whose File's Owner's `window` outlet is a window not released when closed,
/// with `content` (XML) inside its content view.
func macWindowXib(owner: String, content: String = "") -> String {
    macXib(owner: owner, outlets: [("window", "w")], objects: """
        <window title="W" releasedWhenClosed="NO" id="w">
            <rect key="contentRect" x="10" y="10" width="300" height="100"/>
            <view key="contentView" id="v"><rect key="frame" x="0.0" y="0.0" width="300" height="100"/>\(content)</view>
        </window>
        """)
}

/// An iOS XIB: File's Owner of class `owner` with `outlets` (property → object id, the
/// connections numbered c1, c2, …), and the top-level `objects` as XML.
func iOSXib(owner: String, outlets: [(String, String)], objects: String) -> String {
    let conns = outlets.enumerated().map { "<outlet property=\"\($1.0)\" destination=\"\($1.1)\" id=\"c\($0 + 1)\"/>" }.joined()
    return """
    <?xml version="1.0" encoding="UTF-8" standalone="no"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="4514" systemVersion="13A603" targetRuntime="iOS.CocoaTouch">
        <objects>
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="\(owner)">
                <connections>\(conns)</connections>
            </placeholder>
            <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
            \(objects)
        </objects>
    </document>
    """
}

/// An iOS root view `v` holding one label `l`: the objects of a view controller's nib.
let iOSViewWithLabel = """
    <view contentMode="scaleToFill" id="v">
        <rect key="frame" x="0.0" y="0.0" width="320" height="480"/>
        <subviews><label id="l"><rect key="frame" x="20" y="20" width="200" height="21"/></label></subviews>
    </view>
    """
