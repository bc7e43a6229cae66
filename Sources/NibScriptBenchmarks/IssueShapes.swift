import Foundation
import NibScript
import NibScriptSyntax

/// The input shapes of issue 27: the figures the speed issue reached held for the benchmark's
/// own inputs, not for other shapes of the same size. Each shape is generated at any size, so
/// the bench can show its growth per ×10 beside its target; the compile work measures the
/// first two as well (`IssueShapes.b1LoopScript`, `IssueShapes.crashingScript`).
public enum IssueShape: String, CaseIterable {
    /// b1's loop written as a script (size: statements), `run --quiet`.
    case b1Loop = "b1-loop"
    /// A script of rotating statements whose scenario crashes at its third statement (size:
    /// bytes of script): the rest is only lexed, parsed and checked. `run --quiet`.
    case crashing = "crash-early"
    /// One nib of views ten to a parent, each view's assign outlet `peer` on the view before
    /// it (size: views). Load, drain, release the owner; `run --quiet`.
    case peerNib = "peer-nib"
    /// `new` + `release` rounds on fresh objects (size: rounds), `run --quiet`: the memory a
    /// dead object keeps (issue 27, item 4).
    case newRelease = "new-release"

    /// Writes the shape's script for `size` into `dir`; returns its path.
    public func prepare(size: Int, in dir: String) throws -> String {
        let path = dir + "/\(rawValue)-\(size).nibscript"
        let text: String
        switch self {
        case .b1Loop: text = IssueShapes.b1LoopScript(statements: size)
        case .crashing: text = IssueShapes.crashingScript(bytes: size)
        case .peerNib: text = IssueShapes.peerNibScript(views: size)
        case .newRelease: text = IssueShapes.newReleaseScript(rounds: size)
        }
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    /// Runs the script at `path` as `nibscript run --quiet` does, from reading the file on.
    public func run(path: String) -> Measurement {
        let start = clock.now
        let startCPU = processCPUSeconds()
        guard let bytes = SourceFile.readBytes(atPath: path) else {
            check(false, "cannot read \(path)"); return Measurement(seconds: 0, events: 0, bytes: 0)
        }
        let file = SourceFile(path: path, bytes: bytes)
        var (program, diagnostics) = Compiler.compile(file, nibTables: true)
        check(program != nil, "\(path) compiles: \(diagnostics.first.map { "\($0)" } ?? "")")
        program = program!.withoutNibSyntax()
        let counter = CountingOutput()
        let reports = Runner.run(program!, quiet: true, to: VisibleOutput(counter))
        program!.keepUntilExit()  // as `run` does: the process ends after it
        let seconds = nanoseconds(clock.now - start) / 1e9
        let cpu = processCPUSeconds() - startCPU
        if self == .crashing {
            check(reports.count == 1 && reports[0].crash != nil, "\(path): the scenario crashes")
        } else {
            check(reports.allSatisfy { $0.failed == 0 && $0.crash == nil }, "\(path): every expectation holds")
        }
        return Measurement(seconds: seconds, events: reports.reduce(0) { $0 + $1.events }, bytes: bytes.count, cpuSeconds: cpu)
    }
}

/// The generators of the issue's shapes.
public enum IssueShapes {
    /// b1's loop as a script: rounds of `a = new Node`, `b = new Node`, `a.child = b`,
    /// `release b`, `retain a`, `autorelease a`, `release a` (seven statements), with a
    /// `drain` every 1,000 rounds; `Node`'s retain property `child` is released in its
    /// dealloc. 143,000 rounds are 1.0 M statements and 1.43 M events.
    public static func b1LoopScript(statements: Int) -> String {
        let rounds = max(1, statements / 7)
        var s = """
        platform ios 5.1
        memory mrc
        class Node : NSObject {
            property child : Node retain
            dealloc {
                release child
                super
            }
        }
        scenario "b1's loop" {

        """
        s.reserveCapacity(rounds * 110 + 300)
        for k in 1...rounds {
            s += "    a = new Node\n    b = new Node\n    a.child = b\n    release b\n    retain a\n    autorelease a\n    release a\n"
            if k % 1_000 == 0 { s += "    drain\n" }
        }
        s += "    drain\n    expect deallocated a\n    expect deallocated b\n}\n"
        return s
    }

    /// About `bytes` bytes of rotating assignments, setters, ivar writes, retain, release,
    /// autorelease, sends, nested `autoreleasepool` blocks, comments and `expect nil` lines,
    /// in one scenario that over-releases at its third statement: the run stops there, so
    /// the rest of the file is only lexed, parsed and checked.
    public static func crashingScript(bytes: Int) -> String {
        var s = """
        platform ios 5.1
        memory mrc
        # A script that crashes at its third statement (issue 27): what follows is only compiled.
        class Item : NSObject {
            property next : Item retain
            property peer : Item assign
            ivar store : NSObject
            touch {
                send next description
            }
            dealloc {
                self.next = nil
                super
            }
        }
        scenario "crashes at its third statement" {
            x0 = new Item
            release x0
            release x0                          # an over-release: the run stops here

        """
        s.reserveCapacity(bytes + 1_000)
        // The other names of the rotation, made (never run) before any statement reads them.
        for i in 1..<10 { s += "    x\(i) = new Item\n" }
        var k = 0
        while s.utf8.count < bytes {
            // Ten names in rotation, so each round reads names made two rounds before.
            let a = "x\(k % 10)", b = "x\((k + 3) % 10)", c = "x\((k + 7) % 10)"
            switch k % 8 {
            case 0: s += "    \(a) = new Item                     # round \(k)\n    \(b) = \(a)\n"
            case 1: s += "    \(a).next = \(b)\n    \(c).peer = \(a)\n"
            case 2: s += "    \(a)->store = \(b)\n    retain \(a)\n    release \(a)\n"
            case 3: s += "    autorelease \(b)\n    send \(a) touch\n    send \(b) description\n"
            case 4: s += "    autoreleasepool {\n        \(c) = new Item autoreleased\n        autoreleasepool {\n            \(a).next = \(c)\n            retain \(c)\n        }\n    }\n"
            case 5: s += "    # a comment between statements, as scripts have them\n    \(b) = new Item\n"
            case 6: s += "    expect nil \(c).peer\n    \(c) = nil\n"
            default: s += "    \(a).next = nil\n    release \(b)\n"
            }
            k += 1
        }
        s += "}\n"
        return s
    }

    /// One nib of `views` `Cell` views nested ten to a parent, breadth first (1,111,111 views
    /// is the full tree of depth 6), written depth first; each view's assign outlet `peer`
    /// is connected to the view written before it, File's Owner's retain outlet `root` to the
    /// root. The scenario loads the nib, drains and releases the owner: the whole tree goes.
    public static func peerNibScript(views: Int) -> String {
        let n = max(2, views)
        var children = [[Int]](repeating: [], count: n + 1)
        for i in 2...n { children[(i - 2) / 10 + 1].append(i) }
        var s = """
        platform ios 5.1
        memory mrc
        class Owner : NSObject {
            outlet root : UIView retain
            dealloc {
                self.root = nil
                super
            }
        }
        class Cell : UIView {
            outlet peer : UIView assign
        }
        nib Tree {
            owner : Owner

        """
        s.reserveCapacity(n * 50 + 500)
        var order: [Int] = []
        order.reserveCapacity(n)
        var stack: [(node: Int, depth: Int, closing: Bool)] = [(1, 1, false)]
        while let (node, depth, closing) = stack.popLast() {
            let indent = String(repeating: "    ", count: depth)
            if closing { s += indent + "}\n"; continue }
            order.append(node)
            if children[node].isEmpty {
                s += indent + "v\(node) : Cell\n"
            } else {
                s += indent + "v\(node) : Cell {\n"
                stack.append((node, depth, true))
                for c in children[node].reversed() { stack.append((c, depth + 1, false)) }
            }
        }
        s += "    connect owner.root -> v1\n"
        for k in 1..<order.count { s += "    connect v\(order[k]).peer -> v\(order[k - 1])\n" }
        s += """
        }
        scenario "load a tree with peers" {
            o = new Owner
            load nib Tree owner o
            drain
            expect alive v1
            release o
            expect deallocated v1
            expect deallocated v\(n)
        }

        """
        return s
    }

    /// `rounds` rounds of `x = new NSObject`, `release x`: every object dies at once, so the
    /// run's memory is what dead objects keep.
    public static func newReleaseScript(rounds: Int) -> String {
        var s = "platform ios 5.1\nmemory mrc\nscenario \"new and release\" {\n"
        s.reserveCapacity(rounds * 34 + 200)
        for _ in 0..<max(1, rounds) { s += "    x = new NSObject\n    release x\n" }
        s += "    expect deallocated x\n    expect no leaks\n}\n"
        return s
    }
}

/// The issue's shapes in the bench's table, each at three sizes ten times apart.
enum IssueFigures {
    /// `--child SHAPE PATH`: runs one shape and prints its measurement line.
    static func child(workload: String, path: String) -> String? {
        guard let shape = IssueShape(rawValue: workload) else { return nil }
        var m = shape.run(path: path)
        m.peakKB = peakResidentKB()
        return m.line
    }

    static func add(to table: inout Table, options: Benchmark.Options, dir: String) {
        let q = options.quick
        let figures: [(IssueShape, String, [Int], (Measurement, Int) -> (String, Bool?), Table.Rate)] = [
            (.b1Loop, "issue 27: b1's loop as a script, run --quiet (statements)", q ? [700, 7_000] : [10_000, 100_000, 1_001_000], { m, n in
                guard n >= 1_000_000 else { return ("", nil) }
                return ("≥ 5 M events/s, ≤ 150 MB", Double(m.events) / m.seconds >= 5e6 && (m.peakKB.map { $0 <= 150 * 1024 } ?? true))
            }, .events),
            (.crashing, "issue 27: rotating script crashing at its third statement, run --quiet (bytes)", q ? [50_000, 500_000] : [500_000, 5_000_000, 50_000_000], { m, n in
                guard n >= 50_000_000 else { return ("", nil) }
                return ("≥ 100 MB/s, ≤ 3 bytes/byte", Double(m.bytes) / m.seconds >= 100e6 && (m.peakKB.map { $0 * 1024 <= 3 * n } ?? true))
            }, .megabytes),
            (.peerNib, "issue 27: one nib, fan-out 10, assign peer outlets; load, drain, release (views)", q ? [1_111, 11_111] : [11_111, 111_111, 1_111_111], { m, n in
                guard n >= 1_000_000 else { return ("", nil) }
                return ("< 2 s, < 500 MB", m.seconds < 2 && (m.peakKB.map { $0 < 500 * 1024 } ?? true))
            }, .none),
            (.newRelease, "issue 27: new + release rounds, run --quiet (rounds)", q ? [1_000, 10_000] : [10_000, 100_000, 1_000_000], { m, n in
                guard n >= 1_000_000 else { return ("", nil) }
                return ("< 100 MB", m.peakKB.map { $0 < 100 * 1024 })
            }, .events),
        ]
        for (shape, title, sizes, target, rate) in figures {
            table.section(title)
            var previous: (n: Int, m: Measurement)?
            for n in sizes {
                guard let m = measure(shape, size: n, in: dir, options: options) else {
                    table.note("\(shape.rawValue) \(n): failed to run"); continue
                }
                var (goal, met) = target(m, n)
                var note = ""
                if let p = previous, Double(n) / Double(p.n) > 9, Double(n) / Double(p.n) < 11 {
                    // Judged on processor time where there is one, as the other figures are.
                    let judged = (m.cpuSeconds ?? m.seconds) / max(p.m.cpuSeconds ?? p.m.seconds, 1e-9)
                    note = String(format: "×%.1f processor time for ×10 work", judged)
                    if goal.isEmpty { goal = "≤ ×11 per ×10" }
                    if met == nil, m.seconds > 0.05 { met = judged <= 11 }
                }
                table.row("", size: n, m, rate: rate, target: goal, met: q ? nil : met, note: note)
                previous = (n, m)
            }
        }
    }

    private static func measure(_ shape: IssueShape, size: Int, in dir: String, options: Benchmark.Options) -> Measurement? {
        guard let path = try? shape.prepare(size: size, in: dir) else { return nil }
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard let exe = options.executable else { return shape.run(path: path) }
        let runs = options.quick ? 1 : options.runs
        let measured = (0..<runs).compactMap { _ in
            NativeLoop.shell(exe, ["--child", shape.rawValue, path]).flatMap { Measurement(line: $0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        return measured.min { ($0.cpuSeconds ?? $0.seconds) < ($1.cpuSeconds ?? $1.seconds) }
    }
}
