import Foundation
import XCTest
import TestSupport
@testable import InterfaceBuilder

/// Compiled Mac nibs (keyed archives) built by `CompiledNibArchive`, read into the model.
final class IBCompiledNibTests: XCTestCase {
    func read(_ data: Data, path: String = "Main.nib") -> Result<IBDocument, IBReadFailure> {
        IBReader.read(data: data, path: path)
    }

    func document(_ data: Data, file: StaticString = #filePath, line: UInt = #line) throws -> IBDocument {
        switch read(data) {
        case .success(let d): return d
        case .failure(let f):
            XCTFail("not read:\n\(f)", file: file, line: line)
            throw f
        }
    }

    func messages(_ result: Result<IBDocument, IBReadFailure>) -> [String] {
        switch result {
        case .success: return []
        case .failure(let f): return f.diagnostics.map(\.message)
        }
    }

    /// Each object as "class customClass? label? parent relationship", each connection by names.
    static func shape(_ d: IBDocument) -> [String] {
        func name(_ i: Int) -> String { d.objects[i].placeholderIdentifier ?? d.objects[i].displayName }
        return d.objects.map { o in
            "\(name(o.index)) \(o.className) custom=\(o.customClass ?? "-") label=\(o.userLabel ?? "-") "
                + "in=\(o.parent.map(name) ?? "-") \(o.relationship)"
        } + d.connections.map { "\($0.kind) \(name($0.source)).\($0.name) -> \(name($0.destination))" }
    }

    func testASmallNibReadsAsItsXibWould() throws {
        let sample = CompiledNibArchive.sample()
        var archive = sample.archive
        let d = try document(CompiledNibArchive.binary(archive.propertyList()))
        XCTAssertEqual(d.platform, .mac)
        XCTAssertEqual(d.kind, .xib)
        XCTAssertEqual(d.warnings.count, 0)
        XCTAssertEqual(Self.shape(d), [
            "IBFilesOwner NSObject custom=MyController label=File's Owner in=- topLevel",
            "IBFirstResponder NSResponder custom=- label=First Responder in=- topLevel",
            "IBApplication NSApplication custom=- label=- in=- topLevel",
            "Main Window NSWindow custom=- label=Main Window in=- topLevel",
            "view-4 NSView custom=- label=- in=Main Window property(\"contentView\")",
            "button-5 NSButton custom=MyButton label=- in=view-4 subview",
            "buttonCell-6 NSButtonCell custom=- label=- in=button-5 property(\"cell\")",
            "textField-7 NSTextField custom=- label=- in=view-4 subview",
            "Helper NSObject custom=Helper label=Helper in=- topLevel",
            // Outlets run from the object holding them, actions from the control to its target;
            // a nil-targeted action goes to First Responder; the binding is not the model's.
            "outlet IBFilesOwner.button -> button-5",
            "outlet IBFilesOwner.helper -> Helper",
            "outlet IBFilesOwner.window -> Main Window",
            "action button-5.doIt: -> IBFilesOwner",
            "action textField-7.copy: -> IBFirstResponder",
        ])
        XCTAssertEqual(d.filesOwner.map { d.objects[$0].customClass }, "MyController")
        XCTAssertEqual(d.topLevelObjects.map { d.objects[$0].displayName }, ["Main Window", "Helper"])
        // The window's NSWTFlags: released when closed unless bit 0x40000000 is set.
        let window = try XCTUnwrap(d.objects.first { $0.className == "NSWindow" })
        XCTAssertEqual(window.attribute("releasedWhenClosed"), "YES")
        var kept = CompiledNibArchive.sample(releasedWhenClosed: false).archive
        let keptDocument = try document(CompiledNibArchive.binary(kept.propertyList()))
        XCTAssertEqual(keptDocument.objects.first { $0.className == "NSWindow" }?.attribute("releasedWhenClosed"), "NO")
    }

    /// A compiled Shared User Defaults Controller (`NSSharedInstance` true) is the shared
    /// instance, as in an archive XIB (L12): Colloquy's `JVRoomInspector.nib` reported it leaked.
    func testTheSharedUserDefaultsControllerIsTheSharedInstance() throws {
        for shared in [true, false] {
            var sample = CompiledNibArchive.sample()
            let controller = sample.archive.object("NSUserDefaultsController", superclasses: ["NSController", "NSObject"],
                                                   ["NSSharedInstance": shared])
            sample.archive.place(controller, in: sample.owner, name: "Shared User Defaults Controller")
            let d = try document(CompiledNibArchive.binary(sample.archive.propertyList()))
            let object = try XCTUnwrap(d.objects.first { $0.className == "NSUserDefaultsController" })
            XCTAssertEqual(object.attribute("representsSharedInstance"), shared ? "YES" : nil)
        }
    }

    func testEveryFormOfUIDReadsAlike() throws {
        var archive = CompiledNibArchive.sample().archive
        let plist = archive.propertyList()
        let forms = [CompiledNibArchive.binary(plist, realUIDs: true), CompiledNibArchive.binary(plist, realUIDs: false),
                     CompiledNibArchive.xml(plist)]
        let shapes = try forms.map { Self.shape(try document($0)) }
        XCTAssertEqual(shapes[0], shapes[1])
        XCTAssertEqual(shapes[0], shapes[2])
        XCTAssertGreaterThan(shapes[0].count, 10)
        // The platform's own UID objects (a binary or XML plist read back) give their numbers.
        let reread = try PropertyListSerialization.propertyList(from: forms[0], options: [], format: nil) as! [String: Any]
        let top = reread["$top"] as! [String: Any]
        XCTAssertNotNil(IBKeyedArchive.uid(top["IB.objectdata"]!))
        XCTAssertEqual(IBKeyedArchive.uid(["CF$UID": 7]), 7)
        XCTAssertNil(IBKeyedArchive.uid(["CF$UID": 7, "other": 1]))
        XCTAssertNil(IBKeyedArchive.uid("7"))
    }

    func testABundleFolderAndAFlatFileAreRead() throws {
        let folder = NSTemporaryDirectory() + "nibscript-compiled-\(getpid())-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/Main.nib", withIntermediateDirectories: true)
        var archive = CompiledNibArchive.sample().archive
        let plist = archive.propertyList()
        try CompiledNibArchive.binary(plist).write(to: URL(fileURLWithPath: folder + "/Main.nib/keyedobjects.nib"))
        try CompiledNibArchive.xml(plist).write(to: URL(fileURLWithPath: folder + "/Flat.nib"))
        XCTAssertEqual(IBReader.classify(path: folder + "/Main.nib"), .compiledArchive(archivePath: folder + "/Main.nib/keyedobjects.nib"))
        XCTAssertEqual(IBReader.classify(path: folder + "/Flat.nib"), .compiledArchive(archivePath: folder + "/Flat.nib"))
        XCTAssertTrue(IBFileKind.compiledArchive(archivePath: "x").isReadable)
        guard case .success(let bundle) = IBReader.read(path: folder + "/Main.nib", displayPath: "Main.nib"),
              case .success(let flat) = IBReader.read(path: folder + "/Flat.nib") else {
            return XCTFail("not read")
        }
        XCTAssertEqual(bundle.path, "Main.nib/keyedobjects.nib")
        XCTAssertEqual(Self.shape(bundle), Self.shape(flat))
    }

    /// A NIBArchive is read (IBNibArchiveTests): this one is cut inside its header.
    func testADamagedNIBArchiveIsRefusedWithItsReason() {
        let m = messages(read(Data("NIBArchive\u{1}\u{0}\u{0}\u{0}".utf8)))
        XCTAssertEqual(m.count, 1)
        XCTAssert(m[0].hasPrefix("an iOS compiled nib (NIBArchive format"), m[0])
        XCTAssert(m[0].contains("give the .xib"), m[0])
    }

    // MARK: malformed archives: never a trap, never a hang; one error that says what is wrong

    func testTruncatedArchivesAreErrors() {
        var archive = CompiledNibArchive.sample().archive
        let whole = CompiledNibArchive.binary(archive.propertyList())
        var read = 0
        // Every length up to 200 bytes, then every 37th: a binary plist's offset table is at its end.
        for length in Array(0..<min(200, whole.count)) + Array(stride(from: 200, to: whole.count, by: 37)) {
            let result = self.read(whole.prefix(length))
            if case .success = result { read += 1 }
            if case .failure(let f) = result { XCTAssertFalse(f.diagnostics.isEmpty, "length \(length)") }
        }
        XCTAssertEqual(read, 0, "a truncated archive read as a document")
        XCTAssertEqual(messages(self.read(Data("bplist00".utf8))),
                       ["a compiled nib that is not a readable property list (truncated or damaged): "
                        + "a compiled nib's keyedobjects.nib is a binary or XML property list"])
    }

    /// A sample archive with its object data's `key` set to `value`.
    func withObjectData(_ key: String, _ value: Any?) -> Data {
        var archive = CompiledNibArchive.sample().archive
        return CompiledNibArchive.binary(archive.propertyList { $0[key] = value })
    }

    func testWrongTypesAreErrorsOrIgnored() {
        XCTAssertEqual(messages(read(withObjectData("NSObjectsKeys", "a string"))),
                       ["NSIBObjectData has no NSObjectsKeys/NSObjectsValues arrays (the objects and their parents)"])
        XCTAssertEqual(messages(read(withObjectData("NSObjectsValues", nil))),
                       ["NSIBObjectData has no NSObjectsKeys/NSObjectsValues arrays (the objects and their parents)"])
        // One parent for seven objects.
        var short = CompiledNibArchive.sample().archive
        let fewer = short.array([1])
        XCTAssertEqual(messages(read(CompiledNibArchive.binary(short.propertyList { $0["NSObjectsValues"] = fewer }))),
                       ["NSIBObjectData's NSObjectsKeys has 7 objects but NSObjectsValues 1 parents"])
        // A root that is no UID and no object named File's Owner.
        var unnamed = CompiledNibArchive.sample().archive
        unnamed.names.removeAll()
        XCTAssertEqual(messages(read(CompiledNibArchive.binary(unnamed.propertyList { $0["NSRoot"] = 12 }))),
                       ["NSIBObjectData names no File's Owner (no NSRoot, no object named \"File's Owner\")"])
        // UIDs past the end of $objects: the objects are left out; a connection to one is an error.
        var far = CompiledNibArchive.sample().archive
        far.parents.append((99_999, 1))
        XCTAssertEqual(messages(read(CompiledNibArchive.binary(far.propertyList()))), [])
        var (dangling, owner, _, _, _, _, _) = CompiledNibArchive.sample()
        dangling.outlet(owner, "lost", 99_999)
        XCTAssertEqual(messages(read(CompiledNibArchive.binary(dangling.propertyList()))), ["reference to a missing object id '$objects[99999]'"])
        // Not an archive at all, or not a nib's.
        func plist(_ value: [String: Any]) -> Data { try! PropertyListSerialization.data(fromPropertyList: value, format: .binary, options: 0) }
        XCTAssertEqual(messages(read(plist(["$archiver": "NSKeyedArchiver", "$top": [String: Any]()]))),
                       ["a compiled nib that is not an NSKeyedArchiver archive: it has no $objects array"])
        XCTAssertEqual(messages(read(plist(["$archiver": "Other", "$objects": ["$null"], "$top": [String: Any]()]))),
                       ["a compiled nib whose $archiver is 'Other', not NSKeyedArchiver"])
        XCTAssertEqual(messages(read(plist(["$archiver": "NSKeyedArchiver", "$objects": ["$null"], "$top": ["root": ["CF$UID": 0]]]))),
                       ["a keyed archive without IB.objectdata in $top (it has root): not a compiled nib"])
        XCTAssertEqual(messages(read(plist(["$archiver": "NSKeyedArchiver", "$objects": ["$null", "x"], "$top": ["IB.objectdata": ["CF$UID": 1]]]))),
                       ["IB.objectdata is not an NSIBObjectData object"])
        // An iOS compiled nib (read: IBNibArchiveTests) without any object.
        XCTAssertEqual(messages(read(plist(["$archiver": "NSKeyedArchiver", "$objects": ["$null"],
                                            "$top": ["UINibObjectsKey": ["CF$UID": 0]]]))),
                       ["an iOS compiled nib without UINibObjectsKey or UINibTopLevelObjectsKey objects"])
        // A connection without a label or a source.
        var unlabelled = CompiledNibArchive.sample().archive
        unlabelled.connections.append(unlabelled.object("NSNibOutletConnector", superclasses: ["NSNibConnector", "NSObject"],
                                                        ["NSSource": CompiledNibArchive.uid(owner), "NSDestination": CompiledNibArchive.uid(owner)]))
        XCTAssertEqual(messages(read(CompiledNibArchive.binary(unlabelled.propertyList()))), ["outlet connection without a label"])
        var sourceless = CompiledNibArchive.sample().archive
        sourceless.connections.append(sourceless.object("NSNibOutletConnector", superclasses: ["NSNibConnector", "NSObject"],
                                                        ["NSDestination": CompiledNibArchive.uid(owner), "NSLabel": "x"]))
        XCTAssertEqual(messages(read(CompiledNibArchive.binary(sourceless.propertyList()))), ["outlet 'x' has no source"])
    }

    func testCyclesEndAndDeepNestingIsRefused() throws {
        // Two views each the other's parent and subview, under the window's content view; an
        // object its own parent; a class description that names itself.
        var a = CompiledNibArchive.sample().archive
        let first = a.object("NSView", superclasses: ["NSResponder", "NSObject"])
        let second = a.object("NSView", superclasses: ["NSResponder", "NSObject"], ["NSSubviews": a.array([first])])
        var firstFields = a.objects[first] as! [String: Any]
        firstFields["NSSubviews"] = a.array([second, first])
        a.objects[first] = firstFields
        a.place(first, in: second)
        a.place(second, in: first)
        let alone = a.object("NSView", superclasses: ["NSResponder", "NSObject"])
        a.place(alone, in: alone)
        let d = try document(CompiledNibArchive.binary(a.propertyList()))
        // Neither cycle hangs from File's Owner: left out, as objects no nib load makes.
        XCTAssertEqual(d.objects.count, 9)
        // An outlet to an object of the cycle: an error, not a trap.
        var b = CompiledNibArchive.sample().archive
        let loop = b.object("NSView", superclasses: ["NSResponder", "NSObject"])
        b.place(loop, in: loop)
        b.outlet(CompiledNibArchive.sample().owner, "loop", loop)
        XCTAssertEqual(messages(read(CompiledNibArchive.binary(b.propertyList()))).count, 1)
        // Nesting deeper than the reader walks.
        var deep: Any = "end"
        for _ in 0..<40 { deep = [deep] }
        var c = CompiledNibArchive.sample().archive
        c.add(deep)
        let deepMessages = messages(read(CompiledNibArchive.binary(c.propertyList())))
        XCTAssertEqual(deepMessages.first.map { $0.contains("nest deeper than") }, true, "\(deepMessages)")
    }

    func testRandomDamageNeverTraps() {
        var archive = CompiledNibArchive.sample().archive
        let whole = [UInt8](CompiledNibArchive.binary(archive.propertyList()))
        var random = SplitMix64(seed: 24)
        for _ in 0..<300 {
            var bytes = whole
            for _ in 0..<(1 + random.below(4)) {
                bytes[8 + random.below(bytes.count - 8)] = UInt8(truncatingIfNeeded: random.next())
            }
            _ = read(Data(bytes))   // a document or errors: either way, no trap
        }
    }
}
