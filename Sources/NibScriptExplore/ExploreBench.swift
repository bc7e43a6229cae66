import Dispatch
import Foundation
import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator
import NibScriptInterpreter

/// Variants per second on a generated script: `nibscript explore --bench [--size N]`.
/// The script pushes and pops N controllers with assign and retain outlets, so every gap
/// has something for a warning to unload. Timed once sequentially and once on all cores.
public enum ExploreBench {
    /// The pushes `--size` accepts: the generated script grows with it, and 99999999999 ran
    /// without end at 50 MB/s; 1000 is four times the largest search measured (240 pushes).
    package static let sizes = 1...1000

    /// What one exploration did, for the benchmark.
    public struct Figures {
        public var variants: Int
        public var states: Int
        public var pruned: Int
        public var findings: Int
        public var truncated: Bool
    }

    /// Explores the script at `source` as `nibscript explore` does (nil if it does not compile).
    public static func explore(path: String, source: String, warnings: Int, maxVariants: Int = 20_000, parallel: Bool) -> Figures? {
        let (program, _) = Compiler.compile(SourceFile(path: path, bytes: Array(source.utf8)))
        guard let program else { return nil }
        return explore(program, warnings: warnings, maxVariants: maxVariants, parallel: parallel)
    }

    /// Explores a compiled program: what the benchmark times, the compiling left out (at
    /// 60 pushes it is a tenth of the search, and on one core whatever the cores).
    public static func explore(_ program: Program, warnings: Int, maxVariants: Int = 20_000, parallel: Bool) -> Figures {
        var options = Explore.Options()
        options.warnings = warnings
        options.maxVariants = maxVariants
        options.parallel = parallel
        let r = Explore.explore(program, options: options)
        return Figures(variants: r.scenarios.reduce(0) { $0 + $1.variants }, states: r.scenarios.reduce(0) { $0 + $1.states },
                       pruned: r.scenarios.reduce(0) { $0 + $1.pruned }, findings: r.scenarios.reduce(0) { $0 + $1.findings.count },
                       truncated: r.scenarios.contains { $0.truncated })
    }

    /// The time two one-core searches take when run at once, each on a thread of its own.
    /// Twice the one-core time over it is what two cores give this work on this machine
    /// now: the most the all-cores search could reach (much less while something else runs).
    public static func twoAtOnce(_ program: Program, warnings: Int) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        DispatchQueue.concurrentPerform(iterations: 2) { _ in _ = explore(program, warnings: warnings, parallel: false) }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// A script of `blocks` `choose` blocks (issue 14's shape: about 160 bytes a block, each
    /// branch a push or a message), whose variants far outnumber any limit.
    public static func chooseScript(blocks: Int) -> String {
        var s = String(script(size: 0).dropLast(2))   // without the scenario's closing "}\n"
        for k in 0..<blocks {
            s += "    choose {\n        c\(k) = new A\n        push nav c\(k)\n        release c\(k)\n    } or {\n"
            s += "        send first.button setHidden:\n        send first.label setHidden:\n    }\n"
        }
        return s + "}\n"
    }

    /// The generated script of `size` pushes `explore --bench` measures.
    public static func script(size: Int) -> String {
        var s = """
        platform ios 5.1
        memory mrc

        class A : UIViewController {
            nib ANib
            option cleanup kvc
            outlet label : UILabel retain
            outlet button : UIButton assign
        }

        nib ANib {
            owner : A
            root : UIView {
                title : UILabel
                ok : UIButton
            }
            connect owner.view -> root
            connect owner.label -> title
            connect owner.button -> ok
        }

        scenario "bench" {
            nav = new UINavigationController
            first = new A
            push nav first
            release first
            show nav

        """
        for k in 0..<size {
            s += "    c\(k) = new A\n    push nav c\(k)\n    release c\(k)\n    send first.button setHidden:\n"
            if k % 3 == 2 { s += "    pop nav\n" }
        }
        s += "}\n"
        return s
    }

    package static func run(size: Int, warnings: Int) -> String {
        let file = SourceFile(path: "<bench>", bytes: Array(script(size: size).utf8))
        let (program, diagnostics) = Compiler.compile(file)
        guard let program else { return DiagnosticFormatter.format(diagnostics, in: file) }
        var out = "explore benchmark: generated script with \(size) pushes, up to \(warnings) warning\(warnings == 1 ? "" : "s"), \(ProcessInfo.processInfo.activeProcessorCount) cores\n"
        // One search takes hundredths of a second, so one timing is mostly noise: each line
        // is the median of five, the kinds alternating so all see the same machine.
        let rounds = 5
        let cores = ProcessInfo.processInfo.activeProcessorCount
        var seconds: [[Double]] = [[], []]
        var pairs: [Double] = []
        var results: [Explore.ScenarioResult] = []
        for _ in 0..<rounds {
            for (k, parallel) in [false, true].enumerated() {
                var options = Explore.Options()
                options.warnings = warnings
                options.parallel = parallel
                let start = DispatchTime.now().uptimeNanoseconds
                let r = Explore.explore(program, options: options)
                seconds[k].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
                if results.count < 2 { results.append(r.scenarios[0]) }
            }
            if cores >= 2 { pairs.append(twoAtOnce(program, warnings: warnings)) }
        }
        var counts: [Int] = []
        for (k, s) in results.enumerated() {
            let median = seconds[k].sorted()[rounds / 2]
            counts.append(s.variants)
            out += "  \(k == 1 ? "all cores " : "sequential"): \(s.variants) variants, \(s.states) states, \(s.pruned) pruned in "
                + String(format: "%.3f s: %.0f variants/s (median of %d)", median, Double(s.variants) / median, rounds) + "\n"
        }
        if results.count == 2 {
            out += String(format: "  all cores / sequential: %.2f ×\n", seconds[0].sorted()[rounds / 2] / seconds[1].sorted()[rounds / 2])
        }
        if !pairs.isEmpty {
            // The reference for the ratio: what two cores give two searches that share nothing.
            let one = seconds[0].sorted()[rounds / 2], all = seconds[1].sorted()[rounds / 2]
            let given = 2 * one / pairs.sorted()[rounds / 2]
            out += String(format: "  two sequential searches at once: %.2f × one (what two cores give now, median of %d)\n", given, rounds)
            // Steadier than either ratio on a shared machine, where both move with its load.
            out += String(format: "  all cores reach %.2f of what two cores give now\n", one / all / given)
        }
        if counts[0] != counts[1] { out += "  MISMATCH: the two searches disagree\n" }
        return out
    }
}
