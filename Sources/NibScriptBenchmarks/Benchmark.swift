import Foundation
import NibScript

/// The whole benchmark: every figure of the speed work, at several sizes, with its target,
/// printed as one table. Each end-to-end figure runs in a process of its own (the executable
/// re-runs itself with `--child`), so its peak memory is its own; the native reference runs
/// in the same session, so the engine's ratio to it holds on a shared, noisy machine.
public enum Benchmark {
    public struct Options {
        /// Small sizes, in process, no native loop: for the test that keeps the bench from rotting.
        public var quick = false
        /// Runs of each engine workload and each end-to-end figure (the best counts).
        public var runs = 3
        /// This executable, to run end-to-end figures in child processes; nil runs them in process.
        public var executable: String?
        public init(quick: Bool = false, runs: Int = 3, executable: String? = nil) {
            self.quick = quick; self.runs = runs; self.executable = executable
        }
    }

    /// The `--child WORKLOAD PATH` mode: runs one workload and prints its measurement line.
    public static func child(workload: String, path: String) -> String? {
        if let line = ExploreFigures.child(workload: workload, path: path) { return line }   // explore (ExploreWorkloads.swift)
        if let line = IssueFigures.child(workload: workload, path: path) { return line }     // issue 27's shapes (IssueShapes.swift)
        if let line = AuditFigures.child(workload: workload, path: path) { return line }     // the audit at scale (AuditFigures.swift)
        guard let w = ScriptWorkload(rawValue: workload) else { return nil }
        var m = w.run(path: path)
        m.peakKB = peakResidentKB()
        return m.line
    }

    public static func run(_ options: Options) -> String {
        var table = Table()
        let dir = NSTemporaryDirectory() + "nibscript-bench-\(getpid())"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }

        // The engine against the native runtime, in the same run.
        let loopEvents = options.quick ? 100_000 : 10_000_000
        let engineBest = (0..<options.runs).map { _ in nanoseconds(engineLoop(loopEvents)) }.min()! / 1e9
        let engine = Measurement(seconds: engineBest, events: loopEvents, bytes: 0)
        var native: Measurement?
        var nativeWhy = "skipped in the quick run"
        if !options.quick {
            let built = NativeLoop.build(in: dir)
            nativeWhy = built.why
            if let path = built.path {
                native = (0..<options.runs).compactMap { _ in NativeLoop.run(path, events: loopEvents) }.min { $0.seconds < $1.seconds }
                if native == nil { nativeWhy = "skipped: native-loop failed to run" }
            }
        }
        let ratio = native.map { (Double(engine.events) / engine.seconds) / (Double($0.events) / $0.seconds) }
        table.section("The engine's API against a native Objective-C loop (retain, release, retain, autorelease, drain)")
        table.row("engine API loop", size: loopEvents, engine, rate: .events,
                  target: "≥ 0.5 × native", met: ratio.map { $0 >= 0.5 },
                  note: ratio.map { String(format: "%.2f × native", $0) } ?? nativeWhy)
        if let native { table.row("native loop (GNUstep)", size: loopEvents, native, rate: .events, target: "reference", met: nil, note: "") }
        else { table.note("native loop: " + nativeWhy) }

        // End to end.
        let s4 = options.quick ? [100, 1_000] : [10_000, 100_000, 1_000_000]
        let figures: [(ScriptWorkload, String, [Int], (Measurement, Int) -> (String, Bool?))] = [
            (.runQuiet, "run --quiet, counting script (statements)", s4, { m, n in
                let rate = Double(m.events) / m.seconds
                guard n >= 1_000_000 else { return ("", nil) }
                return ("≥ 5 M events/s, ≤ 150 MB", rate >= 5e6 && (m.peakKB.map { $0 <= 150 * 1024 } ?? true))
            }),
            (.runTrace, "run, full trace to /dev/null (statements)", s4, { m, n in
                guard n >= 1_000_000 else { return ("", nil) }
                return ("≥ 1 M events/s", Double(m.events) / m.seconds >= 1e6)
            }),
            (.runJSON, "run --format json, JSON Lines to /dev/null (statements; issue 27)", s4, { m, n in
                guard n >= 1_000_000 else { return ("", nil) }
                return ("≥ 1 M events/s", Double(m.events) / m.seconds >= 1e6)
            }),
            (.compile, "lex + parse + check (statements)", options.quick ? s4 : s4 + [4_000_000], { m, n in
                guard n >= 1_000_000 else { return ("", nil) }
                return ("≥ 100 MB/s", Double(m.bytes) / m.seconds >= 100e6)
            }),
            (.nibBlock, "nib block (objects)", s4, { m, n in
                guard n >= 1_000_000 else { return ("", nil) }
                return ("< 2 s, < 500 MB", m.seconds < 2 && (m.peakKB.map { $0 < 500 * 1024 } ?? true))
            }),
            (.xib, ".xib (objects)", s4, { m, n in
                guard n == 100_000 else { return ("", nil) }
                return ("< 1 s", m.seconds < 1)
            }),
            (.chain, "chain released at once, --quiet (objects)", s4, { m, n in
                guard n >= 1_000_000 else { return ("", nil) }
                return ("< 2 s, < 500 MB", m.seconds < 2 && (m.peakKB.map { $0 < 500 * 1024 } ?? true))
            }),
            (.deepTrace, "full trace of a cascade (depth)", options.quick ? s4 : [1_000, 10_000, 100_000], { _, _ in
                ("linear in events", nil)
            }),
            (.report, "report -o, a nib of N views (objects; issue 27)", options.quick ? s4 : [1_000, 10_000, 100_000], { m, n in
                guard n >= 100_000 else { return ("", nil) }
                return ("< 3 s, < 300 MB, page < 30 MB", m.seconds < 3 && (m.peakKB.map { $0 < 300 * 1024 } ?? true) && m.bytes < 30 << 20)
            }),
            (.graph, "graph --format svg, a nib of N views (objects; issue 27)", options.quick ? s4 : [1_000, 10_000, 100_000], { _, _ in
                ("", nil)
            }),
        ]
        for (workload, title, sizes, target) in figures {
            table.section(title)
            var previous: Measurement?
            var previousBytesPerEvent: Double?
            for n in sizes {
                guard let m = measure(workload, size: n, in: dir, options: options) else {
                    table.note("\(workload.rawValue) \(n): failed to run"); continue
                }
                var (goal, met) = target(m, n)
                var note = ""
                if let p = previous, n == sizesStep(p, n, sizes) {
                    let growth = m.seconds / max(p.seconds, 1e-9)
                    note = String(format: "×%.1f time for ×10 work", growth)
                    // Judged on processor time where there is one: on a shared machine the
                    // wall time of one run grows with whatever else runs beside it.
                    var judged = growth
                    if let cpu = m.cpuSeconds, let previousCPU = p.cpuSeconds, previousCPU > 0 {
                        judged = cpu / previousCPU
                        note += String(format: " (×%.1f processor time)", judged)
                    }
                    if goal.isEmpty { goal = "≤ ×11 per ×10" }
                    if met == nil, m.seconds > 0.05 { met = judged <= 11 }
                }
                if workload == .report || workload == .graph { note += (note.isEmpty ? "" : "; ") + "\(grouped(m.bytes)) bytes written" }
                if workload == .deepTrace, m.events > 0 {
                    let perEvent = Double(m.bytes) / Double(m.events)
                    note = String(format: "%@ bytes, %.1f per event", grouped(m.bytes), perEvent)
                    if let p = previousBytesPerEvent { met = perEvent <= p * 1.1 }
                    previousBytesPerEvent = perEvent
                }
                let rate: Table.Rate = workload == .compile ? .megabytes : (workload == .runQuiet || workload == .runTrace || workload == .runJSON ? .events : .none)
                table.row("", size: n, m, rate: rate, target: goal, met: met, note: note)
                previous = m
            }
        }

        // The shapes of issue 27 (IssueShapes.swift).
        IssueFigures.add(to: &table, options: options, dir: dir)

        // explore: variants/s at 60 and 240 pushes, the examples at --warnings 3, peak memory (ExploreWorkloads.swift).
        ExploreFigures.add(to: &table, options: options, dir: dir)

        // The audit on one core at 20, 200 and 2,000 nibs (AuditFigures.swift), then on all cores.
        AuditFigures.add(to: &table, options: options, dir: dir)
        AuditFigures.addBigFile(to: &table, options: options, dir: dir)
        if !options.quick {
            table.section("nibscript audit (issue 13): a generated project on all cores, see AuditProject.swift")
            table.note(AuditProject.measure(controllers: 200).line)
        }

        if !options.quick {
            table.section("Engine operations (events off)")
            for (name, ops, body) in engineOperations() {
                let best = (0..<options.runs).map { _ in nanoseconds(body()) }.min()! / 1e9
                table.row(name, size: ops, Measurement(seconds: best, events: ops, bytes: 0), rate: .operations, target: "", met: nil, note: "")
            }
        }
        return table.render()
    }

    /// The previous size, if sizes go up ten times a step.
    private static func sizesStep(_ previous: Measurement, _ n: Int, _ sizes: [Int]) -> Int {
        guard let k = sizes.firstIndex(of: n), k > 0, sizes[k - 1] * 10 == n else { return -1 }
        return n
    }

    private static func measure(_ w: ScriptWorkload, size: Int, in dir: String, options: Options) -> Measurement? {
        guard let path = try? w.prepare(size: size, in: dir) else { return nil }
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard let exe = options.executable else { return w.run(path: path) }
        // The best of `runs` processes, by processor time (else wall time): one run of a
        // second or more on a shared machine varies by a third, enough to decide whether
        // ten times the work took more than eleven times the time.
        let runs = options.quick ? 1 : options.runs
        let measured = (0..<runs).compactMap { _ in
            NativeLoop.shell(exe, ["--child", w.rawValue, path]).flatMap { Measurement(line: $0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        return measured.min { ($0.cpuSeconds ?? $0.seconds) < ($1.cpuSeconds ?? $1.seconds) }
    }

    /// The `--engine NAME` mode: runs one engine workload once (`loop`, 10 M events, or an
    /// operation of the engine table by its first word: `alloc`, `slot`, `list`,
    /// `autorelease`, `weak`, `leaks`) and prints its time. For callgrind, whose instruction
    /// counts are the figure here: a whole bench run under it would take hours.
    public static func engineWorkload(named name: String) -> String? {
        if name == "loop" { return "loop \(nanoseconds(engineLoop(10_000_000)) / 1e9) s" }
        let keys = ["alloc", "slot", "list", "autorelease", "weak", "leaks"]
        guard let k = keys.firstIndex(of: name) else { return nil }
        let (title, _, body) = engineOperations()[k]
        return "\(title) \(nanoseconds(body()) / 1e9) s"
    }

    private static func engineOperations() -> [(String, Int, () -> Duration)] {
        [
            ("alloc+retain+release+dealloc", million, { independentLifecycles(million) }),
            ("cascade: retain-slot chain", million, { slotChainCascade(million) }),
            ("cascade: owned-list chain", million, { listChainCascade(million) }),
            ("autorelease, then drain", million, { autoreleaseAndDrain(million) }),
            ("weak store, 100k targets × 10", million, { weakReferences(100_000).store }),
            ("leaks() over reachable objects", million, { leakSearch(million) }),
        ]
    }
}

/// The printed table.
struct Table {
    enum Rate { case events, operations, megabytes, none }
    private var lines: [String] = []

    mutating func section(_ title: String) { lines.append(""); lines.append(title) }
    mutating func note(_ text: String) { lines.append("    " + text) }

    mutating func row(_ name: String, size: Int, _ m: Measurement, rate: Rate, target: String, met: Bool?, note: String) {
        let perSecond: String
        switch rate {
        case .events: perSecond = String(format: "%.2f M events/s", Double(m.events) / m.seconds / 1e6)
        case .operations: perSecond = String(format: "%.1f ns/op", m.seconds * 1e9 / Double(max(1, m.events)))
        case .megabytes: perSecond = String(format: "%.0f MB/s", Double(m.bytes) / m.seconds / 1e6)
        case .none: perSecond = ""
        }
        let peak = m.peakKB.map { String(format: "%.0f MB", Double($0) / 1024) } ?? ""
        let verdict = met.map { $0 ? "ok" : "MISSED" } ?? ""
        let cells = [pad(name.isEmpty ? "" : name, 24), pad(grouped(size), 11, right: true), pad(String(format: "%.3f s", m.seconds), 10, right: true),
                     pad(perSecond, 17, right: true), pad(peak, 8, right: true), "  " + pad(target, 26), pad(verdict, 7), note]
        lines.append("    " + cells.joined(separator: " ").trimmingTrailingSpaces())
    }

    func render() -> String {
        let head = "    " + [pad("figure", 24), pad("size", 11, right: true), pad("time", 10, right: true), pad("rate", 17, right: true),
                             pad("peak", 8, right: true), "  " + pad("target", 26), pad("verdict", 7), "note"].joined(separator: " ")
        return ([head] + lines).joined(separator: "\n") + "\n"
    }

    private func pad(_ s: String, _ w: Int, right: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, w - s.count))
        return right ? fill + s : s + fill
    }
}

private extension String {
    func trimmingTrailingSpaces() -> String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
