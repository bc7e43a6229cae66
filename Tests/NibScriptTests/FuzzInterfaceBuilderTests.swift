import Foundation
import InterfaceBuilder
import XCTest
@testable import NibScript
@testable import NibScriptCommandLine
@testable import NibScriptExplore
import TestSupport

/// The fuzzer's mode for Interface Builder files (issue 25): every fixture, modern and legacy
/// archive, mutated with XML and archive words and the inputs that crashed XMLParser before,
/// each written to a file and read from there as `describe` and `audit` read it, then its
/// diagnostics formatted. For every input: no trap, no hang, a failure with an error, and
/// output within the error limit with every echoed line a window.
///
/// Seeded: `NIBSCRIPT_FUZZ_SEED` (decimal or 0x…) picks another seed and
/// `NIBSCRIPT_FUZZ_COUNT` another count; without them the run is the same every time and
/// takes about as long as the other fuzz tests.
final class FuzzInterfaceBuilderTests: XCTestCase {
    static let defaultSeed: UInt64 = 0x6C65_6761_6379_2125
    static let defaultCount = 1500

    static let archiveDictionary: [[UInt8]] = [
        "<archive type=\"com.apple.InterfaceBuilder3.Cocoa.XIB\" version=\"8.00\">",
        "<archive type=\"com.apple.InterfaceBuilder3.CocoaTouch.iPad.XIB\" version=\"7.10\">",
        "<object class=\"NSClipView\" id=\"77\">", "<object class=\"NSScrollView\" id=\"78\">",
        "<object class=\"IBUITableViewCell\" id=\"79\">", "</object>", "<array key=\"NSSubviews\">", "</array>",
        "<reference key=\"NSDocView\" ref=\"77\"/>", "<reference key=\"parent\" ref=\"77\"/>",
        "<reference key=\"destination\" ref=\"77\"/>", "<reference ref=\"1000\"/>", "<reference key=\"object\" ref=\"78\"/>",
        "<int key=\"objectID\">-1</int>", "<string key=\"NSClassName\">", "<nil key=\"parent\"/>",
        "<string type=\"base64-UTF8\" key=\"objectName\">RmlsZSdzIE93bmVyA</string>",
        "<dictionary class=\"NSMutableDictionary\" key=\"flattenedProperties\">",
        "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.iPad.XIB\" version=\"3.0\">",
        // What crashed Foundation's XMLParser on Linux.
        "<?x?>", "<?x ?>", "<??>", "<!DOCTYPE d [<!NOTATION n SYSTEM \"x\">]>", "<!DOCTYPE d [<!ATTLIST d a CDATA #IMPLIED>]>",
        "<!DOCTYPE d [<!ENTITY e SYSTEM \"x\" NDATA n>]>", "<!ATTLIST archive a CDATA #IMPLIED>",
        String(repeating: "<view id=\"dup\"/>", count: 40),
    ].map { Array($0.utf8) }

    private static func environmentNumber(_ name: String) -> UInt64? {
        guard let text = ProcessInfo.processInfo.environment[name] else { return nil }
        if text.hasPrefix("0x") { return UInt64(text.dropFirst(2), radix: 16) }
        return UInt64(text)
    }

    func testMutatedModernAndLegacyFilesNeverTrapHangOrFloodTheOutput() throws {
        let fixtures = FuzzTests.root.appendingPathComponent("Tests/InterfaceBuilderTests/Fixtures")
        var names: [String] = []
        for sub in ["", "legacy/", "constructs/"] {
            let entries = try FileManager.default.contentsOfDirectory(atPath: fixtures.appendingPathComponent(sub).path)
            names += entries.filter { $0.hasSuffix(".xib") || $0.hasSuffix(".storyboard") }.map { sub + $0 }
        }
        names.sort()
        XCTAssertGreaterThan(names.filter { $0.hasPrefix("legacy/") }.count, 5)
        let originals = try names.map { [UInt8](try Data(contentsOf: fixtures.appendingPathComponent($0))) }
        let seed = Self.environmentNumber("NIBSCRIPT_FUZZ_SEED") ?? Self.defaultSeed
        let count = Int(Self.environmentNumber("NIBSCRIPT_FUZZ_COUNT") ?? UInt64(Self.defaultCount))
        let dictionary = FuzzTests.xmlDictionary + Self.archiveDictionary
        let folder = NSTemporaryDirectory() + "nibscript-ibfuzz-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }

        var rng = SplitMix64(state: seed)
        for i in 0..<count {
            let pick = rng.below(names.count)
            let bytes = FuzzTests.mutate(originals[pick], &rng, dictionary: dictionary)
            let path = folder + "/input" + (names[pick].hasSuffix(".storyboard") ? ".storyboard" : ".xib")
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let what = "IB input #\(i) (seed 0x\(String(seed, radix: 16))), a mutation of \(names[pick])"
            let box = ProblemBox()
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                box.problem = Self.check(path: path)
                done.signal()
            }
            thread.stackSize = 8 << 20
            thread.start()
            guard done.wait(timeout: .now() + FuzzTests.bound) == .success else {
                return XCTFail("no answer within \(Int(FuzzTests.bound)) s: \(what)")
            }
            XCTAssertNil(box.problem, what)
        }
    }

    /// What is wrong with reading the file at `path`, or nil.
    private static func check(path: String) -> String? {
        switch IBReader.read(path: path, displayPath: "input") {
        case .success(let document):
            _ = document.describe()
            return nil
        case .failure(let failure):
            if failure.errors.isEmpty { return "a failure without an error" }
            for d in failure.diagnostics {
                if let l = d.location, l.line < 1 || l.column < 1 { return "bad location \(l) in \(d)" }
            }
            let texts = IBDiagnosticText.format(failure, sourcePath: path, shownPath: "input")
            let shownErrors = texts.filter { $0.hasPrefix("input:") && $0.contains(": error: ") }.count
            if shownErrors > IBDiagnosticText.defaultErrorLimit { return "\(shownErrors) errors shown" }
            for text in texts {
                // Only a message may be long (it can quote a name); an echoed line is a window of
                // at most 200 bytes of the file and two "...", each byte at most one character
                // (a byte that is not UTF-8 shows as U+FFFD).
                for line in text.split(separator: "\n") where line.unicodeScalars.count > IBDiagnosticText.maxEchoedLine + 6 {
                    if !line.hasPrefix("input") && !line.hasPrefix("error: ") {
                        return "an echoed line of \(line.unicodeScalars.count) characters"
                    }
                }
                if text.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\n" && $0 != "\t" }) {
                    return "a control character in \(text.debugDescription)"
                }
            }
            return nil
        }
    }
}

private final class ProblemBox: @unchecked Sendable {
    var problem: String?
}
