import Foundation
import XCTest
@testable import NibScriptSyntax
import TestSupport

/// The parser must terminate without trapping on any input. Seeded, so failures reproduce.
final class RobustnessTests: XCTestCase {
    /// Parses and checks what must hold for any input: diagnostics inside the file, with a
    /// message, and printable by the formatter.
    private func parseChecked(_ file: SourceFile, _ context: @autoclosure () -> String) {
        let (_, ds) = Parser.parse(file)
        // Formatting prints the whole source line: only a sample, as a line may be 100 000 bytes.
        for (i, d) in ds.enumerated() {
            XCTAssertTrue(d.range.start >= 0 && d.range.start <= d.range.end && d.range.end <= file.bytes.count,
                          "bad range \(d.range) for '\(d.message)' in \(context())")
            XCTAssertFalse(d.message.isEmpty)
            XCTAssertEqual(d.message.first.map { $0.isUppercase }, false, d.message)
            if i < 20 { _ = DiagnosticFormatter.format(d, in: file) }
        }
    }

    private func parseChecked(_ text: String) { parseChecked(SourceFile(path: "f", text: text), String(text.prefix(40))) }

    func testRandomBytes() {
        var rng = SplitMix64(seed: 1)
        for i in 0..<3000 {
            let bytes = (0..<rng.below(200)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            parseChecked(SourceFile(path: "f", bytes: bytes), "random bytes #\(i)")
        }
    }

    func testRandomCharactersOfTheLanguage() {
        let alphabet = Array("{}():,.-><=!\"\\#\n\r\n \t abc_19 é".utf8) + [0xFF, 0xC3]
        var rng = SplitMix64(seed: 2)
        for i in 0..<3000 {
            let bytes = (0..<rng.below(300)).map { _ in alphabet[rng.below(alphabet.count)] }
            parseChecked(SourceFile(path: "f", bytes: bytes), "random characters #\(i)")
        }
    }

    func testShuffledTokensOfTheExample() {
        let file = SourceFile(path: "f", text: exampleScript)
        let words = Lexer.tokenize(file).dropLast().map { $0.kind == .newline ? "\n" : file.text($0.range) }
        var rng = SplitMix64(seed: 3)
        for _ in 0..<3000 {
            let text = (0..<rng.below(120)).map { _ in words[rng.below(words.count)] }.joined(separator: " ")
            parseChecked(text)
        }
    }

    func testEveryPrefixOfTheExample() {
        let bytes = Array(exampleScript.utf8)
        for n in 0...bytes.count {
            parseChecked(SourceFile(path: "f", bytes: Array(bytes[..<n])), "prefix of \(n) bytes")
        }
    }

    func testExampleWithEachLineRemoved() {
        let lines = exampleScript.split(separator: "\n", omittingEmptySubsequences: false)
        for i in lines.indices {
            var copy = lines
            copy.remove(at: i)
            parseChecked(copy.joined(separator: "\n"))
        }
    }

    func testDeepNestingDoesNotOverflowTheStack() {
        let n = 100_000
        parseChecked(String(repeating: "{", count: n))
        parseChecked(String(repeating: "}", count: n))
        parseChecked(String(repeating: "{", count: n) + String(repeating: "}", count: n))
        parseChecked("scenario \"s\" {\n" + String(repeating: "{", count: n))
        parseChecked("scenario \"s\" {\n" + String(repeating: "autoreleasepool {\n", count: n))
        parseChecked("scenario \"s\" {\n" + String(repeating: "autoreleasepool { ", count: n) + String(repeating: "} ", count: n) + "}")
        parseChecked("class A : B {\n  dealloc {\n" + String(repeating: "autoreleasepool {\n", count: n))
        parseChecked("nib N {\n" + String(repeating: "a : V {\n", count: n))
        parseChecked("nib N {\n" + String(repeating: "a : V { ", count: n) + String(repeating: "} ", count: n) + "}")
    }

    func testVeryLongLines() {
        let n = 100_000
        parseChecked("scenario \"s\" {\n  x = a" + String(repeating: ".b", count: n) + "\n}")
        parseChecked("scenario \"s\" {\n  x = a" + String(repeating: "->b", count: n) + "\n}")
        parseChecked("scenario \"s\" {\n  " + String(repeating: "x", count: n) + "\n}")
        parseChecked("scenario \"s\" {\n  push" + String(repeating: " x", count: n) + "\n}")
        parseChecked("nib N {\n  connect a.b -> c" + String(repeating: ", d", count: n) + "\n}")
        parseChecked(String(repeating: "\n", count: n))
        parseChecked("scenario \"s\" {\n  expect crash \"" + String(repeating: "\\", count: n) + "\"\n}")
    }

    /// At the maximum depth the recursion fits in 1 MB of stack even in a debug build (it
    /// needs about 3.5 KB a level there), so a parse on a secondary thread is safe too.
    func testMaximumNestingFitsInASecondaryThreadStack() {
        let sources = [
            "scenario \"s\" {\n" + String(repeating: "autoreleasepool {\n", count: 1000),
            "nib N {\n" + String(repeating: "a : V {\n", count: 1000),
            "class A : B {\n  dealloc {\n" + String(repeating: "autoreleasepool {\n", count: 1000),
        ]
        for source in sources {
            let done = DispatchSemaphore(value: 0)
            let count = LockedCount()
            let thread = Thread {
                count.set(Parser.parse(SourceFile(path: "f", text: source)).1.count)
                done.signal()
            }
            thread.stackSize = 1 << 20
            thread.start()
            done.wait()
            // "nesting too deep" and one unclosed-block error per open level.
            XCTAssertEqual(count.get(), 1 + ScriptParser.maxDepth)
        }
    }
}

private final class LockedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func set(_ v: Int) { lock.lock(); value = v; lock.unlock() }
    func get() -> Int { lock.lock(); defer { lock.unlock() }; return value }
}
