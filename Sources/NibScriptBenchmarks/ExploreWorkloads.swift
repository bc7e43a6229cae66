import Foundation
import NibScript
import NibScriptSyntax

/// The figures of `explore` (issue 9 and issue 14, item 2): variants per second at 60 and
/// 240 pushes on one core and on all cores, `--warnings 3` on each example under
/// examples/explore, and the peak memory of 20,000 variants of a script of 200 `choose`
/// blocks (in a process of its own, so the peak is its own).
enum ExploreFigures {
    static let chooseWorkload = "explore-choose"

    /// `--child explore-choose PATH`: explores the script at PATH up to 20,000 variants.
    static func child(workload: String, path: String, maxVariants: Int = 20_000) -> String? {
        guard workload == chooseWorkload, let data = FileManager.default.contents(atPath: path) else { return nil }
        let start = clock.now
        let f = ExploreBench.explore(path: path, source: String(decoding: data, as: UTF8.self), warnings: 1,
                                     maxVariants: maxVariants, parallel: true)
        var m = Measurement(seconds: nanoseconds(clock.now - start) / 1e9, events: f?.variants ?? 0, bytes: data.count)
        m.peakKB = peakResidentKB()
        return m.line
    }

    static func add(to table: inout Table, options: Benchmark.Options, dir: String) {
        table.section("explore: generated script of N pushes, 1 warning (variants)")
        let sizes = options.quick ? [8, 16] : [60, 240]
        // A search of 60 pushes takes a few hundredths of a second: one timing is mostly
        // noise. Each figure is the median of several rounds, one core and all cores
        // alternating, so both see the same machine.
        let rounds = options.quick ? 1 : 5
        var perVariant: [Int: Double] = [:]
        var oneCore: [Int: Double] = [:]
        var timings: [Int: (variants: Int, one: [Double], all: [Double])] = [:]
        // Two one-core searches at once: what two cores give this work now, the reference
        // for the all-cores ratio on a shared machine.
        var pairs: [Int: [Double]] = [:]
        let cores = ProcessInfo.processInfo.activeProcessorCount
        for n in sizes {
            // Compiled once, outside the timing, as `explore --bench` does.
            let file = SourceFile(path: "<bench>", bytes: Array(ExploreBench.script(size: n).utf8))
            guard let program = Compiler.compile(file).0 else { continue }
            for _ in 0..<rounds {
                for parallel in [false, true] {
                    let start = clock.now
                    let f = ExploreBench.explore(program, warnings: 1, parallel: parallel)
                    let seconds = nanoseconds(clock.now - start) / 1e9
                    var t = timings[n] ?? (f.variants, [], [])
                    if parallel { t.all.append(seconds) } else { t.one.append(seconds) }
                    timings[n] = t
                }
                if cores >= 2 { pairs[n, default: []].append(ExploreBench.twoAtOnce(program, warnings: 1)) }
            }
        }
        func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }
        for parallel in [false, true] {
            for n in sizes {
                guard let t = timings[n], !t.one.isEmpty, !t.all.isEmpty else {
                    table.note("explore \(n): does not compile"); continue
                }
                let seconds = median(parallel ? t.all : t.one)
                let rate = Double(t.variants) / seconds
                var target = "", met: Bool?, note = String(format: "%.0f variants/s, %.0f µs each", rate, 1e6 / rate)
                if rounds > 1 { note += ", median of \(rounds)" }
                if !parallel {
                    perVariant[n] = seconds / Double(t.variants)
                    oneCore[n] = rate
                    if n == sizes[0] { target = "≥ 20,000 variants/s"; met = options.quick ? nil : rate >= 20_000 }
                    if n == sizes[1], let a = perVariant[sizes[0]], let b = perVariant[n] {
                        target = "≤ 2 × per variant at \(sizes[0])"; met = options.quick ? nil : b <= 2 * a
                        note += String(format: ", %.1f × the cost at %d", b / a, sizes[0])
                    }
                } else if let one = oneCore[n] {
                    target = "≥ 1.7 × one core (idle machine)"; met = nil
                    note += String(format: ", %.2f × one core", rate / one)
                    if let p = pairs[n], !p.isEmpty {
                        let given = 2 * median(t.one) / median(p)
                        note += String(format: " (two one-core searches at once: %.2f ×; %.2f of it)", given, rate / one / given)
                    }
                }
                table.row(parallel ? "all cores" : "one core", size: n, Measurement(seconds: seconds, events: t.variants, bytes: 0),
                          rate: .none, target: target, met: met, note: note)
            }
        }

        table.section("explore --warnings 3 on each example under examples/explore (variants)")
        let examples = (try? FileManager.default.contentsOfDirectory(atPath: "examples/explore"))?.filter { $0.hasSuffix(".nibscript") }.sorted() ?? []
        if examples.isEmpty { table.note("examples/explore not found: run from the package root") }
        for name in examples {
            let path = "examples/explore/" + name
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            let start = clock.now
            guard let f = ExploreBench.explore(path: path, source: String(decoding: data, as: UTF8.self), warnings: 3, parallel: true) else { continue }
            let seconds = nanoseconds(clock.now - start) / 1e9
            table.row(String(name.dropLast(".nibscript".count)), size: f.variants, Measurement(seconds: seconds, events: f.variants, bytes: 0), rate: .none,
                      target: "< 1 s", met: seconds < 1, note: "")
        }

        table.section("explore: 200 choose blocks, 1 warning, up to 20,000 variants (peak memory; quick: 20 blocks, 300)")
        let blocks = options.quick ? 20 : 200
        let path = dir + "/explore-choose-\(blocks).nibscript"
        try? ExploreBench.chooseScript(blocks: blocks).write(toFile: path, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let m: Measurement?
        if let exe = options.executable, !options.quick {
            m = NativeLoop.shell(exe, ["--child", chooseWorkload, path]).flatMap { Measurement(line: $0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        } else {
            m = child(workload: chooseWorkload, path: path, maxVariants: options.quick ? 300 : 20_000).flatMap { Measurement(line: $0) }
        }
        guard let m else { return table.note("explore-choose: failed to run") }
        table.row("", size: m.events, m, rate: .none, target: "< 200 MB", met: options.quick ? nil : m.peakKB.map { $0 < 200 * 1024 },
                  note: "\(grouped(m.bytes)) bytes of script")
    }
}
