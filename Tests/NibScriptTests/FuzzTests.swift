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
import TestSupport

/// A small, seeded mutation fuzzer kept as a test (issue 14): the examples and their
/// Interface Builder files, mutated a few thousand times, through `run` (some through
/// `matrix` and `explore` too) and the xib reader. For every input: no trap (a trap ends the
/// test process), no hang (each input has a generous bound, checked by a watchdog, not a
/// speed test), and an exit status of 2 always comes with an error. The seed is fixed, so a
/// failure names an input that reproduces.
final class FuzzTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// No input may take longer than this (a debug build on a loaded machine runs each in
    /// milliseconds; a hang is what this catches).
    static let bound: TimeInterval = 20

    /// Pieces that the mutator splices in: the language's own words and punctuation, and
    /// the shapes that found bugs before (long names, deep braces, junk, binary, entities).
    static let scriptDictionary: [[UInt8]] = [
        "{", "}", "(", ")", ":", ",", ".", "->", "=", "==", "\"", "\\", "#", "\n", "\r\n", "\t", " ",
        "scenario \"s\" {\n", "class A : NSObject {\n", "nib N {\n", "nib N from \"Panel.xib\"\n",
        "choose {\n} or {\n}\n", "autoreleasepool {\n", "expect alive x\n", "load nib N owner o\n",
        "o = new NSObject\n", "release o\n", "drain\n", "push", "memoryWarning\n", "dealloc {\n",
        "outlet x : UIView retain\n", "v : UIView {\n", "connect a.b -> c\n", "platform ios 5.1\n",
        "memory arc\n", "99999999999999999999999", "5.1", "@", "é", "\u{7}", "\u{1B}[2J",
        String(repeating: "a", count: 3000), String(repeating: "{", count: 300), String(repeating: "@", count: 2000),
        String(repeating: ".b", count: 300),
    ].map { Array($0.utf8) } + [[0x00], [0xFF, 0xFE], [0xC3], [0xEF, 0xBB, 0xBF], [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00]]

    static let xmlDictionary: [[UInt8]] = [
        "<", ">", "/>", "</view>", "<view id=\"z\">", "<subviews>", "</subviews>", "\"", "'", "=", "&amp;", "&",
        "<!--", "-->", "<![CDATA[", "]]>", "<?xml version=\"1.0\"?>", "<!DOCTYPE document [<!ENTITY e SYSTEM \"file:///etc/hostname\">]>",
        "&e;", " id=\"dup\"", " destination=\"nowhere\"", "<outlet property=\"p\" destination=\"-1\" id=\"q\"/>",
        "<connections>", "</connections>", "customClass=\"Foo\"", "<archive>", String(repeating: "<view id=\"n\"><subviews>", count: 50),
    ].map { Array($0.utf8) } + [[0x00], [0xFF]]

    /// One to four mutations: flip a byte, delete, duplicate or move a stretch, splice a
    /// dictionary word, or cut the input short.
    static func mutate(_ input: [UInt8], _ rng: inout SplitMix64, dictionary: [[UInt8]]) -> [UInt8] {
        var bytes = input
        for _ in 0...rng.below(4) {
            let at = rng.below(bytes.count + 1)
            switch rng.below(6) {
            case 0 where !bytes.isEmpty:
                bytes[min(at, bytes.count - 1)] = UInt8(truncatingIfNeeded: rng.next())
            case 1 where !bytes.isEmpty:
                bytes.removeSubrange(at..<min(bytes.count, at + 1 + rng.below(40)))
            case 2 where !bytes.isEmpty:
                let from = rng.below(bytes.count)
                let piece = bytes[from..<min(bytes.count, from + 1 + rng.below(80))]
                bytes.insert(contentsOf: piece, at: at)
            case 3 where rng.chance(20):
                bytes.removeSubrange(at...)
            default:
                bytes.insert(contentsOf: dictionary[rng.below(dictionary.count)], at: at)
            }
        }
        return bytes
    }

    /// Runs `body` on a thread with a large stack and fails if it does not finish within the bound.
    private func withinBound(_ what: @autoclosure () -> String, _ body: @escaping @Sendable () -> Void) -> Bool {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
        if done.wait(timeout: .now() + Self.bound) == .timedOut {
            XCTFail("no answer within \(Int(Self.bound)) s: \(what())")
            return false
        }
        return true
    }

    private func check(_ r: Driver.Result, _ what: @autoclosure () -> String) {
        XCTAssertTrue([0, 1, 2].contains(r.status), "status \(r.status): \(what())")
        if r.status == 2 {
            XCTAssertTrue(r.stderr.contains(": error: ") || r.stderr.hasPrefix("error: "), "status 2 without an error: \(what())")
        }
    }

    func testMutatedScriptsNeverTrapHangOrFailSilently() throws {
        let scripts = GoldenTests.scripts(under: Self.root.appendingPathComponent("examples").path)
        XCTAssertGreaterThan(scripts.count, 20)
        let originals = try scripts.map { [UInt8](try Data(contentsOf: URL(fileURLWithPath: $0))) }
        var rng = SplitMix64(state: 0x6E69_6273_6372_6970)
        let count = 2000
        for i in 0..<count {
            let pick = rng.below(scripts.count)
            let bytes = Self.mutate(originals[pick], &rng, dictionary: Self.scriptDictionary)
            // The script's own path, so that the Interface Builder files it names resolve.
            let file = SourceFile(path: scripts[pick], bytes: bytes)
            let mode = i % 40 == 0 ? 2 : (i % 10 == 0 ? 1 : 0)
            let what = "input #\(i) (seed 0x6E69627363726970), a mutation of \(scripts[pick]), mode \(mode)"
            let result = Box()
            guard withinBound(what, {
                switch mode {
                case 1: result.value = Matrix.runSource(file, json: i % 20 == 0)
                case 2:
                    var options = Explore.Options()
                    options.parallel = false
                    options.maxVariants = 200
                    result.value = Explore.runSource(file, options: options, json: false)
                default: result.value = Driver.runSource(file, quiet: i % 2 == 0)
                }
            }) else { return }
            if let r = result.value { check(r, what) }
        }
    }

    func testMutatedInterfaceBuilderFilesNeverTrapOrHang() throws {
        let folder = Self.root.appendingPathComponent("Tests/InterfaceBuilderTests/Fixtures")
        // Every fixture, those in subfolders too: `legacy/` holds the old archive format,
        // which has a reader of its own (issue 29).
        let names = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".xib") || $0.hasSuffix(".storyboard") }.sorted()
        XCTAssertGreaterThan(names.count, 5)
        XCTAssertGreaterThanOrEqual(names.filter { $0.hasPrefix("legacy/") }.count, 10, "the legacy fixtures are not fuzzed")
        let originals = try names.map { [UInt8](try Data(contentsOf: folder.appendingPathComponent($0))) }
        var rng = SplitMix64(state: 0x7869_6266_757A_7A21)
        for i in 0..<1000 {
            let pick = rng.below(names.count)
            let bytes = Self.mutate(originals[pick], &rng, dictionary: Self.xmlDictionary)
            let what = "xib input #\(i) (seed 0x786962667A7A7A21), a mutation of \(names[pick])"
            let problem = Box()
            guard withinBound(what, {
                switch IBReader.read(data: Data(bytes), path: names[pick]) {
                case .success(let document):
                    _ = document.describe()
                case .failure(let failure):
                    // Every failure says what is wrong, with a location where it has one.
                    if failure.errors.isEmpty { problem.text = "a failure without an error" }
                    for d in failure.diagnostics {
                        if let l = d.location, l.line < 1 || l.column < 1 { problem.text = "bad location \(l) in \(d)" }
                    }
                }
            }) else { return }
            XCTAssertNil(problem.text, what)
        }
    }
}

private final class Box: @unchecked Sendable {
    var value: Driver.Result?
    var text: String?
}
