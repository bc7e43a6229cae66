import Foundation
import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator
import NibScriptInterpreter

/// `nibscript explore --shard I/N FILE` and `nibscript explore --merge A.json B.json …`.
///
/// A shard explores the subtrees of the search (the original run's children, numbered in
/// generation order) whose number is I-1 mod N, and prints every run's record as JSON: its
/// deviations, the nodes it passed (kind, position, stable state hash, warnings used,
/// options, decision point), whether it stopped at a node already explored, and its new
/// outcome's key. `--merge` checks that the files are the N shards of one script with the
/// same options, replays the whole search's bookkeeping over their records (see
/// `Explore.search`), renders the chosen paths by running those variants, and prints the
/// report one unsharded run prints, byte for byte.
extension Explore {
    package struct ShardSpec {
        var index: Int   // 0-based
        var count: Int

        /// `I/N` with 1 ≤ I ≤ N.
        package init?(_ text: String) {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(i) else { return nil }
            index = i - 1
            count = n
        }
    }

    package static func scriptDigest(_ file: SourceFile) -> String {
        var h = StableHash()
        for b in file.bytes { h.combine(Int(b)) }
        h.combine(file.bytes.count)
        return String(h.value, radix: 16)
    }

    /// One shard's JSON.
    package static func shard(_ program: Program, options: Options, shard: ShardSpec) -> String {
        let budget = program.config.isIOS ? options.warnings : 0
        var remaining = options.maxVariants
        var scenarios: [JSON] = []
        for s in program.scenarios {
            let search = search(program, s, budget: budget, options: options, shard: (shard.index, shard.count), remaining: &remaining)
            scenarios.append(.object([
                ("scenario", .string(s.title)),
                ("truncated", .bool(search.truncated)),
                ("records", .array(search.records.map(encode))),
            ]))
        }
        return JSON.object([
            ("command", .string("explore --shard")),
            ("file", .string(program.file.path)),
            ("script", .string(scriptDigest(program.file))),
            ("warnings", .int(options.warnings)),
            ("maxVariants", .int(options.maxVariants)),
            ("shard", .int(shard.index + 1)),
            ("shards", .int(shard.count)),
            ("scenarios", .array(scenarios)),
        ]).render()
    }

    /// A record as [deviations, nodes, stopped, outcome key or null, steps, warnings]; the
    /// lists are compact strings ("point.option,…" and "node.used.options.point,…", the node in hex).
    package static func encode(_ r: Record) -> JSON {
        let d = r.deviations.map { "\($0.point).\($0.option)" }.joined(separator: ",")
        let v = r.visited.map { "\(String($0.key.value, radix: 16)).\($0.used).\($0.options).\($0.point)" }
            .joined(separator: ",")
        return .array([.string(d), .string(v), .bool(r.prunedEarly), r.outcome.map { .string($0.key) } ?? .null,
                       .int(r.outcome?.steps ?? 0), .int(r.outcome?.warnings ?? 0)])
    }

    package static func decode(_ any: Any) -> Record? {
        guard let a = any as? [Any], a.count == 6, let d = a[0] as? String, let v = a[1] as? String,
              let stopped = a[2] as? Bool, let steps = a[4] as? Int, let warnings = a[5] as? Int else { return nil }
        var deviations: [Deviation] = []
        for part in d.split(separator: ",") {
            let xs = part.split(separator: ".")
            guard xs.count == 2, let p = Int32(xs[0]), let o = Int32(xs[1]) else { return nil }
            deviations.append(Deviation(point: p, option: o))
        }
        var visited: [(key: NodeKey, used: Int, options: Int, point: Int)] = []
        for part in v.split(separator: ",") {
            let xs = part.split(separator: ".")
            guard xs.count == 4, let h = UInt64(xs[0], radix: 16), let used = Int(xs[1]), let options = Int(xs[2]),
                  let point = Int(xs[3]) else { return nil }
            visited.append((NodeKey(value: h), used, options, point))
        }
        let outcome = (a[3] as? String).map { (key: $0, steps: steps, warnings: warnings) }
        return Record(deviations: deviations, visited: visited, prunedEarly: stopped, outcome: outcome)
    }
}
