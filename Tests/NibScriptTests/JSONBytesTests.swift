import Foundation
import NibScriptSyntax
import TestSupport
import XCTest
@testable import NibScript
@testable import CocoaSimulator
@testable import NibScriptInterpreter
@testable import NibScriptReports
@testable import NibAudit
@testable import NibScriptCommandLine

/// `run --format json` writes its records as bytes (JSONBytes.swift); they must be byte for
/// byte what the `JSON` value would render, for every string and every example.
final class JSONBytesTests: XCTestCase {
    static func bytesQuoted(_ s: String) -> String {
        var b = JSONBuffer(capacity: 1)   // one byte, so that growing is tested too
        defer { b.deallocate() }
        b.appendJSONString(s)
        b.append(-1234567890); b.append(0); b.append(Int.min); b.append(Int.max)
        return String(decoding: b.bytes, as: UTF8.self)
    }

    /// What `bytesQuoted` appends after the string: integers as `String(n)` writes them.
    static let numbers = "-1234567890" + "0" + String(Int.min) + String(Int.max)

    static func valueQuoted(_ s: String) -> String {
        var out = ""
        JSON.quote(s, into: &out)
        return out
    }

    func testByteEscapingIsJSONQuoteForEveryKindOfCharacter() {
        // Every ASCII scalar, the C1 controls and their neighbours, the noncharacters and their
        // neighbours, scalars joined to quotes, and 2-, 3- and 4-byte sequences.
        var special: [Unicode.Scalar] = (0..<0x80).map { Unicode.Scalar(UInt8($0)) }
        special += [0x7F, 0x80, 0x85, 0x9B, 0x9F, 0xA0, 0xA9, 0xFF, 0x600, 0x301, 0x2028, 0xFFFD, 0xFFFE, 0xFFFF, 0x1F600, 0x10FFFF]
            .compactMap(Unicode.Scalar.init(_:) as (UInt32) -> Unicode.Scalar?)
        for u in special {
            let s = String(Character(u))
            XCTAssertEqual(Self.bytesQuoted(s), Self.valueQuoted(s) + Self.numbers, "U+\(String(u.value, radix: 16))")
            XCTAssertEqual(Self.bytesQuoted("a\(s)b"), Self.valueQuoted("a\(s)b") + Self.numbers, "U+\(String(u.value, radix: 16))")
        }
        XCTAssertEqual(Self.bytesQuoted("\u{600}\"x\"\u{301}\u{1B}\u{9B}"), "\"\u{600}\\\"x\\\"\u{301}\\u001b\\u009b\"" + Self.numbers)
        var rng = SplitMix64(seed: 25_27)
        for _ in 0..<2_000 {
            var s = ""
            for _ in 0..<rng.below(24) { s.unicodeScalars.append(special[rng.below(special.count)]) }
            XCTAssertEqual(Self.bytesQuoted(s), Self.valueQuoted(s) + Self.numbers, s.debugDescription)
        }
    }

    /// Every example's statement, note and event records, as written, against the same
    /// records built as `JSON` values from a recorded trace.
    func testEveryExamplesRecordsAreWhatTheJSONValuesRender() throws {
        let fm = FileManager.default
        let cwd = fm.currentDirectoryPath
        XCTAssert(fm.changeCurrentDirectoryPath(GoldenFileTests.root))
        defer { _ = fm.changeCurrentDirectoryPath(cwd) }
        var checked = 0
        for path in GoldenTests.scripts(under: "examples") {
            let file = SourceFile(path: path, bytes: [UInt8](fm.contents(atPath: path)!))
            guard let program = Compiler.compile(file, nibTables: true).0?.withoutNibSyntax() else { continue }
            let out = StringOutput()
            _ = Runner.runJSONLines(program, quiet: false, to: out)
            let written = out.text.split(separator: "\n").filter {
                $0.hasPrefix("{\"type\":\"statement\"") || $0.hasPrefix("{\"type\":\"note\"") || $0.hasPrefix("{\"type\":\"event\"")
            }.map { $0 + "\n" }
            var rendered: [String] = []
            for s in program.scenarios {
                let recorder = TraceRecorder()
                ScenarioRun(program: program, scenario: s, config: program.config, trace: recorder).run()
                var statement = (line: -1, column: 0)
                for entry in recorder.entries {
                    switch entry {
                    case .statement(let line, let column, let depth, let text):
                        statement = (line, column)
                        rendered.append(JSON.object([("type", .string("statement")), ("scenario", .string(s.title)), ("line", .int(line)),
                                                     ("column", .int(column)), ("depth", .int(depth)), ("text", .string(text))]).renderLine())
                    case .note(let line, let depth, let text):
                        rendered.append(JSON.object([("type", .string("note")), ("scenario", .string(s.title)), ("line", .int(line)),
                                                     ("column", .optional(statement.line == line ? statement.column : nil)),
                                                     ("depth", .int(depth)), ("text", .string(text))]).renderLine())
                    case .event(let e):
                        rendered.append(JSONLines.event(e, scenario: s.title).renderLine())
                    }
                }
            }
            XCTAssertEqual(written.count, rendered.count, path)
            if let i = zip(written, rendered).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
                XCTFail("\(path): record \(i) differs:\n\(written[i])\(rendered[i])")
            }
            checked += 1
        }
        XCTAssertGreaterThan(checked, 30)
    }
}
