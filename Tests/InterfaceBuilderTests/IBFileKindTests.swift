import Foundation
import XCTest
import TestSupport
@testable import InterfaceBuilder

/// `IBReader.classify(path:)` and reading a `.nib` bundle folder (issue 23, item 1).
final class IBFileKindTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "nibscript-kinds-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func write(_ relative: String, _ bytes: [UInt8]) throws -> String {
        let path = folder + "/" + relative
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func fixture(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestFiles.fixture(name))))
    }

    /// An iOS compiled nib folder (a deployment target older than the SDK): UIKit loads its
    /// `runtime.nib`, else the newest `objects-N.nib`; a typedstream `objects.nib` stays unread.
    func testAniOSNibFolderIsReadFromItsRuntimeNib() throws {
        let nib = NIBArchiveWriter.sample().writer.bytes()
        let runtime = try write("Both.nib/runtime.nib", nib)
        _ = try write("Both.nib/objects-8.0+.nib", nib)
        _ = try write("Versions.nib/objects-8.0+.nib", nib)
        let newest = try write("Versions.nib/objects-13.0+.nib", nib)
        _ = try write("Versions.nib/objects-9.0+.nib", nib)
        _ = try write("Typed.nib/objects.nib", Array("typedstream".utf8))
        _ = try write("Typed.nib/runtime.nib", Array("garbage".utf8))
        XCTAssertEqual(IBReader.classify(path: folder + "/Both.nib"), .compiledArchive(archivePath: runtime))
        XCTAssertEqual(IBReader.classify(path: folder + "/Versions.nib"), .compiledArchive(archivePath: newest))
        XCTAssertEqual(IBReader.classify(path: folder + "/Typed.nib"), .compiledNib)
        guard case .success(let d) = IBReader.read(path: folder + "/Both.nib", displayPath: "Both.nib") else { return XCTFail("not read") }
        XCTAssertEqual(d.path, "Both.nib/runtime.nib")
        XCTAssertEqual(d.platform, .ios)
        XCTAssertTrue(IBReader.isNibBundleMember("objects-13.0+.nib"))
        XCTAssertTrue(IBReader.isNibBundleMember("runtime.nib"))
        XCTAssertFalse(IBReader.isNibBundleMember("objects-view.xib"))
    }

    func testEachKindOfPath() throws {
        let xib = try write("A.xib", fixture("ios-profile.xib"))
        let storyboard = try write("B.storyboard", fixture("ios-navigation.storyboard"))
        let designable = try write("MainMenu.nib/designable.nib", fixture("legacy/pair-mac-7.10-Sparkle-SUStatus.xib"))
        _ = try write("MainMenu.nib/keyedobjects.nib", Array("bplist00".utf8))
        let compiled = try write("Compiled.nib/keyedobjects.nib", Array("bplist00".utf8))
        _ = try write("Ancient.nib/objects.nib", Array("typedstream".utf8))
        let binary = try write("Flat.nib", Array("NIBArchive\u{1}".utf8))
        let flatArchive = try write("FlatArchive.nib", Array("bplist00".utf8))
        let xmlArchive = try write("XMLArchive.nib", Array(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" "
                                                          + "\"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\">\n<dict>\n"
                                                          + "\t<key>$archiver</key>\n\t<string>NSKeyedArchiver</string>\n").utf8))
        let xmlNib = try write("Loose.nib", Array("\n<?xml version=\"1.0\"?>\n<archive/>".utf8))
        let other = try write("notes.txt", Array("x".utf8))

        XCTAssertEqual(IBReader.classify(path: xib), .xib)
        XCTAssertEqual(IBReader.classify(path: storyboard), .storyboard)
        XCTAssertEqual(IBReader.classify(path: folder + "/MainMenu.nib"), .nibBundleDesignable(designablePath: designable))
        XCTAssertEqual(IBReader.classify(path: folder + "/Compiled.nib"), .compiledArchive(archivePath: compiled))
        XCTAssertEqual(IBReader.classify(path: folder + "/Ancient.nib"), .compiledNib)
        XCTAssertEqual(IBReader.classify(path: binary), .compiledArchive(archivePath: binary), "an iOS NIBArchive is read")
        XCTAssertEqual(IBReader.classify(path: flatArchive), .compiledArchive(archivePath: flatArchive))
        XCTAssertEqual(IBReader.classify(path: xmlArchive), .compiledArchive(archivePath: xmlArchive))
        XCTAssertEqual(IBReader.classify(path: xmlNib), .xib)
        XCTAssertEqual(IBReader.classify(path: other), .other)
        XCTAssertEqual(IBReader.classify(path: folder + "/Missing.nib"), .other)
        XCTAssertTrue(IBFileKind.nibBundleDesignable(designablePath: designable).isReadable)
        XCTAssertFalse(IBFileKind.compiledNib.isReadable)
    }

    func testABundleFolderReadsItsDesignableNib() throws {
        _ = try write("Status.nib/designable.nib", fixture("legacy/pair-mac-7.10-Sparkle-SUStatus.xib"))
        switch IBReader.read(path: folder + "/Status.nib", displayPath: "Status.nib") {
        case .success(let d):
            XCTAssertEqual(d.path, "Status.nib/designable.nib")
            XCTAssertEqual(d.platform, .mac)
            XCTAssertEqual(d.objects.count, 14)
        case .failure(let f):
            XCTFail("\(f)")
        }
        // Compiled only: its keyedobjects.nib is read (here a damaged one, which says so).
        _ = try write("Only.nib/keyedobjects.nib", Array("bplist00".utf8))
        guard case .failure(let f) = IBReader.read(path: folder + "/Only.nib", displayPath: "Only.nib") else {
            return XCTFail("a damaged compiled bundle read")
        }
        XCTAssertEqual(f.description, "Only.nib/keyedobjects.nib:1:1: error: a compiled nib that is not a readable property list "
                       + "(truncated or damaged): a compiled nib's keyedobjects.nib is a binary or XML property list")
        // Neither keyedobjects.nib nor designable.nib: refused, with the reason.
        _ = try write("Ancient.nib/objects.nib", Array("typedstream".utf8))
        guard case .failure(let old) = IBReader.read(path: folder + "/Ancient.nib", displayPath: "Ancient.nib") else {
            return XCTFail("an objects.nib bundle read")
        }
        XCTAssertEqual(old.description, "Ancient.nib: error: a nib bundle of Mac OS X 10.1 or earlier (objects.nib, an NSArchiver "
                       + "typedstream, without keyedobjects.nib or designable.nib): not read; give the .xib it was compiled from")
    }
}
