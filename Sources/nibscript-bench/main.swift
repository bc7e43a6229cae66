// nibscript-bench: every speed figure of nibscript, with its target, in one table.
//
// Run it in release mode (debug numbers are meaningless):
//
//     swift run -c release nibscript-bench            # the full table, a few minutes
//     swift run -c release nibscript-bench --quick    # small sizes, seconds
//
// It makes its own inputs. End-to-end figures run in child processes of this executable
// (`--child`), so each peak memory figure is that run's own. Nothing here asserts on time.
import Foundation
import NibScriptBenchmarks

let usage = """
    usage: nibscript-bench [--quick] [--runs N]   (run with: swift run -c release nibscript-bench)
           nibscript-bench --audit [N...]   (only the audit of generated projects of N nibs, default 200: one core, then all cores)
           nibscript-bench --generate WORKLOAD SIZE DIR   (writes one input, for profiling by hand)
           nibscript-bench --engine loop|alloc|slot|list|autorelease|weak|leaks   (one engine workload once, for callgrind)
    workloads: \((ScriptWorkload.allCases.map(\.rawValue) + IssueShape.allCases.map(\.rawValue) + ["audit-project", "audit-bigfile"]).joined(separator: ", "))
    """
var options = Benchmark.Options(executable: CommandLine.arguments[0])
var args = CommandLine.arguments.dropFirst()
while let a = args.popFirst() {
    switch a {
    case "--child":
        guard let w = args.popFirst(), let path = args.popFirst(), let line = Benchmark.child(workload: w, path: path) else {
            FileHandle.standardError.write("nibscript-bench: bad --child arguments\n".data(using: .utf8)!); exit(2)
        }
        print(line)
        exit(0)
    case "--generate":
        // Writes one workload's input (for profiling it by hand) and prints the script's path.
        let name = args.popFirst() ?? ""
        if name == "audit-project", let n = args.popFirst().flatMap(Int.init), let dir = args.popFirst() {
            // A generated project's folder (AuditProject.swift), for `--child audit-project DIR`.
            let path = dir + "/audit-project-\(n)"
            guard (try? AuditProject.write(to: path, controllers: n)) != nil else { exit(2) }
            print(path)
            exit(0)
        }
        if name == "audit-bigfile", let n = args.popFirst().flatMap(Int.init), let dir = args.popFirst() {
            // One nib beside a generated source file of N methods, for `--child audit-project DIR`.
            let path = dir + "/audit-bigfile-\(n)"
            guard (try? AuditProject.writeBigFile(to: path, methods: n)) != nil else { exit(2) }
            print(path)
            exit(0)
        }
        guard let n = args.popFirst().flatMap(Int.init), let dir = args.popFirst(),
              let path = try? (ScriptWorkload(rawValue: name).map { try $0.prepare(size: n, in: dir) }
                               ?? IssueShape(rawValue: name).map { try $0.prepare(size: n, in: dir) }) else {
            FileHandle.standardError.write("usage: nibscript-bench --generate WORKLOAD SIZE DIR\n".data(using: .utf8)!); exit(2)
        }
        print(path)
        exit(0)
    case "--engine":
        // One engine workload, once (for callgrind): `loop`, `alloc`, `slot`, `list`, `autorelease`, `weak`, `leaks`.
        guard let name = args.popFirst(), let line = Benchmark.engineWorkload(named: name) else {
            FileHandle.standardError.write("usage: nibscript-bench --engine loop|alloc|slot|list|autorelease|weak|leaks\n".data(using: .utf8)!); exit(2)
        }
        print(line)
        exit(0)
    case "--audit":
        // Only the audit figures (issues 13 and 27): generated projects of N nibs and N
        // classes, on one core in a process each, then the largest on all cores.
        var sizes: [Int] = []
        while let n = args.first.flatMap(Int.init) { sizes.append(n); args.removeFirst() }
        print(Benchmark.audit(sizes: sizes.isEmpty ? [200] : sizes, options: options), terminator: "")
        exit(0)
    case "--quick":
        options.quick = true
    case "--runs":
        guard let v = args.popFirst().flatMap(Int.init), v > 0 else {
            FileHandle.standardError.write((usage + "\n").data(using: .utf8)!); exit(2)
        }
        options.runs = v
    case "-h", "--help":
        print(usage); exit(0)
    default:
        FileHandle.standardError.write("nibscript-bench: unknown argument '\(a)'\n\(usage)\n".data(using: .utf8)!); exit(2)
    }
}

#if DEBUG
print("warning: debug build; run `swift run -c release nibscript-bench` for meaningful numbers\n")
#endif
var system = utsname()
uname(&system)
let machine = withUnsafeBytes(of: &system.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
print("nibscript-bench: \(ProcessInfo.processInfo.activeProcessorCount) cores, \(machine); best of \(options.quick ? 1 : options.runs) processes per end-to-end figure (by processor time), of \(options.runs) runs per engine loop")
print(Benchmark.run(options), terminator: "")
