import FileBytes
import Foundation
import NibScriptSyntax
import CocoaSimulator
import NibScriptInterpreter
import NibScriptExplore
import NibScriptReports
import NibAudit

/// Golden-file testing: every `*.nibscript` has its expected output beside it in
/// `*.out` (what `nibscript run` prints: diagnostics, then the report, then the exit status).
public enum GoldenTests {
    public struct Outcome {
        public var script: String
        public var passed: Bool
        public var diff: String
        /// In update mode: whether the golden was rewritten (it held something else).
        public var changed = false
    }

    /// The golden text for a script, run as `nibscript run <path>` from the repository root.
    /// A script whose first line is `# command: matrix`, `# command: run --format json` or
    /// `# command: explore --warnings 2`
    /// (options as on the command line) has that command's output as its golden instead.
    public static func output(forScript path: String, bytes: [UInt8],
                              errorLimit: Int = DiagnosticFormatter.defaultErrorLimit) -> String {
        let file = SourceFile(path: path, bytes: bytes)
        let r = command(of: bytes).map { runCommand($0, file, errorLimit: errorLimit) }
            ?? Driver.runSource(file, errorLimit: errorLimit)
        return r.stderr + r.stdout + "exit status \(r.status)\n"
    }

    static func command(of bytes: [UInt8]) -> [String]? {
        let first = String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        guard first.hasPrefix("# command:") else { return nil }
        return first.dropFirst("# command:".count).split(separator: " ").map(String.init)
    }

    static func runCommand(_ words: [String], _ file: SourceFile, errorLimit: Int) -> Driver.Result {
        let json = zip(words, words.dropFirst()).contains { $0 == ("--format", "json") }
        switch words.first {
        case "run"?:
            let out = StringOutput(), err = StringOutput()
            let status = Driver.runSource(file, quiet: words.contains("--quiet"), json: json, errorLimit: errorLimit,
                                          stdout: out, stderr: err)
            return Driver.Result(status: status, stdout: out.text, stderr: err.text)
        case "matrix"?:
            return Matrix.runSource(file, json: json, errorLimit: errorLimit)
        case "explore"?:
            var options = Explore.Options()
            if let k = zip(words, words.dropFirst()).first(where: { $0.0 == "--warnings" }).flatMap({ Int($0.1) }) { options.warnings = k }
            return Explore.runSource(file, options: options, json: json, errorLimit: errorLimit)
        case "audit"?, "import"?:
            // Paths after the command are relative to the script's folder; options pass through.
            let folder = (file.path as NSString).deletingLastPathComponent
            var args: [String] = []
            var k = 1
            while k < words.count {
                let w = words[k]
                if w.hasPrefix("-") { args.append(w); if k + 1 < words.count, ["--platform", "--memory", "--format", "--baseline"].contains(w) { args.append(words[k + 1]); k += 1 } }
                else { args.append(folder.isEmpty ? w : folder + "/" + w) }
                k += 1
            }
            return words[0] == "audit" ? Audit.command(args) : ImportCommand.command(args)
        default:
            return Driver.Result(status: 2, stdout: "", stderr: "error: unknown golden command '\(words.joined(separator: " "))'\n")
        }
    }

    /// A folder inside the current directory given by its absolute path is shown relative to
    /// it, as goldens hold the paths that a run from the repository root prints; others as given.
    static func displayed(_ dir: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        guard dir.hasPrefix("/"), cwd.hasPrefix("/") else { return dir }
        let base = cwd.hasSuffix("/") ? cwd : cwd + "/"
        return dir.hasPrefix(base) && dir.count > base.count ? String(dir.dropFirst(base.count)) : dir
    }

    /// Every `.nibscript` under `dir`, sorted, as paths that start with `dir`.
    public static func scripts(under dir: String) -> [String] {
        guard let e = FileManager.default.enumerator(atPath: dir) else { return [] }
        var out: [String] = []
        while let f = e.nextObject() as? String { if f.hasSuffix(".nibscript") { out.append(dir + "/" + f) } }
        return out.sorted()
    }

    /// The scripts `test` compares: every `.nibscript` under a folder, or the one script named
    /// (so a single golden can be checked or rewritten without touching its neighbours).
    static func selection(_ target: String) -> Result<[String], Driver.UsageError> {
        var isDirectory: ObjCBool = false
        if target.hasSuffix(".nibscript"), FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory),
           !isDirectory.boolValue {
            if let problem = CommandInput.fileProblem(target) { return .failure(Driver.UsageError(message: problem)) }
            return .success([target])
        }
        // A missing folder or another file is said as `audit` says it, not as "no scripts under".
        if let problem = CommandInput.directoryProblem(target) { return .failure(Driver.UsageError(message: problem)) }
        let found = scripts(under: target)
        if found.isEmpty { return .failure(Driver.UsageError(message: "no .nibscript files under '\(target)'")) }
        return .success(found)
    }

    /// Runs one golden comparison. `root` is the directory a relative `script` path is
    /// relative to (an absolute one is used as it is); `update` rewrites the golden instead.
    /// On a mismatch the actual output goes to `.out.actual`.
    public static func check(script: String, root: String, update: Bool,
                             errorLimit: Int = DiagnosticFormatter.defaultErrorLimit) -> Outcome {
        let full = script.hasPrefix("/") ? script : root + "/" + script
        let goldenPath = String(full.dropLast(".nibscript".count)) + ".out"
        let actualPath = goldenPath + ".actual"
        let bytes: [UInt8]
        switch Driver.readScript(full) {
        case .success(let b): bytes = b
        case .failure(let e): return Outcome(script: script, passed: false, diff: e.message + "\n")
        }
        let actual = output(forScript: script, bytes: bytes, errorLimit: errorLimit)
        if update {
            let changed: Bool
            do { changed = try GoldenFiles.write(Array(actual.utf8), toGolden: goldenPath) } catch {
                return Outcome(script: script, passed: false, diff: "error: \(error)\n")
            }
            try? FileManager.default.removeItem(atPath: actualPath)
            return Outcome(script: script, passed: true, diff: "", changed: changed)
        }
        guard let golden = FileBytes.contents(atPath: goldenPath) else {
            _ = ReplaceFile.write(Array(actual.utf8), to: actualPath)
            return Outcome(script: script, passed: false, diff: "no golden file \(script.dropLast(".nibscript".count)).out (the output is in .out.actual; run 'nibscript test --update' to accept it)\n")
        }
        // Bytes, not strings (issue 29): see `GoldenFiles.firstDifference`.
        guard let first = GoldenFiles.firstDifference(expected: golden, actual: Array(actual.utf8)) else {
            try? FileManager.default.removeItem(atPath: actualPath)
            return Outcome(script: script, passed: true, diff: "")
        }
        _ = ReplaceFile.write(Array(actual.utf8), to: actualPath)
        return Outcome(script: script, passed: false,
                       diff: first + UnifiedDiff.render(expected: String(decoding: golden, as: UTF8.self), actual: actual,
                                                        expectedName: String(script.dropLast(".nibscript".count)) + ".out",
                                                        actualName: "actual"))
    }

    static func command(_ args: [String], environment: [String: String]) -> Driver.Result {
        var update = false
        var errorLimit = DiagnosticFormatter.defaultErrorLimit
        var dirs: [String] = []
        var i = 0
        while i < args.count {
            let a = args[i]
            if let (limit, taken) = Driver.errorLimitOption(args, at: i) {
                switch limit {
                case .success(let n): errorLimit = n
                case .failure(let e): return Driver.usage(e.message)
                }
                i += taken
                continue
            }
            if a == "--update" { update = true }
            else if a.hasPrefix("-") { return Driver.usage("unknown option '\(a)' for 'test'") }
            else { dirs.append(a) }
            i += 1
        }
        // One folder: a second one was read as nothing at all before, and its goldens never compared.
        guard dirs.count <= 1 else { return Driver.usage("'test' takes one directory or one script (run it once per folder)") }
        if case .failure(let refusal) = GoldenFiles.mode(updateRequested: update, environment: environment) {
            return Driver.Result(status: 2, stdout: "", stderr: "error: \(refusal.message)\n")
        }
        let target = displayed(dirs.first.map { $0.count > 1 && $0.hasSuffix("/") ? String($0.dropLast()) : $0 } ?? "examples")
        let scripts: [String]
        switch selection(target) {
        case .success(let s): scripts = s
        case .failure(let problem): return CommandInput.failure(problem.message)
        }
        var out = "", failed = 0
        let line = ProgressLine.start("test", unit: "scripts")
        defer { line?.finish() }
        for (k, s) in scripts.enumerated() {
            // The golden's own matrix, explore or audit draws no line of its own inside this one.
            let o = ProgressLine.$sink.withValue(nil) { check(script: s, root: ".", update: update, errorLimit: errorLimit) }
            line?.update(done: k + 1, total: scripts.count)
            // In update mode only the goldens that changed say "updated": those are the ones to read.
            if o.passed { out += (o.changed ? "updated " : "ok      ") + s + "\n" } else {
                failed += 1
                out += "FAIL    " + s + "\n" + o.diff
            }
        }
        out += "\(scripts.count - failed) passed, \(failed) failed\n"
        return Driver.Result(status: failed > 0 ? 1 : 0, stdout: out, stderr: "")
    }
}

/// A unified diff with line numbers, from a longest-common-subsequence table.
package enum UnifiedDiff {
    static func render(expected: String, actual: String, expectedName: String, actualName: String, context: Int = 3) -> String {
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // lcs[i][j]: length of the LCS of a[i...] and b[j...].
        var lcs = Array(repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        enum Op { case same(Int, Int), del(Int), add(Int) }
        var ops: [Op] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] { ops.append(.same(i, j)); i += 1; j += 1 }
            // Deletions before additions, as unified diffs show a changed line.
            else if i < a.count, j == b.count || lcs[i + 1][j] >= lcs[i][j + 1] { ops.append(.del(i)); i += 1 }
            else { ops.append(.add(j)); j += 1 }
        }
        var out = "--- \(expectedName)\n+++ \(actualName)\n"
        var k = 0
        while k < ops.count {
            guard let start = ops[k...].firstIndex(where: { if case .same = $0 { return false }; return true }) else { break }
            var end = start
            // Extend the hunk while changes are within 2*context lines of each other.
            var scan = start
            while scan < ops.count {
                if case .same = ops[scan] {
                    let nextChange = ops[scan...].firstIndex(where: { if case .same = $0 { return false }; return true })
                    if let n = nextChange, n - scan <= 2 * context { scan = n; continue }
                    break
                }
                end = scan; scan += 1
            }
            let lo = max(k, start - context), hi = min(ops.count - 1, end + context)
            func lineNo(_ op: Op) -> (Int, Int) {
                switch op { case .same(let x, let y): return (x, y); case .del(let x): return (x, -1); case .add(let y): return (-1, y) }
            }
            let firstA = ops[lo...hi].lazy.map { lineNo($0).0 }.first { $0 >= 0 } ?? 0
            let firstB = ops[lo...hi].lazy.map { lineNo($0).1 }.first { $0 >= 0 } ?? 0
            out += "@@ expected line \(firstA + 1), actual line \(firstB + 1) @@\n"
            for op in ops[lo...hi] {
                switch op {
                case .same(let x, _): out += " " + a[x] + "\n"
                case .del(let x): out += "-" + a[x] + "\n"
                case .add(let y): out += "+" + b[y] + "\n"
                }
            }
            k = hi + 1
        }
        return out
    }
}
