import FileBytes
import Foundation
import XCTest

/// How every golden-style test compares its output with a golden file (issue 29): through
/// `GoldenFiles`, the policy `nibscript test` follows too. Goldens are compared as bytes;
/// with `NIBSCRIPT_UPDATE_GOLDENS=1` they are rewritten instead, and the test then does not
/// pass: it fails naming the goldens it changed (read them before running again), or, when
/// nothing changed, it is skipped, saying that nothing was compared. On CI update mode is
/// refused: the test fails at once.
struct GoldenCheck {
    let mode: GoldenFiles.Mode
    private(set) var differences: [String] = []
    private(set) var rewritten: [String] = []

    /// Fails the test when update mode is asked for on CI, and then compares all the same.
    init(environment: [String: String] = ProcessInfo.processInfo.environment,
         file: StaticString = #filePath, line: UInt = #line) {
        switch GoldenFiles.testMode(environment: environment) {
        case .success(let m): mode = m
        case .failure(let refusal):
            XCTFail("\(GoldenFiles.updateVariable)=1: \(refusal.message); comparing instead", file: file, line: line)
            mode = .compare
        }
    }

    /// Compares `actual` with the golden at `path` (or rewrites it). `name` is how a
    /// difference names it.
    mutating func check(_ actual: [UInt8], golden path: String, name: String) {
        switch mode {
        case .update:
            do {
                if try GoldenFiles.write(actual, toGolden: path) { rewritten.append(name) }
            } catch {
                differences.append("\(name): \(error)")
            }
        case .compare:
            guard let golden = FileBytes.contents(atPath: path) else {
                differences.append("\(name): no golden file at \(path)")
                return
            }
            if let d = GoldenFiles.firstDifference(expected: golden, actual: actual) { differences.append("\(name): \(d)") }
        }
    }

    mutating func check(_ actual: String, golden path: String, name: String) {
        check(Array(actual.utf8), golden: path, name: name)
    }

    enum Verdict: Equatable {
        case fail(String)
        case skip(String)
    }

    /// What the test must record besides a pass, if anything: every difference fails; in
    /// update mode a rewrite fails and no rewrite skips, so update mode never passes.
    var verdict: [Verdict] {
        var out: [Verdict] = []
        if !differences.isEmpty {
            out.append(.fail("\(differences.count) golden file(s) differ:\n" + differences.joined(separator: "\n")))
        }
        guard mode == .update else { return out }
        if !rewritten.isEmpty {
            out.append(.fail("update mode (\(GoldenFiles.updateVariable)=1) rewrote \(rewritten.count) golden file(s), "
                             + "nothing was compared: read them (git diff), then run again without it:\n  "
                             + rewritten.joined(separator: "\n  ")))
        } else if out.isEmpty {
            out.append(.skip("update mode (\(GoldenFiles.updateVariable)=1): every golden already matched; nothing was compared"))
        }
        return out
    }

    /// Records the verdict in the running test.
    func finish(file: StaticString = #filePath, line: UInt = #line) throws {
        for v in verdict {
            switch v {
            case .fail(let why): XCTFail(why, file: file, line: line)
            case .skip(let why): throw XCTSkip(why, file: file, line: line)
            }
        }
    }
}
