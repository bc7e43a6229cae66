import Foundation
import XCTest
@testable import NibScript
@testable import CocoaSimulator
@testable import NibScriptInterpreter
@testable import NibScriptExplore
@testable import NibScriptReports
@testable import NibAudit
@testable import NibScriptCommandLine

/// The README, the guided tour of the examples and `--help` keep up with the tool.
final class DocumentationTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func read(_ path: String) throws -> String {
        try String(contentsOfFile: Self.root.appendingPathComponent(path).path, encoding: .utf8)
    }

    /// Every option the README's command table mentions is in `--help`, and so is every subcommand.
    func testHelpListsEveryOptionOfTheCommandTable() throws {
        let readme = try read("README.md")
        let table = readme.components(separatedBy: "\n").filter { $0.hasPrefix("| `nibscript ") }
        XCTAssertGreaterThan(table.count, 5)
        let help = Driver.main(["--help"]).stdout
        let optionRE = try NSRegularExpression(pattern: #"(?<![\w-])--[a-z][a-z-]*"#)
        var options: Set<String> = []
        for row in table {
            for m in optionRE.matches(in: row, range: NSRange(row.startIndex..., in: row)) {
                options.insert((row as NSString).substring(with: m.range))
            }
            let command = row.dropFirst("| `nibscript ".count).prefix { $0 != " " && $0 != "`" }
            if !command.hasPrefix("-") { XCTAssert(help.contains("  \(command) "), "--help does not list '\(command)'") }
        }
        for required in ["--bench", "--config", "--at", "--scenario", "--format", "--quiet"] {
            XCTAssert(options.contains(required), "the command table does not mention \(required)")
        }
        for o in options.sorted() {
            XCTAssert(help.range(of: #"(?<![\w-])"# + o + #"(?![\w-])"#, options: .regularExpression) != nil,
                      "--help does not list \(o), which the README's command table mentions")
        }
    }

    /// The README's sample script is the file its first command runs, word for word.
    func testTheReadmeSampleIsTheFileItsFirstCommandRuns() throws {
        let readme = try read("README.md")
        let command = try XCTUnwrap(readme.range(of: #"swift run nibscript run (\S+\.nibscript)"#, options: .regularExpression))
        let path = String(readme[command].split(separator: " ").last!)
        let file = try read(path)
        // The first fenced block that holds a scenario.
        let fence = try NSRegularExpression(pattern: "```[a-z]*\n(.*?)```", options: .dotMatchesLineSeparators)
        let blocks = fence.matches(in: readme, range: NSRange(readme.startIndex..., in: readme))
            .map { (readme as NSString).substring(with: $0.range(at: 1)) }
        let sample = try XCTUnwrap(blocks.first { $0.contains("scenario \"") })
        XCTAssertEqual(sample, file, "the README's sample differs from \(path)")
    }

    /// The tour links every example exactly once, and nothing that is not there.
    func testTheTourListsEveryExample() throws {
        let tour = try read("examples/README.md")
        let linkRE = try NSRegularExpression(pattern: #"\]\(([\w/.-]+\.nibscript)\)"#)
        let linked = linkRE.matches(in: tour, range: NSRange(tour.startIndex..., in: tour))
            .map { (tour as NSString).substring(with: $0.range(at: 1)) }
        let examples = Self.root.appendingPathComponent("examples").path
        let all = (FileManager.default.enumerator(atPath: examples)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".nibscript") }
        XCTAssertEqual(linked.count, Set(linked).count, "an example is linked twice")
        XCTAssertEqual(Set(linked).subtracting(all).sorted(), [], "linked but missing")
        XCTAssertEqual(Set(all).subtracting(linked).sorted(), [], "examples the tour leaves out")
        XCTAssert(try read("README.md").contains("(examples/README.md)"), "the README links the tour")
    }
}
