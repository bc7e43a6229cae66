import FileBytes
import Foundation
import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator
import NibScriptInterpreter
import NibScriptExplore
import NibScriptReports

extension Explore {
    /// `nibscript explore [--warnings K] [--format text|json] [--sequential] [--shard I/N] FILE`,
    /// `nibscript explore --merge [--format text|json] SHARD.json…`, and
    /// `nibscript explore --bench [--size N]`.
    package static func command(_ args: [String]) -> Driver.Result {
        var format = "text"
        var options = Options()
        var files: [String] = []
        var errorLimit = DiagnosticFormatter.defaultErrorLimit
        var bench = false
        var size = 60
        var shard: ShardSpec?
        var merging = false
        var i = 0
        func value(_ name: String) -> String? {
            guard i + 1 < args.count else { return nil }
            i += 1
            return args[i]
        }
        while i < args.count {
            let a = args[i]
            switch a {
            case "--format":
                guard let v = value(a), ["text", "json"].contains(v) else { return Driver.usage("'--format' takes 'text' or 'json'") }
                format = v
            case "--warnings", "-k":
                guard let v = value(a), let n = Int(v), (0...8).contains(n) else { return Driver.usage("'--warnings' takes a number from 0 to 8") }
                options.warnings = n
            case "--max-variants":
                guard let v = value(a), let n = Int(v), n > 0 else { return Driver.usage("'--max-variants' takes a positive number") }
                options.maxVariants = n
            case "--sequential": options.parallel = false
            case "--shard":
                guard let v = value(a), let spec = ShardSpec(v) else { return Driver.usage("'--shard' takes I/N, with 1 ≤ I ≤ N") }
                shard = spec
            case "--merge": merging = true
            case "--bench": bench = true
            case "--size":
                guard let v = value(a), let n = Int(v), ExploreBench.sizes.contains(n) else {
                    return Driver.usage("'--size' takes a number from \(ExploreBench.sizes.lowerBound) to \(ExploreBench.sizes.upperBound)")
                }
                size = n
            case "-h", "--help": return Driver.Result(status: 0, stdout: SubcommandHelp.text("explore") ?? Driver.help, stderr: "")
            default:
                if let (limit, taken) = Driver.errorLimitOption(args, at: i) {
                    switch limit {
                    case .success(let n): errorLimit = n
                    case .failure(let e): return Driver.usage(e.message)
                    }
                    i += taken - 1
                    break
                }
                if a.hasPrefix("-") { return Driver.usage("unknown option '\(a)' for 'explore'") }
                files.append(a)
            }
            i += 1
        }
        if bench { return Driver.Result(status: 0, stdout: ExploreBench.run(size: size, warnings: options.warnings), stderr: "") }
        if merging {
            guard !files.isEmpty, shard == nil else { return Driver.usage("'--merge' takes the JSON files the shards wrote") }
            return merge(files, json: format == "json")
        }
        guard files.count == 1, let path = files.first else { return Driver.usage("'explore' takes one script") }
        switch Driver.readScript(path) {
        case .success(let bytes):
            return runSource(SourceFile(path: path, bytes: bytes), options: options, json: format == "json",
                             errorLimit: errorLimit, shard: shard)
        case .failure(let e):
            return Driver.Result(status: 2, stdout: "", stderr: "error: \(e.message)\n")
        }
    }

    /// Compiles a script, then explores every scenario (or, with `shard`, its part of them).
    package static func runSource(_ file: SourceFile, options: Options, json: Bool,
                          errorLimit: Int = DiagnosticFormatter.defaultErrorLimit, shard: ShardSpec? = nil) -> Driver.Result {
        let (program, diagnostics) = Compiler.compile(file)
        let err = DiagnosticFormatter.format(diagnostics, in: file, errorLimit: errorLimit)
        guard let program else {
            let n = diagnostics.filter { $0.severity == .error }.count
            return Driver.Result(status: 2, stdout: "", stderr: err + "\(n) error\(n == 1 ? "" : "s") in \(file.path)\n")
        }
        if let shard { return Driver.Result(status: 0, stdout: Explore.shard(program, options: options, shard: shard), stderr: err) }
        let line = ProgressLine.start("explore", unit: "scenarios")
        let r = explore(program, options: options, progress: line.map { l in { l.update(done: $0, total: $1) } })
        line?.finish()
        let out = json ? ExploreReport.json(r, requested: options.warnings) : ExploreReport.text(r, requested: options.warnings)
        return Driver.Result(status: r.status, stdout: out, stderr: err)
    }
}

extension Explore {
    /// `--merge`: the report of one unsharded run, from the shards' JSON files.
    package static func merge(_ paths: [String], json: Bool) -> Driver.Result {
        func fail(_ message: String) -> Driver.Result { Driver.Result(status: 2, stdout: "", stderr: "error: " + message + "\n") }
        var shards: [[String: Any]] = []
        for p in paths {
            guard let data = FileBytes.contents(atPath: p).map({ Data($0) }) else { return fail("cannot read '\(p)'") }
            guard let o = try? JSONSerialization.jsonObject(with: data) as? [String: Any], o["command"] as? String == "explore --shard" else {
                return fail("'\(p)' is not the output of 'nibscript explore --shard'")
            }
            shards.append(o)
        }
        guard let first = shards.first, let path = first["file"] as? String, let n = first["shards"] as? Int,
              let warnings = first["warnings"] as? Int, let maxVariants = first["maxVariants"] as? Int else {
            return fail("'--merge' takes the JSON files of every shard")
        }
        for key in ["file", "script", "warnings", "maxVariants", "shards"] {
            for (s, p) in zip(shards, paths) where !(s[key].map { "\($0)" } == first[key].map { "\($0)" }) {
                return fail("'\(p)' is a shard of another exploration (its \(key) differs from '\(paths[0])')")
            }
        }
        let indices = shards.compactMap { $0["shard"] as? Int }.sorted()
        guard indices == Array(1...n) else {
            return fail("'--merge' needs each of the \(n) shards once; it was given shard\(indices.count == 1 ? "" : "s") "
                        + indices.map(String.init).joined(separator: ", "))
        }
        guard let data = FileBytes.contents(atPath: path).map({ Data($0) }) else { return fail("cannot read the script '\(path)'") }
        let file = SourceFile(path: path, bytes: [UInt8](data))
        guard scriptDigest(file) == first["script"] as? String else { return fail("'\(path)' has changed since it was explored") }
        let (program, diagnostics) = Compiler.compile(file)
        guard let program else { return fail("'\(path)' does not compile:\n" + DiagnosticFormatter.format(diagnostics, in: file)) }
        let budget = program.config.isIOS ? warnings : 0
        var remaining = maxVariants
        var scenarios: [ScenarioResult] = []
        for (k, s) in program.scenarios.enumerated() {
            var records: [[Deviation]: Record] = [:]
            for (shard, p) in zip(shards, paths) {
                guard let list = shard["scenarios"] as? [[String: Any]], k < list.count, list[k]["scenario"] as? String == s.title,
                      let rs = list[k]["records"] as? [Any] else { return fail("'\(p)' does not match the scenarios of '\(path)'") }
                for any in rs {
                    guard let r = decode(any) else { return fail("'\(p)' has a malformed record") }
                    records[r.deviations] = r
                }
            }
            guard let search = replaySearch(records, remaining: &remaining) else {
                return fail("the shards did not run every variant of scenario \"\(s.title)\" (a shard stopped at --max-variants): "
                            + "explore with a higher limit")
            }
            scenarios.append(search.result(program: program, scenario: s, budget: budget))
        }
        let r = Result(path: path, config: program.config, warnings: budget, scenarios: scenarios)
        let out = json ? ExploreReport.json(r, requested: warnings) : ExploreReport.text(r, requested: warnings)
        return Driver.Result(status: r.status, stdout: out, stderr: "")
    }
}
